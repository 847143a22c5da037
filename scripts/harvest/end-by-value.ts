// The end of the data, asked by value (docs/upstream.md): positive evidence that the paged harvest reached the end,
// where an empty page a pause apart is only the absence of records. Through the query's documented filter
// (`id_dapil`, `tahun_pemilu`), every value the pages returned is read whole and must give exactly the pages' records
// of it, and every value the law names (an official dapil, an election year) that the pages did not return is asked
// for too. A record there that the pages lack means their end came early, wherever it fell: inside a value or between
// two (an upstream failing from some offset on, or capping a query's results), whatever the upstream's order.
import type { UpstreamConfig } from '../config.ts';
import {
  filterValueText,
  recordKey,
  roleColumn,
  type DatasetDefinition,
  type RawRecord,
} from '../datasets/dataset-definition.ts';
import { BuildError, type ErrorCode } from '../errors.ts';
import { formatLogCount, formatLogCounted } from '../foundation/digit-groups.ts';
import { keptRecords } from './harvest-resume.ts';
import type { ByValueEvidence } from './harvest-store.ts';
import type { UpstreamClient } from './upstream-client.ts';

/** What the check needs of a dataset's paged harvest. */
export interface PagedHarvest {
  /** Every key the chain returned. */
  keys: ReadonlyMap<string, unknown>;
  /** The offset of the empty page that ended the chain. */
  endOffset: number;
  /** The last page with records: its records (null: the first page ended the chain). */
  lastPage: { records: () => readonly RawRecord[] } | null;
  /** The dataset's warnings, which a check that could not be made (the filter ignored or unanswered) joins. */
  warnings: string[];
}

/** The upstream field the filter parameter compares with, or null for a dataset without a filter. */
function filterFieldOf(dataset: DatasetDefinition): string | null {
  if (dataset.filterParameter === '' || dataset.roles.filter === undefined) return null;
  return roleColumn(dataset, dataset.roles.filter).source ?? null;
}

/** How many of the pages' records hold each value of the filter (the filter field is a key field); null when not one. */
function recordsPerValue(
  dataset: DatasetDefinition,
  field: string,
  keys: PagedHarvest['keys'],
): Map<string, number> | null {
  const index = dataset.keyFields.indexOf(field);
  if (index < 0) return null;
  const counts = new Map<string, number>();
  for (const key of keys.keys()) {
    const value = filterValueText((JSON.parse(key) as unknown[])[index]);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/**
 * Answers that say the upstream does not serve the filter (or not now): a status, an envelope or a body other than a
 * page. The filter is never required for a full harvest (docs/upstream.md), so these end the check with a warning.
 * The rest still stop the build: the key echoed in a value, a limit reached, an interruption.
 */
const FILTER_UNANSWERED: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'UPSTREAM_UNREACHABLE',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_KEY_REFUSED',
  'UPSTREAM_THROTTLED',
  'UPSTREAM_SERVER_ERROR',
  'UPSTREAM_CLIENT_ERROR',
  'UPSTREAM_REDIRECT',
  'UPSTREAM_UNEXPECTED_STATUS',
  'UPSTREAM_BAD_JSON',
  'UPSTREAM_UNEXPECTED_SHAPE',
  'UPSTREAM_ERROR_ENVELOPE',
  'UPSTREAM_UNKNOWN_ENVELOPE',
  'UPSTREAM_NOT_RECORDS',
]);

/** What the filter gave for a value: its records' keys, and why they say nothing of the end (null: they do). */
interface ValueAnswer {
  keys: Set<string>;
  unanswered: string | null;
}

/**
 * The keys of the records the filter gives for `value`, paged as the harvest pages (by the records received, to an
 * empty page), within KPU_MAX_PAGES; or why none can be trusted: the upstream ignores the filter (a record of another
 * value) or the offset under it (a record again), or answers with something other than a page.
 */
async function keysOfValue(
  dataset: DatasetDefinition,
  field: string,
  value: string,
  client: UpstreamClient,
  config: UpstreamConfig,
  answered: { records: number },
): Promise<ValueAnswer> {
  const param = dataset.filterParameter;
  const keys = new Set<string>();
  let offset = 0;
  for (let page = 0; page < config.maxPages; page += 1) {
    let found: RawRecord[];
    try {
      found = keptRecords(await client.fetchPage(dataset, offset, config.pageSize, true, value));
    } catch (error) {
      if (!(error instanceof BuildError && FILTER_UNANSWERED.has(error.code))) throw error;
      const detail = error.detail.replace(/\.$/, '');
      return { keys, unanswered: `the upstream does not answer ${param}=${value} (${error.code}: ${detail})` };
    }
    const other = found.find((record) => filterValueText(record[field]) !== value);
    if (other !== undefined)
      return {
        keys,
        unanswered: `the upstream ignores ${param} (asked for ${value}, it answered a record of ${JSON.stringify(other[field])})`,
      };
    for (const record of found) {
      const key = recordKey(dataset, record);
      if (keys.has(key))
        return {
          keys,
          unanswered: `the upstream ignores offset under ${param}=${value} (at offset ${offset}, key ${key} again)`,
        };
      keys.add(key);
    }
    // Bounded as the pages are: the answers of all the dataset's values together within KPU_MAX_RECORDS.
    answered.records += found.length;
    if (answered.records > config.limits.maxRecords)
      throw new BuildError(
        'HARVEST_TOO_MANY_RECORDS',
        `${dataset.id}: ${answered.records} records asked by value by the page at offset ${offset} of ${param}=${value}, more than the ${config.limits.maxRecords} allowed (KPU_MAX_RECORDS).`,
      );
    if (found.length === 0) break;
    offset += found.length;
  }
  return { keys, unanswered: null };
}

