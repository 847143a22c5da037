// The field-length limit measures every kind of value as JSON.stringify of each value would: strings by length,
// anything else as JSON; numbers, booleans and null skip the JSON only where none of them can be too long.
import { describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { parseJsonExactly } from '../../scripts/harvest/exact-json.ts';
import { findLongField } from '../../scripts/harvest/harvest-limits.ts';

const record = { tahunPemilu: '2024', NomorUrutPartai: '1', NamaPartai: 'Partai Satu' };

describe('findLongField on values that are not strings', () => {
  it('never finds a number, a boolean or null too long when the limit is 24 characters or more', () => {
    for (const value of [-1.2345678901234567e-308, -Number.MAX_VALUE, 1e21, true, false, null]) {
      expect(findLongField(partyDataset, 0, [{ ...record, NamaPartai: value }], 24), String(value)).toBeNull();
    }
  });

  it('measures a number as JSON under a limit shorter than 24 characters', () => {
    // 20: the longest name of the dataset fits; the JSON of this number does not.
    const tiny = -1.2345678901234567e-308;
    expect(findLongField(partyDataset, 0, [{ ...record, NomorUrutPartai: tiny }], 20)?.detail).toContain(
      'a NomorUrutPartai of 24 characters, more than the 20 allowed',
    );
    expect(
      findLongField(partyDataset, 0, [{ ...record, NomorUrutPartai: 123456789012345680000 }], 20)?.detail,
    ).toContain('a NomorUrutPartai of 21 characters');
    expect(findLongField(partyDataset, 0, [{ ...record, NomorUrutPartai: 12345678901234567000 }], 20)).toBeNull();
    expect(findLongField(partyDataset, 0, [{ ...record, NomorUrutPartai: null, NamaPartai: false }], 20)).toBeNull();
  });

  it('measures a number kept exactly (JSON.rawJSON) by its source text, and objects and arrays as JSON', () => {
    const digits = '1'.repeat(120);
    const exact = parseJsonExactly(`{"NamaPartai":${digits}}`) as Record<string, unknown>;
    expect(findLongField(partyDataset, 0, [{ ...record, ...exact }], 100)?.detail).toContain(
      'a NamaPartai of 120 characters',
    );
    expect(findLongField(partyDataset, 0, [{ ...record, NamaPartai: { a: 'X'.repeat(100) } }], 100)?.detail).toContain(
      'a NamaPartai of 108 characters',
    );
  });

  it('reads only a record’s own fields, in their order, and names the first too long', () => {
    const inherited = Object.assign(Object.create({ NamaPartai: 'X'.repeat(200) }) as object, record);
    expect(findLongField(partyDataset, 0, [inherited], 100)).toBeNull();
    const both = { ...record, NamaPartai: 'X'.repeat(101), tahunPemilu: 'Y'.repeat(102) };
    expect(findLongField(partyDataset, 7, [record, both], 100)?.detail).toContain(
      'the record at offset 8 has a tahunPemilu of 102 characters',
    );
  });
});
