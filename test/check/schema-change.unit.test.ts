// The check's reading of counts sent as JSON numbers and its schema test, on the real declarations: an exact JSON
// integer is read as its digits and noted, any other number is listed for the stage to stop on, and a rule broken by
// more than half of a dataset's records (of at least 10) is a change of schema, reference rules left out.
import { describe, expect, it } from 'vitest';
import {
  buildQualityReport,
  checkDataset,
  findSchemaChanges,
  SCHEMA_CHANGE_MIN_RECORDS,
} from '../../scripts/check/quality-check.ts';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { parseJsonExactly } from '../../scripts/harvest/exact-json.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';

const turnout = (): RawRecord[] => generateTurnoutRecords({ years: [2024], dapils: 4, regenciesPerDapil: 5, seed: 3 });
const parties = (): RawRecord[] => generatePartyRecords({ years: [2019, 2024], parties: 10, seed: 3 });

/** The first `count` records with `field` set to `value`. */
function withValue(records: RawRecord[], count: number, field: string, value: unknown): RawRecord[] {
  return records.map((record, index) => (index < count ? { ...record, [field]: value } : record));
}

describe('counts sent as JSON numbers', () => {
  it('reads an exact integer as its digits: no flag, the same report, noted per field', () => {
    const records = turnout();
    const sent = records.map((record) => ({
      ...record,
      JumlahSeluruhPenggunaHakPilih: Number(record.JumlahSeluruhPenggunaHakPilih),
      TahunPemilu: Number(record.TahunPemilu),
    }));
    const strings = checkDataset(turnoutDataset, records);
    const numbers = checkDataset(turnoutDataset, sent);
    expect(numbers.flags).toEqual(strings.flags);
    expect(numbers.report.years).toEqual(strings.report.years);
    expect(numbers.report.numberValues).toEqual({ TahunPemilu: 20, JumlahSeluruhPenggunaHakPilih: 20 });
    expect(numbers.report.inexactNumbers).toBeUndefined();
  });

  it('lists any other number in a count or year, as the upstream wrote it, and flags the record field-string', () => {
    const raw = parseJsonExactly('[1e400, 12345678901234567890, 12345.0]') as unknown[];
    const values: unknown[] = [1.5, -3, ...raw];
    const records = turnout().map((record, index) =>
      index < values.length ? { ...record, JumlahSeluruhPenggunaHakPilih: values[index] } : record,
    );
    const { flags, report } = checkDataset(turnoutDataset, records);
    expect(report.inexactNumbers).toEqual({
      count: 5,
      listed: ['1.5', '-3', '1e400', '12345678901234567890', '12345.0'].map((value, position) => ({
        position,
        field: 'JumlahSeluruhPenggunaHakPilih',
        value,
      })),
    });
    for (const position of [0, 1, 2, 3, 4]) expect(flags[position]).toContain('field-string');
    expect(report.numberValues).toBeUndefined();
  });

  it('leaves a number in a text or decimal column to field-string, not counted', () => {
    const { flags, report } = checkDataset(
      partyDataset,
      withValue(parties(), 1, 'PersentaseKeterwakilanPerempuan', 30.5),
    );
    expect(flags[0]).toContain('field-string');
    expect(report.numberValues).toBeUndefined();
    expect(report.inexactNumbers).toBeUndefined();
  });
});

describe('findSchemaChanges', () => {
  const changes = (records: RawRecord[]): ReturnType<typeof findSchemaChanges> =>
    findSchemaChanges(buildQualityReport([checkDataset(turnoutDataset, records).report]), [turnoutDataset]);

  it('names a rule broken by more than half of the records, not by exactly half', () => {
    expect(changes(withValue(turnout(), 10, 'JumlahSeluruhPenggunaHakPilih', '1.234'))).toEqual([]);
    expect(changes(withValue(turnout(), 11, 'JumlahSeluruhPenggunaHakPilih', '1.234'))).toEqual([
      { dataset: 'turnout', ruleId: 'count-digits', violationCount: 11, recordsChecked: 20 },
    ]);
  });

  it('names every such rule: a key field gone from every record', () => {
    const records = turnout().map(({ NamaKabupaten: _gone, ...rest }) => rest);
    expect(changes(records).map((change) => change.ruleId)).toEqual(['field-string', 'key-unique']);
  });

  it(`leaves out datasets of fewer than ${SCHEMA_CHANGE_MIN_RECORDS} records`, () => {
    const records = withValue(turnout(), 20, 'JumlahSeluruhPenggunaHakPilih', '1.234');
    expect(changes(records.slice(0, SCHEMA_CHANGE_MIN_RECORDS - 1))).toEqual([]);
    expect(changes(records.slice(0, SCHEMA_CHANGE_MIN_RECORDS))).toHaveLength(1);
  });

  it('leaves out the rules against the reference tables (official lists, region codes)', () => {
    const records = turnout().map((record, index) => ({ ...record, NamaKabupaten: `KABUPATEN TIDAK ADA ${index}` }));
    const { report } = checkDataset(turnoutDataset, records);
    expect(turnoutDataset.rules.filter((rule) => rule.reference === true).map((rule) => rule.id)).toEqual(
      expect.arrayContaining(['region-code-match', 'dapil-id-official', 'regency-dapil-official']),
    );
    expect(report.years[0]?.violationsByRule['region-code-match']).toBe(20);
    expect(findSchemaChanges(buildQualityReport([report]), [turnoutDataset])).toEqual([]);
  });
});
