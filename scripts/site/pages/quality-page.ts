// The data quality page: its texts in each language (LANGS).
import type { Lang } from '../../languages.ts';

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