/**
 * Asks one dataset's values, and says what they showed: every value the pages returned (the last record's first, as
 * an early end leaves it short most often), then every value the law names that they did not. Records an answer
 * holds that the pages lack are a truncation; an answer lacking records the pages hold of its value means the filter's
 * answers cannot be trusted. Stops at the first answer that shows the upstream ignoring the filter or not answering
 * it, with a warning.
 */
async function askDataset(
  dataset: DatasetDefinition,
  paged: PagedHarvest,
  client: UpstreamClient,
  config: UpstreamConfig,
  truncations: string[],
): Promise<ByValueEvidence | null> {
  const field = filterFieldOf(dataset);
  const returned = field === null ? null : recordsPerValue(dataset, field, paged.keys);
  if (field === null || returned === null) return null;
  const param = dataset.filterParameter;
  const evidence: ByValueEvidence = {
    parameter: param,
    valuesReturned: 0,
    recordsAnswered: 0,
    unseenValuesAsked: 0,
    unanswered: null,
  };

  const last = paged.lastPage?.records().at(-1);
  const lastValue = last === undefined ? null : filterValueText(last[field]);
  // An empty value cannot be asked (the filter left empty asks for every record): its records rest on the pages.
  const values = [
    ...(lastValue === null || lastValue === '' ? [] : [lastValue]),
    // The others sorted, so that which value is asked first never depends on the order pages arrived in.
    ...[...returned.keys()].filter((value) => value !== lastValue && value !== '').sort(),
    ...(dataset.knownFilterValues ?? []).map(filterValueText).filter((value) => !returned.has(value)),
  ];
  const lacked: { value: string; keys: string[] }[] = [];
  const answered = { records: 0 };
  // A batch of values at most KPU_CONCURRENCY at once, their answers weighed in the values' order, so the evidence
  // and the messages do not depend on which answer came first.
  for (let start = 0; start < values.length && evidence.unanswered === null; start += config.concurrency) {
    const batch = values.slice(start, start + config.concurrency);
    const answers = await Promise.all(
      batch.map((value) => keysOfValue(dataset, field, value, client, config, answered)),
    );
    batch.forEach((value, index) => {
      const answer = answers[index] as ValueAnswer;
      // Records of the value asked, that the pages lack, are evidence even when this value's later pages or another
      // value went unanswered.
      const missing = [...answer.keys].filter((key) => !paged.keys.has(key));
      if (missing.length > 0) lacked.push({ value, keys: missing });
      if (evidence.unanswered !== null) return;
      const inPages = returned.get(value);
      const agreeing = answer.keys.size - missing.length;
      const why =
        answer.unanswered ??
        (agreeing < (inPages ?? 0)
          ? `the upstream's ${param}=${value} answers ${formatLogCounted(agreeing, 'record', 'records')} of the ${formatLogCount(inPages ?? 0)} the pages returned of it`
          : null);
      if (why !== null) {
        evidence.unanswered = why;
        paged.warnings.push(`${dataset.id}: ${why}: the end of the data rests on its confirmation alone.`);
        return;
      }
      if (inPages === undefined) evidence.unseenValuesAsked += 1;
      else evidence.valuesReturned += 1;
      evidence.recordsAnswered += answer.keys.size;
    });
  }
  const [first] = lacked;
  if (first !== undefined) {
    const named = lacked.map((found) => found.value);
    const records = lacked.reduce((sum, found) => sum + found.keys.length, 0);
    truncations.push(
      `${dataset.id}: ${param} ${named.slice(0, 5).join(', ')}${named.length > 5 ? `, … (${named.length} values)` : ''}, asked by value, ${named.length === 1 ? 'answers' : 'answer'} ${formatLogCounted(records, 'record', 'records')} that the pages before the empty page at offset ${paged.endOffset} lack (the first: key ${first.keys[0]}).`,
    );
  }
  return evidence;
}

/**
 * The end of every dataset's paged harvest, asked by value: the truncations found, described (none: every end held),
 * and what was asked of each dataset with a filter.
 */
export async function askEndsByValue(
  datasets: readonly DatasetDefinition[],
  paged: ReadonlyMap<string, PagedHarvest>,
  client: UpstreamClient,
  config: UpstreamConfig,
): Promise<{ truncations: string[]; evidence: Map<string, ByValueEvidence> }> {
  const truncations: string[] = [];
  const evidence = new Map<string, ByValueEvidence>();
  for (const dataset of datasets) {
    const harvest = paged.get(dataset.id);
    const shown = harvest === undefined ? null : await askDataset(dataset, harvest, client, config, truncations);
    if (shown !== null) evidence.set(dataset.id, shown);
  }
  return { truncations, evidence };
}
