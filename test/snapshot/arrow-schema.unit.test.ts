// The one schema: column definitions → Arrow types and metadata, and the checks that stop a value the formats
// could not carry exactly (above all integers beyond 2^53 − 1, which JSON readers round).
import { describe, expect, it } from 'vitest';
import { ARROW_TYPE_NAMES } from '../../scripts/datasets/column-types.ts';
import { COLUMN_TYPES, type ColumnDefinition } from '../../scripts/datasets/dataset-definition.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import {
  arrowTypeOf,
  buildArrowTable,
  createArrowSchema,
  createTableBuilder,
  formatIsoDate,
  parseIsoDateDays,
  SnapshotValueError,
  type NormalizedRecord,
} from '../../scripts/snapshot/arrow-schema.ts';
import { iterateTableRecords } from '../../scripts/snapshot/table-reader.ts';
import { PARTY_RECORDS, TURNOUT_RECORDS } from './snapshot-fixtures.ts';

const turnoutRecord = TURNOUT_RECORDS[0] as NormalizedRecord;

function buildTurnout(changes: Record<string, unknown>): unknown {
  return buildArrowTable(turnoutDataset.columns, [{ ...turnoutRecord, ...changes } as NormalizedRecord]);
}

describe('createArrowSchema', () => {
  it('maps each logical type to one Arrow type, in column order, with nullability', () => {
    const schema = createArrowSchema(partyDataset.columns);
    expect(schema.fields.map((field) => `${field.name}:${String(field.type)}${field.nullable ? '?' : ''}`)).toEqual([
      'election_year:Int64?',
      'ballot_number:Utf8?',
      'party_name:Utf8?',
      'party_acronym:Utf8?',
      'party_id:Utf8',
      'office_address:Utf8?',
      'email:Utf8?',
      'website:Utf8?',
      'notary_name:Utf8?',
      'notary_address:Utf8?',
      'notarial_deed_number:Utf8?',
      'notarial_deed_date:Date32<DAY>?',
      'women_representation_pct:Float64?',
      'decree_number:Utf8?',
      'general_chair:Utf8?',
      'secretary_general:Utf8?',
      'general_treasurer:Utf8?',
      'verification_link:Utf8?',
      'quality_flags:List<Utf8>',
    ]);
  });

  it('makes each column type the Arrow type the dictionary names (column-types.ts)', () => {
    for (const type of COLUMN_TYPES) expect(String(arrowTypeOf(type)), type).toBe(ARROW_TYPE_NAMES[type]);
  });

  it('carries the column documentation as field metadata', () => {
    const field = createArrowSchema(turnoutDataset.columns).fields.find(
      (candidate) => candidate.name === 'total_voters',
    );
    expect(Object.fromEntries(field?.metadata ?? [])).toEqual({
      logical_type: 'integer',
      title_en: 'Male and female, all lists',
      title_id: 'Laki-laki dan perempuan, semua daftar',
      description_en: 'Number of voters who voted (not registered voters), male and female, all lists.',
      description_id:
        'Jumlah pengguna hak pilih (pemilih yang memberikan suara, bukan pemilih terdaftar) laki-laki dan perempuan, semua daftar.',
      unit: 'persons',
      source: 'JumlahSeluruhPenggunaHakPilih',
    });
  });

  it('refuses a column declared twice', () => {
    const column = turnoutDataset.columns[0] as ColumnDefinition;
    expect(() => createArrowSchema([column, column])).toThrow('Column election_year is declared twice');
  });
});

describe('buildArrowTable guards', () => {
  it('refuses an integer above 2^53 − 1, naming the column and the value', () => {
    expect(() => buildTurnout({ total_voters: 2 ** 53 + 2 })).toThrow(SnapshotValueError);
    expect(() => buildTurnout({ total_voters: 2 ** 53 + 2 })).toThrow(
      'Column total_voters, record 0 (0-based): 9007199254740994 is beyond ±9007199254740991 (2^53 − 1) and cannot be published exactly',
    );
    expect(() => buildTurnout({ dpt_male: -(2 ** 53) })).toThrow(/Column dpt_male, .*-9007199254740992 is beyond/);
  });

  it('accepts 2^53 − 1 itself', () => {
    expect(() => buildTurnout({ total_voters: Number.MAX_SAFE_INTEGER })).not.toThrow();
  });

  it.each([
    ['dpt_male', 1.5, 'is not an integer'],
    ['dpt_male', '12', 'is not an integer'],
    ['dapil_id', 101, 'is not text'],
    ['regency_name', 'KOTA \uD800', 'is not well-formed Unicode'],
    ['quality_flags', null, 'is null in a column that cannot be null'],
    ['quality_flags', 'a', 'is not a list of text'],
    ['quality_flags', ['a', 1], 'has an element that is not text'],
  ])('refuses %s = %j', (column, value, problem) => {
    expect(() => buildTurnout({ [column]: value })).toThrow(problem);
  });

  it.each([
    ['06-02-2008', 'is not a date'],
    ['2023-02-29', 'is not a date'],
    ['2008-2-6', 'is not a date'],
    [Number.NaN, 'is not a date'],
  ])('refuses the date %j', (value, problem) => {
    const record = { ...(PARTY_RECORDS[0] as NormalizedRecord), notarial_deed_date: value } as NormalizedRecord;
    expect(() => buildArrowTable(partyDataset.columns, [record])).toThrow(problem);
  });

  it('refuses a decimal that is not finite', () => {
    const record = { ...(PARTY_RECORDS[0] as NormalizedRecord), women_representation_pct: Number.POSITIVE_INFINITY };
    expect(() => buildArrowTable(partyDataset.columns, [record])).toThrow('Infinity is not a finite number');
  });

  it('refuses a record missing a column, or carrying one nobody declared', () => {
    const { dapil_id: _dropped, ...missing } = turnoutRecord;
    expect(() => buildArrowTable(turnoutDataset.columns, [missing])).toThrow(
      'Column dapil_id, record 0 (0-based): the value is missing from the record',
    );
    expect(() => buildTurnout({ remarks: 'x' })).toThrow(
      'Column remarks, record 0 (0-based): "x" belongs to no declared column',
    );
  });

  it('names the position of the offending record', () => {
    const records = [turnoutRecord, turnoutRecord, { ...turnoutRecord, dpk_total: 2 ** 60 }];
    expect(() => buildArrowTable(turnoutDataset.columns, records)).toThrow(/record 2 \(0-based\)/);
  });
});

