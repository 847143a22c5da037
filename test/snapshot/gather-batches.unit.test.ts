// Record batches made column by column (gather-batches.ts) against the same rows appended one at a time to the
// snapshot's table builder: the same record batches, byte for byte. The derived table against its declaration read
// row by row, on source tables of many small batches (so a derived batch spans several), with nulls, empty and long
// lists, and text beyond ASCII, and every declaration the two schemas do not fit refused before a row is made; the
// all-years table interleaved from year tables in harvest order, on every column type, each source batch let go.
import { Table, tableToIPC, type RecordBatch } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import type { ColumnDefinition, DerivedDatasetDefinition } from '../../scripts/datasets/dataset-definition.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { turnoutLongDataset } from '../../scripts/datasets/turnout-long-dataset.ts';
import { normalizeRecord } from '../../scripts/normalize/normalize-records.ts';
import {
  BATCH_ROWS,
  buildArrowTable,
  createArrowSchema,
  createTableBuilder,
  SnapshotValueError,
  type NormalizedRecord,
} from '../../scripts/snapshot/arrow-schema.ts';
import { iterateTableRecords } from '../../scripts/snapshot/table-reader.ts';
import { interleaveBatches, unpivotBatches } from '../../scripts/snapshot/gather-batches.ts';
import { FIXTURES } from './snapshot-fixtures.ts';
import { generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';

/** The declaration read row by row: what each source record's rows hold, in order (the test's own reading). */
function declaredRows(derived: DerivedDatasetDefinition, record: NormalizedRecord): NormalizedRecord[] {
  const { repeated, value, cells } = derived.unpivot;
  return cells.map((cell) =>
    Object.fromEntries(
      derived.columns.map((column) => {
        if (repeated.includes(column.name)) return [column.name, record[column.name] ?? null];
        if (column.name === value) return [column.name, record[cell.from] ?? null];
        return [column.name, cell.fixed[column.name] ?? null];
      }),
    ),
  );
}

/** The records as a table of batches of `batchRows` rows (the builder's batches, made small). */
function tableOf(columns: readonly ColumnDefinition[], records: readonly NormalizedRecord[], batchRows: number): Table {
  const builder = createTableBuilder(columns, batchRows);
  for (const record of records) builder.appendRecord(record);
  return builder.finish();
}

/** The derived table through the row builder: each declared row appended one at a time. */
function rowByRow(derived: DerivedDatasetDefinition, source: Table): Table {
  return buildArrowTable(
    derived.columns,
    (function* () {
      for (const record of iterateTableRecords(source)) yield* declaredRows(derived, record);
    })(),
  );
}

const byColumns = (derived: DerivedDatasetDefinition, source: Table): Table =>
  new Table([...unpivotBatches(derived, source)]);

function turnoutRecords(count: number, seed: number): NormalizedRecord[] {
  const raw = generateTurnoutRecords({
    years: [2019, 2024],
    dapils: Math.ceil(count / 20),
    regenciesPerDapil: 10,
    seed,
  });
  return raw.slice(0, count).map((record) => normalizeRecord(turnoutDataset, record, []));
}

describe('the long turnout table made by columns', () => {
  it('is the same batches, byte for byte, as its declared rows appended one by one', () => {
    // 6,000 records: 72,000 long rows, two derived batches, each made from source batches of 7 records.
    const records = turnoutRecords(6_000, 7).map((record, index) => {
      // Nulls in counts and names, empty and longer flag lists, text beyond ASCII.
      if (index % 5 === 0) return { ...record, dptb_female: null, regency_code: null };
      if (index % 7 === 0) return { ...record, quality_flags: ['dpt-sex-sum', 'regency-unknown', 'ä-ünï'] };
      if (index % 11 === 0) return { ...record, regency_name: `${String(record.regency_name)} — Sulawesi 🏝️` };
      return index % 3 === 0 ? { ...record, quality_flags: ['dpt-sex-sum'] } : record;
    });
    const source = tableOf(turnoutDataset.columns, records, 7);
    const expected = rowByRow(turnoutLongDataset, source);
    const made = byColumns(turnoutLongDataset, source);
    expect(made.numRows).toBe(6_000 * 12);
    expect(made.batches.map((batch) => batch.numRows)).toEqual([BATCH_ROWS, 6_000 * 12 - BATCH_ROWS]);
    expect(Buffer.from(tableToIPC(made, 'stream')).equals(Buffer.from(tableToIPC(expected, 'stream')))).toBe(true);
    // And read back, the rows the declaration describes.
    expect([...iterateTableRecords(made)].slice(0, 24)).toEqual(
      records.slice(0, 2).flatMap((record) => declaredRows(turnoutLongDataset, record)),
    );
  });

  it("is the same on a source of the builder's own batches, and on an empty source", () => {
    // 5,462 records in one source batch: one full derived batch and 8 rows.
    const source = buildArrowTable(turnoutDataset.columns, turnoutRecords(5_462, 9));
    const made = byColumns(turnoutLongDataset, source);
    expect(made.batches.map((batch) => batch.numRows)).toEqual([BATCH_ROWS, 8]);
    expect(
      Buffer.from(tableToIPC(made, 'stream')).equals(
        Buffer.from(tableToIPC(rowByRow(turnoutLongDataset, source), 'stream')),
      ),
    ).toBe(true);
    expect([...unpivotBatches(turnoutLongDataset, buildArrowTable(turnoutDataset.columns, []))]).toEqual([]);
  });

  it('refuses a null where the derived column holds none, naming the derived row', () => {
    const strict: DerivedDatasetDefinition = {
      ...turnoutLongDataset,
      columns: turnoutLongDataset.columns.map((column) =>
        column.name === 'voters' ? { ...column, nullable: false } : column,
      ),
    };
    const records = turnoutRecords(20, 3);
    records[4] = { ...records[4], dpt_female: null };
    const made = (): Table => byColumns(strict, tableOf(turnoutDataset.columns, records, 6));
    // Record 4, cell 1 (dpt female): derived row 4 × 12 + 1.
    expect(made).toThrow(SnapshotValueError);
    expect(made).toThrow('Column voters, record 49 (0-based): null is null in a column that cannot be null');
  });

  it('refuses a declaration the schemas do not fit, before any row', () => {
    const source = buildArrowTable(turnoutDataset.columns, turnoutRecords(3, 1));
    const refused = (change: Partial<DerivedDatasetDefinition>) => () => [
      ...unpivotBatches({ ...turnoutLongDataset, ...change }, source),
    ];
    const { unpivot } = turnoutLongDataset;
    expect(
      refused({ unpivot: { ...unpivot, repeated: unpivot.repeated.filter((name) => name !== 'dapil_id') } }),
    ).toThrow('column dapil_id must be repeated, the value or fixed, and only one');
    expect(refused({ unpivot: { ...unpivot, repeated: [...unpivot.repeated, 'voters'] } })).toThrow(
      'column voters must be repeated, the value or fixed, and only one',
    );
    expect(
      refused({ unpivot: { ...unpivot, cells: unpivot.cells.map((cell) => ({ ...cell, from: 'no_such_count' })) } }),
    ).toThrow('its source turnout has no column no_such_count');
    expect(
      refused({ unpivot: { ...unpivot, cells: unpivot.cells.map((cell) => ({ ...cell, from: 'dapil_name' })) } }),
    ).toThrow('column voters is Int64, its source dapil_name Utf8');
    expect(
      refused({
        unpivot: {
          ...unpivot,
          cells: unpivot.cells.map((cell, index) =>
            index === 3 ? { ...cell, fixed: { sex: 'male', voter_list: 'dpt' } } : cell,
          ),
        },
      }),
    ).toThrow('fixed column count_kind must be text, given in every cell');
    expect(refused({ unpivot: { ...unpivot, cells: [] } })).toThrow('1 to 255 cells per record');
    expect(refused({ unpivot: { ...unpivot, repeated: [...unpivot.repeated, 'dapil_nmae'] } })).toThrow(
      'the unpivot names dapil_nmae, which is none of its columns',
    );
    expect(
      refused({
        unpivot: { ...unpivot, cells: unpivot.cells.map((cell) => ({ ...cell, fixed: { ...cell.fixed, sexx: 'x' } })) },
      }),
    ).toThrow('the unpivot names sexx, which is none of its columns');
  });
});

describe('the all-years table made by columns', () => {
  it.each(FIXTURES.map((fixture) => [fixture.dataset.id, fixture] as const))(
    '%s: the rows of the year tables in harvest order, the same batches as appending them one by one',
    (_, { dataset, records }) => {
      // Three groups (years) of records repeated up to 70,000 rows, in source batches of 1,000 rows, interleaved in
      // runs of varying length: output batches span many source batches of several groups.
      const rows = Array.from({ length: 70_000 }, (__, index) => records[index % records.length] as NormalizedRecord);
      const sequence = rows.map((__, index) => Math.floor(index / 7 + index / 5000) % 3);
      const groups = [0, 1, 2].map((group) =>
        tableOf(
          dataset.columns,
          rows.filter((__, index) => sequence[index] === group),
          1_000,
        ),
      );
      const groupRows = groups.map((table) => [...iterateTableRecords(table)]);
      const taken = [0, 0, 0];
      const inOrder = sequence.map((group) => {
        taken[group] = (taken[group] as number) + 1;
        return (groupRows[group] as NormalizedRecord[])[(taken[group] as number) - 1] as NormalizedRecord;
      });
      const expected = buildArrowTable(dataset.columns, inOrder);
      const sources = groups.map((table) => [...table.batches] as (RecordBatch | undefined)[]);
      const made = new Table(createArrowSchema(dataset.columns), [
        ...interleaveBatches(createArrowSchema(dataset.columns), sources, sequence),
      ]);
      expect(made.batches.map((batch) => batch.numRows)).toEqual([BATCH_ROWS, 70_000 - BATCH_ROWS]);
      expect(Buffer.from(tableToIPC(made, 'stream')).equals(Buffer.from(tableToIPC(expected, 'stream')))).toBe(true);
      // Every source batch but each group's last was let go as the rows passed it.
      expect(sources.map((batches) => batches.filter((batch) => batch !== undefined).length)).toEqual([1, 1, 1]);
    },
  );

  it('refuses a sequence naming more rows than the groups hold', () => {
    const { dataset, records } = FIXTURES[0] as (typeof FIXTURES)[number];
    const schema = createArrowSchema(dataset.columns);
    const groups = [[...buildArrowTable(dataset.columns, records.slice(0, 2)).batches]];
    expect(() => [...interleaveBatches(schema, groups, [0, 0, 0])]).toThrow(
      'the groups hold fewer rows than the sequence',
    );
  });
});
