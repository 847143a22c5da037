// The end of the data, asked by value (docs/upstream.md): positive evidence that the paged harvest reached the end,
// where an empty page a pause apart is only the absence of records. Through the query's documented filter
// (`id_dapil`, `tahun_pemilu`), the value of the last record before the end is read whole, and every value the law
// names (an official dapil, an election year) that the paged harvest did not return is asked for by itself: an end
// that falls between two values (an upstream failing from some offset on, or capping its answers in all) leaves the
// last value whole. Records there that the paged harvest lacks mean its end came early: an upstream that answered
// the empty page that ends the data too soon, and again when asked a pause later.
import type { UpstreamConfig } from '../config.ts';
import {
  filterValueText,
  recordKey,
  roleColumn,
  type DatasetDefinition,
  type RawRecord,
} from '../datasets/dataset-definition.ts';
import { BuildError, type ErrorCode } from '../errors.ts';
import { formatLogCounted } from '../foundation/digit-groups.ts';
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

/** The filter's values among the keys (the filter field is a key field), or null when it is not one. */
function valuesAmongKeys(dataset: DatasetDefinition, field: string, keys: PagedHarvest['keys']): Set<string> | null {
  const index = dataset.keyFields.indexOf(field);
  if (index < 0) return null;
  const values = new Set<string>();
  for (const key of keys.keys()) values.add(filterValueText((JSON.parse(key) as unknown[])[index]));
  return values;
}

/** Runs `task` on every item, at most `concurrency` at once, in order of the items. */
async function eachAtMost<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += concurrency)
    await Promise.all(items.slice(start, start + concurrency).map(task));
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

/** What the filter gave for a value: its records and their keys, and why they say nothing of the end (null: they do). */
interface ValueAnswer {
  records: RawRecord[];
  keys: Set<string>;
  unanswered: string | null;
}

/**
 * The records the filter gives for `value`, paged as the harvest pages (by the records received, to an empty page),
 * within KPU_MAX_PAGES; or why none can be trusted: the upstream ignores the filter (a record of another value) or
 * the offset under it (a record again), or answers with something other than a page.
 */
async function recordsOfValue(
  dataset: DatasetDefinition,
  field: string,
  value: string,
  client: UpstreamClient,
  config: UpstreamConfig,
  wholly: boolean,
): Promise<ValueAnswer> {
  const param = dataset.filterParameter;
  const records: RawRecord[] = [];
  const keys = new Set<string>();
  let offset = 0;
  for (let page = 0; page < config.maxPages; page += 1) {
    let found: RawRecord[];
    try {
      found = keptRecords(await client.fetchPage(dataset, offset, config.pageSize, true, value));
    } catch (error) {
      if (!(error instanceof BuildError && FILTER_UNANSWERED.has(error.code))) throw error;
      const detail = error.detail.replace(/\.$/, '');
      return { records, keys, unanswered: `the upstream does not answer ${param}=${value} (${error.code}: ${detail})` };
    }
    const other = found.find((record) => filterValueText(record[field]) !== value);
    if (other !== undefined)
      return {
        records,
        keys,
        unanswered: `the upstream ignores ${param} (asked for ${value}, it answered a record of ${JSON.stringify(other[field])})`,
      };
    const foundKeys = found.map((record) => recordKey(dataset, record));
    const again = foundKeys.find((key) => keys.has(key));
    if (again !== undefined)
      return {
        records,
        keys,
        unanswered: `the upstream ignores offset under ${param}=${value} (at offset ${offset}, key ${again} again)`,
      };
    for (const key of foundKeys) keys.add(key);
    records.push(...found);
    if (found.length === 0 || !wholly) break;
    offset += found.length;
  }
  return { records, keys, unanswered: null };
}

/**
 * Asks one dataset's values, and says what they showed. First the value of its last record, read whole: records the
 * pages lack are a truncation; records of the last page that the answer lacks mean the filter's answers cannot be
 * trusted. Then the known values its paged harvest did not return (one page each: any record is one too many).
 * Stops at the first answer that shows the upstream ignoring the filter or not answering it, with a warning.
 */
async function askDataset(
  dataset: DatasetDefinition,
  paged: PagedHarvest,
  client: UpstreamClient,
  config: UpstreamConfig,
  truncations: string[],
): Promise<ByValueEvidence | null> {
  const field = filterFieldOf(dataset);
  if (field === null) return null;
  const param = dataset.filterParameter;
  const evidence: ByValueEvidence = {
    parameter: param,
    lastValue: null,
    lastValueRecords: 0,
    unseenValuesAsked: 0,
    unanswered: null,
  };
  const noteUnanswered = (why: string) => {
    if (evidence.unanswered !== null) return;
    evidence.unanswered = why;
    paged.warnings.push(`${dataset.id}: ${why}: the end of the data rests on its confirmation alone.`);
  };

  const lastPage = paged.lastPage?.records() ?? [];
  const last = lastPage.at(-1);
  if (last !== undefined) {
    const value = filterValueText(last[field]);
    evidence.lastValue = value;
    const answer = await recordsOfValue(dataset, field, value, client, config, true);
    if (answer.unanswered !== null) {
      noteUnanswered(answer.unanswered);
      return evidence;
    }
    evidence.lastValueRecords = answer.records.length;
    const missing = [...answer.keys].filter((key) => !paged.keys.has(key));
    const [first] = missing;
    if (first !== undefined)
      truncations.push(
        `${dataset.id}: ${param}=${value}, the value of the last record before the empty page at offset ${paged.endOffset}, holds ${formatLogCounted(missing.length, 'record', 'records')} the paged harvest lacks (the first: key ${first}).`,
      );
    const unmatched = lastPage.find(
      (record) => filterValueText(record[field]) === value && !answer.keys.has(recordKey(dataset, record)),
    );
    if (unmatched !== undefined) {
      noteUnanswered(
        `the upstream's ${param}=${value} answers ${answer.records.length} records, not the last page's record of key ${recordKey(dataset, unmatched)}`,
      );
      return evidence;
    }
  }

  const known = dataset.knownFilterValues ?? [];
  const seen = known.length === 0 ? null : valuesAmongKeys(dataset, field, paged.keys);
  const unseen = seen === null ? [] : known.map(filterValueText).filter((value) => !seen.has(value));
  const answering: { value: string; key: string }[] = [];
  await eachAtMost(unseen, config.concurrency, async (value) => {
    if (evidence.unanswered !== null) return;
    evidence.unseenValuesAsked += 1;
    const answer = await recordsOfValue(dataset, field, value, client, config, false);
    if (answer.unanswered !== null) return noteUnanswered(answer.unanswered);
    const [first] = answer.keys;
    if (first !== undefined) answering.push({ value, key: first });
  });
  // Records of their own value are evidence even when a later value went unanswered.
  const [firstAnswering] = answering;
  if (firstAnswering !== undefined) {
    const values = unseen.filter((value) => answering.some((found) => found.value === value));
    truncations.push(
      `${dataset.id}: ${param} ${values.slice(0, 5).join(', ')}${values.length > 5 ? `, … (${values.length} values)` : ''}, not in the pages before their empty page at offset ${paged.endOffset}, ${values.length === 1 ? 'answers' : 'answer'} records when asked by value (the first: key ${firstAnswering.key}).`,
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
