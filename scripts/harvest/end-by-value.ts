// The end of the data, asked by value (docs/upstream.md): positive evidence that the paged harvest reached the end,
// where an empty page a pause apart is only the absence of records. Through the query's documented filter
// (`id_dapil`, `tahun_pemilu`), the value of the last record before the end is read whole; when that last page was
// full (an end on a page boundary, where an upstream failing from some offset on leaves it), every value the law
// names (an official dapil, an election year) that the paged harvest did not return is asked for by itself too.
// Records there that the paged harvest lacks mean its end came early: an upstream that answered the empty page
// that ends the data too soon, and again when asked a pause later.
import type { UpstreamConfig } from '../config.ts';
import { recordKey, roleColumn, type DatasetDefinition, type RawRecord } from '../datasets/dataset-definition.ts';
import { keptRecords } from './harvest-resume.ts';
import type { UpstreamClient } from './upstream-client.ts';

/** What the check needs of a dataset's paged harvest. */
export interface PagedHarvest {
  /** Every key the chain returned. */
  keys: ReadonlyMap<string, unknown>;
  /** The offset of the empty page that ended the chain, and the records of the page before it (none: first page). */
  endOffset: number;
  lastRecords: () => readonly RawRecord[];
  /**
   * Whether the last page with records was full: as many records as asked for, or, after the first page, as many as
   * the first page had (an upstream capping `limit` silently). A single page shorter than asked is not full.
   */
  lastPageFull: boolean;
  /** The dataset's warnings, which a check that could not be made (the upstream ignores the filter) joins. */
  warnings: string[];
}

/** Values compared as the upstream's filter compares them: digits without leading zeros ("01101" is 1101). */
export function filterValueText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : text;
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
 * The records the filter gives for `value`, paged as the harvest pages (by the records received, to an empty page),
 * within KPU_MAX_PAGES; or the first record of another value when the upstream ignores the filter.
 */
async function recordsOfValue(
  dataset: DatasetDefinition,
  field: string,
  value: string,
  client: UpstreamClient,
  config: UpstreamConfig,
  wholly: boolean,
): Promise<{ records: RawRecord[]; ignored: RawRecord | null }> {
  const records: RawRecord[] = [];
  let offset = 0;
  for (let page = 0; page < config.maxPages; page += 1) {
    const found = keptRecords(await client.fetchPage(dataset, offset, config.pageSize, true, value));
    const other = found.find((record) => filterValueText(record[field]) !== value);
    if (other !== undefined) return { records, ignored: other };
    records.push(...found);
    if (found.length === 0 || !wholly) break;
    offset += found.length;
  }
  return { records, ignored: null };
}

/**
 * Asks one dataset's values: the known ones its paged harvest did not return (one page each: any record is one too
 * many) and the value of its last record (whole, compared key by key). Stops at the first answer that shows the
 * upstream ignoring the filter, with a warning.
 */
async function askDataset(
  dataset: DatasetDefinition,
  paged: PagedHarvest,
  client: UpstreamClient,
  config: UpstreamConfig,
  truncations: string[],
): Promise<void> {
  const field = filterFieldOf(dataset);
  if (field === null) return;
  // The keys are read for their values only when there are values to ask (a million keys take a few tenths of a s).
  const known = paged.lastPageFull ? (dataset.knownFilterValues ?? []) : [];
  const seen = known.length === 0 ? null : valuesAmongKeys(dataset, field, paged.keys);
  const unseen = seen === null ? [] : known.map(filterValueText).filter((value) => !seen.has(value));
  const last = paged.lastRecords().at(-1);
  const param = dataset.filterParameter;
  let ignored: RawRecord | null = null;
  const noteIgnored = (value: string, other: RawRecord) => {
    ignored ??= other;
    paged.warnings.push(
      `${dataset.id}: the upstream ignores ${param} (asked for ${value}, it answered a record of ${JSON.stringify(other[field])}): the end of the data rests on its confirmation alone.`,
    );
  };
  const answering: { value: string; key: string }[] = [];
  await eachAtMost(unseen, config.concurrency, async (value) => {
    if (ignored !== null) return;
    const answer = await recordsOfValue(dataset, field, value, client, config, false);
    if (answer.ignored !== null) return noteIgnored(value, answer.ignored);
    const [first] = answer.records;
    if (first !== undefined) answering.push({ value, key: recordKey(dataset, first) });
  });
  if (ignored !== null) return;
  const [firstAnswering] = answering;
  if (firstAnswering !== undefined) {
    const values = answering.map((found) => found.value);
    truncations.push(
      `${dataset.id}: ${param} ${values.slice(0, 5).join(', ')}${values.length > 5 ? `, … (${values.length} values)` : ''}, not in the pages before their empty page at offset ${paged.endOffset}, ${values.length === 1 ? 'answers' : 'answer'} records when asked by value (the first: key ${firstAnswering.key}).`,
    );
  }
  if (last === undefined) return;
  const value = filterValueText(last[field]);
  const answer = await recordsOfValue(dataset, field, value, client, config, true);
  if (answer.ignored !== null) return noteIgnored(value, answer.ignored);
  const missing = answer.records.filter((record) => !paged.keys.has(recordKey(dataset, record)));
  const [first] = missing;
  if (first === undefined) return;
  truncations.push(
    `${dataset.id}: ${param}=${value}, the value of the last record before the empty page at offset ${paged.endOffset}, holds ${missing.length} records the paged harvest lacks (the first: key ${recordKey(dataset, first)}).`,
  );
}

/** The end of every dataset's paged harvest, asked by value: the truncations found, described (none: every end held). */
export async function askEndsByValue(
  datasets: readonly DatasetDefinition[],
  paged: ReadonlyMap<string, PagedHarvest>,
  client: UpstreamClient,
  config: UpstreamConfig,
): Promise<string[]> {
  const truncations: string[] = [];
  for (const dataset of datasets) {
    const harvest = paged.get(dataset.id);
    if (harvest !== undefined) await askDataset(dataset, harvest, client, config, truncations);
  }
  return truncations;
}
