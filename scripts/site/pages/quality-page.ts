// The data quality page: its model (what the view shows, computed from the site data in one language) and its
// texts in each language (LANGS).
import type { Lang } from '../../languages.ts';
import type { QualityViolation } from '../../check/quality-check.ts';
import { dapilPagesDataset, findDataset, type DatasetId } from '../../datasets/datasets.ts';
import type { SiteData } from '../site-data.ts';
import { describeViolation } from '../site-sentences.ts';
import { isUrlIdentifier, type PageRef } from '../site-routes.ts';
import { sourceFieldTitle } from '../quality-notes.ts';

/**
 * The page of a quality violation's record, from its raw key (year, and the upstream field of the dataset's page
 * key), with the label of the link; null when the record has no page.
 */
export function violationPage(
  site: SiteData,
  datasetId: DatasetId,
  violation: QualityViolation,
): { page: PageRef; label: string } | null {
  const dataset = findDataset(datasetId);
  const year = Number(violation.year);
  if (dataset === undefined || !site.manifest.years.includes(year)) return null;
  const field = dataset.columns.find((column) => column.name === dataset.roles.pageKey)?.source ?? '';
  const id = violation.key[field];
  const trimmed = typeof id === 'string' ? id.trim() : null;
  if (!isUrlIdentifier(trimmed)) return null;
  if (dataset.id === dapilPagesDataset().id) {
    if (!site.dapils.some((view) => view.year === year && view.dapilId === trimmed)) return null;
    return { page: { kind: 'dapil', year, dapilId: trimmed }, label: `${year}/${trimmed}` };
  }
  if (!site.profiles.some((view) => view.dataset === dataset.id && view.year === year && view.id === trimmed))
    return null;
  return { page: { kind: 'profile', dataset: dataset.id, year, id: trimmed }, label: `${year}/${trimmed}` };
}

/** A violation of the quality report said in the page's language (describeViolation), for the quality page's list. */
export function violationFinding(lang: Lang, dataset: DatasetId, violation: QualityViolation): string {
  return describeViolation(lang, violation, sourceFieldTitle(dataset, lang));
}

export interface QualityText {
  title: string;
  intro: string;
  summary: (checked: string, flagged: string, violations: string) => string;
  perYear: string;
  year: string;
  checked: string;
  flaggedRecords: string;
  violations: string;
  rules: string;
  list: string;
  none: string;
  position: string;
  key: string;
  message: string;
  record: string;
  /**
   * `shown` on the page of `total`, of which the downloaded report lists `listed` in full, at most `limit` (the
   * number as written in the page's language) of each rule.
   */
  shown: (shown: number, total: number, listed: number, limit: string) => string;
  fullReport: string;
  yearless: (count: number) => string;
}

const id: QualityText = {
  title: 'Laporan kualitas data',
  intro:
    'Setiap rekaman diperiksa terhadap aturan kualitas datasetnya. Rekaman yang melanggar aturan tetap diterbitkan sebagaimana diberikan sumber, dengan kode aturan di kolom quality_flags. Posisi adalah urutan rekaman dalam hasil pengambilan, dihitung dari 0.',
  summary: (checked, flagged, violations) =>
    `${checked} rekaman diperiksa, ${flagged} ditandai, ${violations} pelanggaran aturan.`,
  perYear: 'Ringkasan per tahun',
  year: 'Tahun',
  checked: 'Rekaman diperiksa',
  flaggedRecords: 'Rekaman ditandai',
  violations: 'Pelanggaran',
  rules: 'Pelanggaran per aturan',
  list: 'Daftar pelanggaran',
  none: 'Tidak ada pelanggaran.',
  position: 'Posisi',
  key: 'Kunci',
  message: 'Pesan',
  record: 'Halaman',
  shown: (shown, total, listed, limit) =>
    listed === total
      ? `${shown} pelanggaran pertama dari ${total} ditampilkan; laporan lengkap ada di berkas unduhan.`
      : `${shown} pelanggaran pertama dari ${total} ditampilkan; laporan di berkas unduhan merinci ${listed} di antaranya (paling banyak ${limit} per aturan), dan aturan yang dilanggar setiap rekaman ada di kolom quality_flags berkas datanya.`,
  fullReport: 'Laporan lengkap',
  yearless: (count) =>
    `${count} rekaman dengan tahun pemilu yang tidak terbaca atau bukan empat angka hanya ada di berkas semua tahun.`,
};

const en: QualityText = {
  title: 'Data quality report',
  intro:
    "Every record is checked against its dataset's quality rules. Records that break a rule are published as the source gave them, with the rule ids in the quality_flags column. Position is the record's place in the retrieved order, counted from 0.",
  summary: (checked, flagged, violations) =>
    `${checked} records checked, ${flagged} flagged, ${violations} broken rules.`,
  perYear: 'Summary per year',
  year: 'Year',
  checked: 'Records checked',
  flaggedRecords: 'Records flagged',
  violations: 'Violations',
  rules: 'Violations per rule',
  list: 'Violations',
  none: 'No violations.',
  position: 'Position',
  key: 'Key',
  message: 'Message',
  record: 'Page',
  shown: (shown, total, listed, limit) =>
    listed === total
      ? `The first ${shown} of ${total} violations are shown; the full report is in the downloads.`
      : `The first ${shown} of ${total} violations are shown; the report in the downloads details ${listed} of them (at most ${limit} of each rule), and every record's broken rules are in the quality_flags column of its data file.`,
  fullReport: 'Full report',
  yearless: (count) =>
    `${count} record${count === 1 ? '' : 's'} whose election year is unreadable or not four digits ${count === 1 ? 'is' : 'are'} in the all-years files only.`,
};

export const QUALITY_TEXT: Record<Lang, QualityText> = { id, en };
