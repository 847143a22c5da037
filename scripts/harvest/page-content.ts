// What the harvest's checks need of a page's records, read once where the page is parsed (page-reader.ts): their
// number, their keys, their election years and the first value too long, and the records themselves only when they
// are asked for. A page parsed on the page reader's thread sends this back instead of its thousand records.
import { recordKey, type DatasetDefinition, type RawRecord } from '../datasets/dataset-definition.ts';
import { scanJsonText } from './exact-json.ts';
import { findLongField, type LimitBreach } from './harvest-limits.ts';
import { parsePage, type PageFailure, type PageShape } from './page-parser.ts';

/** The parts of a dataset's definition a page is read with: plain data, so it can be sent to another thread. */
export type PageDataset = Pick<DatasetDefinition, 'id' | 'upstreamFields' | 'keyFields' | 'yearField'>;

export function pageDatasetOf(dataset: PageDataset): PageDataset {
  const { id, upstreamFields, keyFields, yearField } = dataset;
  return { id, upstreamFields, keyFields, yearField };
}

export interface PageContent {
  /** Records on the page. */
  size: number;
  /** Each record's key (recordKey), in page order. */
  keys: string[];
  /** The page's distinct election-year values, as the year limit counts them, in the order they first appear. */
  years: string[];
  /** The first field name or value longer than KPU_MAX_FIELD_CHARS (findLongField), or null. */
  longField: LimitBreach | null;
  /** The records, when they were asked for; null otherwise (the page's text holds them). */
  records: RawRecord[] | null;
}

/** A year value as the year limit counts it: a string as it is, anything else as JSON. */
function yearText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/**
 * What the checks need of `records`, the page at `offset`. Example: two turnout records of 2014 with keys k1, k2 →
 * { size: 2, keys: [k1, k2], years: ['2014'], longField: null, records: keep ? records : null }.
 */
export function describeRecords(
  dataset: PageDataset,
  offset: number,
  records: RawRecord[],
  maxFieldChars: number,
  keep: boolean,
): PageContent {
  const keys = new Array<string>(records.length);
  const years = new Set<string>();
  for (let index = 0; index < records.length; index += 1) {
    const record = records[index] as RawRecord;
    keys[index] = recordKey(dataset, record);
    years.add(yearText(record[dataset.yearField]));
  }
  return {
    size: records.length,
    keys,
    years: [...years],
    longField: findLongField(dataset, offset, records, maxFieldChars),
    records: keep ? records : null,
  };
}

/** The limits a page is read within. */
export interface PageReadLimits {
  maxJsonDepth: number;
  maxFieldChars: number;
}

/**
 * A page's text read: too deep (the offset of the first bracket past KPU_MAX_JSON_DEPTH), not a page (parsePage's
 * reason), or a page with its shape, its `count` and its content.
 */
export type PageRead =
  | { ok: false; reason: 'too-deep'; tooDeepAt: number }
  | { ok: false; reason: PageFailure; detail: string }
  | { ok: true; shape: PageShape; count: number | null; content: PageContent };

/**
 * Reads one page's text: its nesting measured before anything walks it (3,000 levels overflowed the stack), then
 * parsed (parsePage) and described (describeRecords). `keep`: the records are wanted whole.
 */
export function readPageText(
  text: string,
  dataset: PageDataset,
  offset: number,
  limits: PageReadLimits,
  keep: boolean,
): PageRead {
  const scan = scanJsonText(text, limits.maxJsonDepth);
  if (scan.tooDeepAt !== null) return { ok: false, reason: 'too-deep', tooDeepAt: scan.tooDeepAt };
  const parsed = parsePage(text, dataset, offset, scan);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    shape: parsed.shape,
    count: parsed.count,
    content: describeRecords(dataset, offset, parsed.records, limits.maxFieldChars, keep),
  };
}
