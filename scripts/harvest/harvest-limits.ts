// The bounds on what a harvest accepts from the upstream (docs/upstream.md, "Limits"): value length, records,
// election years and bytes kept, checked on each page as it arrives, before it is written. The answer's own
// bounds (bytes, nesting) are checked where it is read (upstream-client.ts).
import type { HarvestLimits } from '../config.ts';
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import { BuildError, type ErrorCode } from '../errors.ts';

/** A breach of a limit: which code, and the sentence that says where. */
export interface LimitBreach {
  code: ErrorCode;
  detail: string;
}

/** The most characters JSON gives a number, a boolean or null: "-1.2345678901234567e-308" is 24. */
const SHORT_SCALAR_CHARS = 24;

/** A value's length in characters: a string's own, anything else's as JSON (depth is bounded before this runs). */
function valueChars(value: unknown): number {
  return typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
}

/**
 * The first field name or value longer than `maxChars` on a page. Example, max 100: a NamaPartai of 101 characters
 * in the second record of the page at offset 20 → "parties: the record at offset 21 has a NamaPartai of 101
 * characters, more than the 100 allowed …". Only a documented field is named: an unknown name is the upstream's
 * text, which may hold anything (even an echoed key, cut where the redactor would miss it).
 */
export function findLongField(
  dataset: Pick<DatasetDefinition, 'id' | 'upstreamFields'>,
  offset: number,
  records: readonly RawRecord[],
  maxChars: number,
): LimitBreach | null {
  // Per record and field, on every page: a loop over own keys, and JSON only for a value that could be long (a
  // number, boolean or null prints in at most SHORT_SCALAR_CHARS), keeps this off the harvest's profile.
  const scalarsFit = maxChars >= SHORT_SCALAR_CHARS;
  for (let index = 0; index < records.length; index += 1) {
    const record = records[index] as RawRecord;
    for (const field in record) {
      if (!Object.hasOwn(record, field)) continue;
      const value = record[field];
      const longName = field.length > maxChars;
      if (!longName) {
        if (typeof value === 'string') {
          if (value.length <= maxChars) continue;
        } else if (scalarsFit && (value === null || typeof value === 'number' || typeof value === 'boolean')) {
          continue;
        }
      }
      const chars = longName ? field.length : valueChars(value);
      if (chars <= maxChars) continue;
      const name = dataset.upstreamFields.includes(field)
        ? field
        : `field not in the dataset's definition (its name ${field.length} characters long)`;
      const what = longName ? `a field name of ${chars} characters` : `a ${name} of ${chars} characters`;
      return {
        code: 'UPSTREAM_FIELD_TOO_LONG',
        detail: `${dataset.id}: the record at offset ${offset + index} has ${what}, more than the ${maxChars} allowed (KPU_MAX_FIELD_CHARS).`,
      };
    }
  }
  return null;
}

/** A page as the harvester has it, before it is written: what its records hold (page-content.ts), and its size. */
interface PageForLimits {
  offset: number;
  url: string;
  content: { size: number; years: readonly string[]; longField: LimitBreach | null };
  /** Bytes the page's body takes in the cache. */
  bytes: number;
}

export interface HarvestLimitTracker {
  /** The first limit this page breaks, counting every page seen before it; null when it is within all of them. */
  review(dataset: Pick<DatasetDefinition, 'id' | 'yearField'>, page: PageForLimits): LimitBreach | null;
  /** review(), throwing the breach as a BuildError: the harvest stops before the page is written. */
  checkPage(dataset: Pick<DatasetDefinition, 'id' | 'yearField'>, page: PageForLimits): void;
}

/** Counts one harvest attempt's pages against the limits: records and years per dataset, bytes over both. */
export function createHarvestLimitTracker(limits: HarvestLimits): HarvestLimitTracker {
  const records = new Map<string, number>();
  const years = new Map<string, Set<string>>();
  let bytes = 0;
  const review: HarvestLimitTracker['review'] = (dataset, page) => {
    // Found where the page was read (describeRecords), against the same limit.
    if (page.content.longField) return page.content.longField;
    const total = (records.get(dataset.id) ?? 0) + page.content.size;
    records.set(dataset.id, total);
    if (total > limits.maxRecords) {
      return {
        code: 'HARVEST_TOO_MANY_RECORDS',
        detail: `${dataset.id}: ${total} records by the page at offset ${page.offset}, more than the ${limits.maxRecords} allowed (KPU_MAX_RECORDS): ${page.url}`,
      };
    }
    let seen = years.get(dataset.id);
    if (!seen) years.set(dataset.id, (seen = new Set()));
    // The page's distinct years in the order its records first hold them: the set grows as it would record by record.
    for (const year of page.content.years) {
      seen.add(year);
      if (seen.size > limits.maxYears) {
        return {
          code: 'HARVEST_TOO_MANY_YEARS',
          detail: `${dataset.id}: ${seen.size} distinct ${dataset.yearField} values by the page at offset ${page.offset}, more than the ${limits.maxYears} allowed (KPU_MAX_YEARS): ${page.url}`,
        };
      }
    }
    bytes += page.bytes;
    if (bytes > limits.maxHarvestBytes) {
      return {
        code: 'HARVEST_TOO_LARGE',
        detail: `${bytes} bytes of pages by ${dataset.id}'s page at offset ${page.offset}, more than the ${limits.maxHarvestBytes} allowed (KPU_MAX_HARVEST_BYTES): ${page.url}`,
      };
    }
    return null;
  };
  return {
    review,
    checkPage(dataset, page) {
      const breach = review(dataset, page);
      if (breach) throw new BuildError(breach.code, breach.detail);
    },
  };
}

/** The breach of an answer whose nesting passes the limit at character `tooDeepAt`. */
export function depthBreach(url: string, tooDeepAt: number, maxDepth: number): LimitBreach {
  return {
    code: 'UPSTREAM_TOO_DEEP',
    detail: `The answer from ${url} nests more than ${maxDepth} levels deep (KPU_MAX_JSON_DEPTH), at character ${tooDeepAt}.`,
  };
}
