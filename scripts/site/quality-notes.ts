// The quality notes under a page's records: each broken rule explained, with the values the source gave.
import type { QualityViolation } from '../check/quality-check.ts';
import { datasetById, type DatasetId } from '../datasets/datasets.ts';
import { flagsOf, ruleOf, violationsOf, type SiteData, type SiteRecord } from './site-data.ts';
import { describeViolation } from './site-sentences.ts';
import type { Lang } from './site-routes.ts';

interface QualityNoteItem {
  ruleId: string;
  title: string;
  description: string;
  message: string;
  /** What is wrong, said in the page's language from the recorded values (describeViolation); empty without them. */
  finding: string;
  values: string;
}

export interface QualityNote {
  anchor: string;
  label: string;
  items: QualityNoteItem[];
}

/** `Field = "value"` per entry: JSON shows strings quoted, so spaces and empty values stay visible. */
export function formatValues(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([field, value]) => `${field} = ${JSON.stringify(value) ?? 'undefined'}`)
    .join('; ');
}

export function noteAnchor(record: SiteRecord): string {
  return `q${record.position}`;
}

/** The quality notes of a record: every broken rule with its title and explanation in the page's language. */
export function qualityNote(site: SiteData, lang: Lang, record: SiteRecord, label: string): QualityNote | null {
  const flags = flagsOf(record);
  if (flags.length === 0) return null;
  const violations = violationsOf(site, record);
  const items = flags.map((ruleId): QualityNoteItem => {
    const rule = ruleOf(site.quality, record.dataset, ruleId);
    const violation: QualityViolation | undefined = violations.find((candidate) => candidate.ruleId === ruleId);
    return {
      ruleId,
      title: rule?.title[lang] ?? ruleId,
      description: rule?.description[lang] ?? '',
      message: violation?.message ?? '',
      finding: violation ? describeViolation(lang, violation, sourceFieldTitle(record.dataset, lang)) : '',
      values: violation ? formatValues(violation.values) : '',
    };
  });
  return { anchor: noteAnchor(record), label, items };
}

/** The source field's column title in a dataset's declaration, for saying a violation in words. */
export function sourceFieldTitle(dataset: DatasetId, lang: Lang): (field: string) => string | null {
  const columns = datasetById(dataset).columns;
  return (field) => columns.find((column) => column.source === field)?.title[lang] ?? null;
}