describe('buildArrowTable input', () => {
  it('takes an async iterable and gives the same table', async () => {
    async function* stream(): AsyncGenerator<NormalizedRecord> {
      for (const record of TURNOUT_RECORDS) yield record;
    }
    const table = await buildArrowTable(turnoutDataset.columns, stream());
    expect([...iterateTableRecords(table)]).toEqual(TURNOUT_RECORDS);
  });

  it('splits many records into record batches without changing them', () => {
    const records = Array.from({ length: 70_000 }, (_, index) => ({
      ...turnoutRecord,
      dpt_male: index,
      quality_flags: index % 3 === 0 ? ['x'] : [],
    }));
    const table = buildArrowTable(turnoutDataset.columns, records);
    expect(table.batches.map((batch) => batch.numRows)).toEqual([65_536, 4_464]);
    const read = [...iterateTableRecords(table)];
    expect(read[65_536]).toEqual(records[65_536]);
    expect(read.map((record) => record.dpt_male)).toEqual(records.map((record) => record.dpt_male));
  });

  it('keeps text exact where a value repeats the one before it (encoded once, its bytes copied)', () => {
    // Runs of equal names, multi-byte ones, an empty name, nulls between equal names, and a change of name.
    const names = [
      'BANDA ACEH',
      'BANDA ACEH',
      'BANDA ACEH',
      'Ñusa “Dua” 🌴',
      'Ñusa “Dua” 🌴',
      '',
      '',
      null,
      null,
      'BANDA ACEH',
      'BANDA',
      'BANDA ACEH',
    ];
    const records = names.map((name, index) => ({ ...turnoutRecord, regency_name: name, dpt_male: index }));
    const table = buildArrowTable(turnoutDataset.columns, records);
    expect([...iterateTableRecords(table)].map((record) => record.regency_name)).toEqual(names);
    const column = table.getChild('regency_name');
    expect(column?.nullCount).toBe(2);
    expect(column?.data[0]?.values).toEqual(new TextEncoder().encode(names.join('')));
  });

  it('sizes a small table to its records, and stays exact when more come than expected', () => {
    const records = Array.from({ length: 5 }, (_, index) => ({
      ...turnoutRecord,
      dpt_male: index,
      regency_name: index === 2 ? null : `KAB ${index}`,
    }));
    const small = buildArrowTable(turnoutDataset.columns, records);
    expect(small.batches.map((batch) => batch.numRows)).toEqual([5]);
    expect([...iterateTableRecords(small)]).toEqual(records);
    // A wrong hint: more batches, the same records.
    const builder = createTableBuilder(turnoutDataset.columns, 2);
    for (const record of records) builder.appendRecord(record);
    const table = builder.finish();
    expect(table.batches.map((batch) => batch.numRows)).toEqual([2, 2, 1]);
    expect([...iterateTableRecords(table)]).toEqual(records);
  });

  it('writes an all-zero validity bitmap for a batch of nulls only', () => {
    const records = [1, 2, 3].map((index) => ({
      ...turnoutRecord,
      dpt_male: null,
      regency_name: null,
      dpk_total: index,
    }));
    const table = buildArrowTable(turnoutDataset.columns, records);
    expect(table.getChild('dpt_male')?.nullCount).toBe(3);
    expect(table.getChild('dpt_male')?.data[0]?.nullBitmap).toEqual(new Uint8Array(1));
    expect([...iterateTableRecords(table)]).toEqual(records);
  });

  it('names the value of the record that fails, after records that did not', () => {
    const records = [turnoutRecord, { ...turnoutRecord, regency_name: 'A' }, { ...turnoutRecord, regency_name: 7 }];
    expect(() => buildArrowTable(turnoutDataset.columns, records as NormalizedRecord[])).toThrow(
      'Column regency_name, record 2 (0-based): 7 is not text',
    );
  });
});

describe('ISO dates', () => {
  it.each([
    ['1970-01-01', 0],
    ['2008-02-06', 13915],
    ['1965-01-02', -1825],
    ['0001-01-01', -719162],
    ['9999-12-31', 2932896],
  ])('%s is day %i and back', (text, days) => {
    expect(parseIsoDateDays(text)).toBe(days);
    expect(formatIsoDate(days)).toBe(text);
  });

  it.each(['0000-01-01', '2023-02-29', '2024-13-01', '24-01-01', ' 2024-01-01'])('%j is not a date', (text) => {
    expect(parseIsoDateDays(text)).toBeNull();
  });
});
