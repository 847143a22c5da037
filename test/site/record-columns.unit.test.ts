// The records the Astro build keeps column-wise (scripts/site/record-columns.ts): every value of every column type
// reads back as it was given, whole or one at a time, through the accessors the pages use.
import { describe, expect, it } from 'vitest';
import type { ColumnType } from '../../scripts/datasets/dataset-definition.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import type { NormalizedRecord, NormalizedValue } from '../../scripts/normalize/normalize-records.ts';
import { RecordColumns } from '../../scripts/site/record-columns.ts';
import { fieldValue, flagsOf, numberValue, textValue } from '../../scripts/site/site-data.ts';

/** A value of each column type, different for each record `n`. */
const SAMPLES: Record<ColumnType, (n: number) => NormalizedValue> = {
  integer: (n) => 2 ** 53 - 1 - n,
  decimal: (n) => (n % 2 === 0 ? -0.125 * n : 33.3),
  text: (n) => (n % 3 === 0 ? 'PARTAI CONTOH' : `teks ${n}\nbaris kedua`),
  date: (n) => `2024-01-${String(1 + (n % 28)).padStart(2, '0')}`,
  text_list: (n) => (n % 2 === 0 ? [] : n % 3 === 0 ? ['a\nb'] : ['a', 'b']),
};

/** A party record with every column: the nullable ones null in every third record. */
function partyRecord(n: number): NormalizedRecord {
  return Object.fromEntries(
    partyDataset.columns.map((column) => [
      column.name,
      column.nullable && n % 3 === 1 ? null : SAMPLES[column.type](n),
    ]),
  );
}

describe('records kept column-wise', () => {
  it('reads back every value of every column type, nulls included, whole and one at a time', () => {
    const columns = new RecordColumns(partyDataset, 2); // fewer than added: the columns grow
    const given = Array.from({ length: 7 }, (_, n) => partyRecord(n));
    const kept = given.map((values) => columns.add(values));
    expect(columns.size).toBe(7);
    expect(partyDataset.columns.some((column) => column.nullable)).toBe(true);
    for (const [n, record] of kept.entries()) {
      expect(record.position).toBe(n);
      expect(record.dataset).toBe(partyDataset.id);
      // Whole: the same values, the keys in the declared column order (as the JSON files hold them).
      expect(record.values).toEqual(given[n]);
      expect(Object.keys(record.values)).toEqual(partyDataset.columns.map((column) => column.name));
      for (const column of partyDataset.columns) {
        expect(record.value(column.name), `${column.name} of record ${n}`).toEqual(given[n]?.[column.name]);
        expect(fieldValue(record, column.name)).toEqual(given[n]?.[column.name]);
      }
      expect(record.value('no_such_column')).toBeUndefined();
    }
    // -0 stays -0, and the largest safe integer stays exact.
    const decimal = partyDataset.columns.find((column) => column.type === 'decimal');
    const integer = partyDataset.columns.find((column) => column.type === 'integer');
    expect(Object.is(kept[0]?.value(decimal?.name ?? ''), -0)).toBe(true);
    expect(kept[0]?.value(integer?.name ?? '')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('keeps integers in 32 bits until one does not fit, then widens the column without losing a value', () => {
    const integer = partyDataset.columns.find((column) => column.type === 'integer' && column.nullable)?.name ?? '';
    expect(integer).not.toBe('');
    const given = [0, null, 2 ** 31 - 1, -(2 ** 31) + 1, 7, -(2 ** 31), null, 2 ** 53 - 1, -(2 ** 40), 5];
    const columns = new RecordColumns(partyDataset, 3);
    const kept = given.map((value, n) => columns.add({ ...partyRecord(n), [integer]: value }));
    // Before the widening (after -2^31, the 32-bit null's value) and after it, every value as given.
    expect(kept.map((record) => record.value(integer))).toEqual(given);
    expect(kept.map((record) => numberValue(record, integer))).toEqual(given);
    const small = new RecordColumns(partyDataset, 1);
    const smallKept = [3, null, -4].map((value, n) => small.add({ ...partyRecord(n), [integer]: value }));
    expect(smallKept.map((record) => record.values[integer])).toEqual([3, null, -4]);
  });

  it('keeps one frozen list per distinct list, telling apart lists whose texts join the same', () => {
    const columns = new RecordColumns(partyDataset, 6);
    const kept = Array.from({ length: 6 }, (_, n) => columns.add(partyRecord(n)));
    const list = partyDataset.columns.find((column) => column.type === 'text_list')?.name ?? '';
    expect(kept[1]?.value(list)).toBe(kept[5]?.value(list)); // ['a', 'b'] twice: one array
    expect(kept[3]?.value(list)).toEqual(['a\nb']);
    expect(kept[5]?.value(list)).toEqual(['a', 'b']);
    expect(Object.isFrozen(kept[5]?.value(list))).toBe(true);
  });

  it('serves the accessors the pages read records through', () => {
    const columns = new RecordColumns(partyDataset, 1);
    const values = partyRecord(5);
    const record = columns.add(values);
    const text = partyDataset.columns.find((column) => column.type === 'text')?.name ?? '';
    const integer = partyDataset.columns.find((column) => column.type === 'integer')?.name ?? '';
    expect(textValue(record, text)).toBe(values[text]);
    expect(numberValue(record, integer)).toBe(values[integer]);
    expect(flagsOf(record)).toEqual(values.quality_flags);
    expect(numberValue(record, text)).toBeNull();
    expect(textValue(record, integer)).toBeNull();
  });
});
