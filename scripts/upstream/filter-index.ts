// The records of a stand-in dataset that a filter value finds, from an index made once per version of the data: a
// harvest asks every value of the filter (docs/upstream.md, "The end of the data, asked by value"), and a million
// records scanned per request would make the stand-in, not the client, what a benchmark measures.
import { filterValueText, type RawRecord } from '../datasets/dataset-definition.ts';

/** Each records array's index by the text of a field's values; an array a change replaced gets an index of its own. */
const indexes = new WeakMap<readonly RawRecord[], Map<string, Map<string, RawRecord[]>>>();

/**
 * The records whose `field` the filter `wanted` finds, in the data's order. The filter as an integer-typed API would
 * apply it (seed: id_dapil is an integer): digit strings compare by value, so id_dapil=101 and id_dapil=0101 both find
 * "0101"; anything else compares exactly, and a value that is not a string never matches.
 */
export function recordsWithValue(records: readonly RawRecord[], field: string, wanted: string): readonly RawRecord[] {
  let byField = indexes.get(records);
  if (byField === undefined) indexes.set(records, (byField = new Map()));
  let index = byField.get(field);
  if (index === undefined) {
    index = new Map();
    for (const record of records) {
      const value = record[field];
      if (typeof value !== 'string') continue;
      const text = filterValueText(value);
      const list = index.get(text);
      if (list === undefined) index.set(text, [record]);
      else list.push(record);
    }
    byField.set(field, index);
  }
  return index.get(filterValueText(wanted)) ?? [];
}
