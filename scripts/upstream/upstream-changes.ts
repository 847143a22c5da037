// The records as the stand-in upstream changes them: its counts sent in another format (`--count-format`), and the
// named mutations of data that changes mid-harvest (`--mutate`), each keeping the dataset's rules.
import type { CountCell, CountGroup, DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import { UPSTREAM_DATASETS } from '../datasets/datasets.ts';
import type { DatasetId } from './upstream-data.ts';

/** Data that changes mid-harvest: `apply` replaces the dataset's records once, after the `afterRequest`-th data request. */
export interface UpstreamMutation {
  afterRequest: number;
  dataset: DatasetId;
  apply: (records: readonly RawRecord[]) => RawRecord[];
  /** For logs and the CLI's summary. */
  label?: string;
}

/**
 * How the counts (the fields of the dataset's count groups) are sent. 'string': the seed's, a string of digits as the
 * data holds it. 'number': a JSON integer (`"JumlahSeluruhPenggunaHakPilih": 12345`), where the value is digits
 * without a leading zero that a double holds exactly. 'grouped': a string with the Indonesian thousands separator ("1.234.567"), a change
 * of format that breaks the `count-digits` rule on every count of 1,000 or more.
 */
export type CountFormat = 'string' | 'number' | 'grouped';
export const COUNT_FORMATS: readonly CountFormat[] = ['string', 'number', 'grouped'];

export type MutationPreset = 'insert-front' | 'change-value' | 'remove-first';
export const MUTATION_PRESETS: readonly MutationPreset[] = ['insert-front', 'change-value', 'remove-first'];

/** The source fields of a dataset's counts (its count groups' columns). */
function countFields(dataset: DatasetDefinition): string[] {
  const columns = new Set((dataset.roles.countGroups ?? []).flatMap((group) => group.cells.map((cell) => cell.column)));
  return dataset.columns.flatMap((column) => (columns.has(column.name) && column.source ? [column.source] : []));
}

/**
 * The page's records with their counts sent in `format` (CountFormat); values that are not digits stay as they are.
 * Example ('number'): {JumlahKursi: "8", Nama: "X"} → {JumlahKursi: 8, Nama: "X"}; ('grouped'): "1234567" → "1.234.567".
 */
export function formatCounts(dataset: DatasetDefinition, records: RawRecord[], format: CountFormat): RawRecord[] {
  if (format === 'string') return records;
  const fields = countFields(dataset);
  return records.map((record) => {
    const sent: RawRecord = { ...record };
    for (const field of fields) {
      const value = record[field];
      if (typeof value !== 'string' || !/^[0-9]+$/.test(value)) continue;
      if (format === 'grouped') sent[field] = value.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
      // Leading zeros have no JSON number form: such a count stays a string.
      else if (/^(?:0|[1-9][0-9]*)$/.test(value) && Number.isSafeInteger(Number(value))) sent[field] = Number(value);
    }
    return sent;
  });
}

/** Changes one record's value while keeping the dataset's arithmetic rules (a count moves with its totals). */
function changeOneValue(dataset: DatasetDefinition, records: readonly RawRecord[]): RawRecord[] {
  const [first, ...rest] = records;
  if (!first) return [];
  const changed: RawRecord = { ...first };
  const sourceOf = (column: string): string | undefined =>
    dataset.columns.find((candidate) => candidate.name === column)?.source ?? undefined;
  // The male and both-sexes counts of the last voter list and of all lists: +1 each keeps every sum rule.
  const groups = dataset.roles.countGroups ?? [];
  const cellOf = (group: CountGroup | undefined, sex: CountCell['sex']): string =>
    group?.cells.find((cell) => cell.sex === sex)?.column ?? '';
  const [list, all] = [groups.at(-2), groups.at(-1)];
  const counts = [cellOf(list, 'male'), cellOf(list, 'total'), cellOf(all, 'male'), cellOf(all, 'total')].map(sourceOf);
  if (counts.every((field) => field !== undefined && /^\d+$/.test(String(first[field])))) {
    for (const field of counts as string[]) changed[field] = String(Number(first[field]) + 1);
  } else {
    const field = sourceOf('general_chair') ?? dataset.upstreamFields.find((name) => !dataset.keyFields.includes(name));
    if (field) changed[field] = `${String(first[field] ?? '')} (DIUBAH)`;
  }
  return [changed, ...rest];
}

/** A copy of the first record under a new key, placed in front: every later page shifts by one. */
function insertInFront(dataset: DatasetDefinition, records: readonly RawRecord[]): RawRecord[] {
  const [first] = records;
  if (!first) return [];
  const inserted: RawRecord = { ...first };
  const keyField = dataset.keyFields[dataset.keyFields.length - 1];
  if (keyField) {
    const values = records.map((record) => String(record[keyField] ?? ''));
    inserted[keyField] = values.every((value) => /^\d+$/.test(value))
      ? String(Math.max(...values.map(Number)) + 1)
      : `${String(first[keyField] ?? '')} SISIPAN`;
  }
  return [inserted, ...records];
}

/**
 * Named mutations for the CLI and tests: 'insert-front' (a new record at the front), 'change-value' (one value
 * of the first record changes), 'remove-first' (the first record disappears: later pages shift back).
 */
export function createMutationPreset(
  preset: MutationPreset,
  afterRequest: number,
  datasetId: DatasetId = 'turnout',
): UpstreamMutation {
  const dataset = UPSTREAM_DATASETS.find((candidate) => candidate.id === datasetId);
  if (!dataset) throw new Error(`unknown dataset ${datasetId}`);
  const apply = {
    'insert-front': (records: readonly RawRecord[]) => insertInFront(dataset, records),
    'change-value': (records: readonly RawRecord[]) => changeOneValue(dataset, records),
    'remove-first': (records: readonly RawRecord[]) => records.slice(1),
  }[preset];
  return { afterRequest, dataset: datasetId, apply, label: `${preset}:${datasetId}@${afterRequest}` };
}
