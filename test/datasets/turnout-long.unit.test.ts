// The long (tidy) turnout rows, on the real 2014 records (../shared/data/canonical, the four broken
// records included): every value of the source appears exactly once, and for records that obey the sum rules the
// part rows add up to each of the source's totals, so summing the parts never counts a voter twice.
import { Table } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { checkDataset } from '../../scripts/check/quality-check.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { LONG_CELLS, turnoutLongDataset } from '../../scripts/datasets/turnout-long-dataset.ts';
import { normalizeRecords } from '../../scripts/normalize/normalize-records.ts';
import { buildArrowTable, type NormalizedRecord } from '../../scripts/snapshot/arrow-schema.ts';
import { iterateTableRecords } from '../../scripts/snapshot/table-reader.ts';
import { unpivotBatches } from '../../scripts/snapshot/gather-batches.ts';
import { HAS_SHARED_DATA, noticeSharedData, readCanonicalCsv } from '../support/shared-data.ts';

noticeSharedData('test/datasets/turnout-long.unit.test.ts');

type Row = Record<string, unknown>;

/** The long rows of wide records, as the snapshot stage makes them (gather-batches.ts) and read back. */
function toLongRows(wide: readonly NormalizedRecord[]): Row[] {
  const source = buildArrowTable(turnoutDataset.columns, wide);
  return [...unpivotBatches(turnoutLongDataset, source)].flatMap((batch) => [
    ...iterateTableRecords(new Table([batch])),
  ]);
}

const KEY = ['election_year', 'election_type', 'dapil_id', 'regency_name'];
const keyOf = (row: Row) => JSON.stringify(KEY.map((name) => row[name]));
const COUNT_COLUMNS = turnoutDataset.columns.filter((column) => column.type === 'integer' && column.unit === 'persons');

describe('the long turnout rows', () => {
  it('turn one wide record into 12 rows in the declared columns, with the value of each count once', () => {
    const wide: NormalizedRecord = Object.fromEntries(
      turnoutDataset.columns.map((column, index) => [column.name, column.type === 'integer' ? index : 'x']),
    );
    wide.quality_flags = ['dpt-sex-sum'];
    wide.dptb_female = null;
    const rows = toLongRows([wide]);
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(Object.keys(row)).toEqual(turnoutLongDataset.columns.map((column) => column.name));
    expect(rows.map((row) => `${String(row.voter_list)}/${String(row.sex)}/${String(row.count_kind)}`)).toEqual([
      'dpt/male/part',
      'dpt/female/part',
      'dpt/total/total',
      'dptb/male/part',
      'dptb/female/part',
      'dptb/total/total',
      'dpk/male/part',
      'dpk/female/part',
      'dpk/total/total',
      'all/male/total',
      'all/female/total',
      'all/total/total',
    ]);
    expect(rows.map((row) => row.voters)).toEqual(LONG_CELLS.map((cell) => wide[cell.column]));
    expect(rows[4]?.voters).toBeNull();
    expect(rows.every((row) => JSON.stringify(row.quality_flags) === '["dpt-sex-sum"]')).toBe(true);
    // Every count column of the wide record is one cell, once.
    expect(LONG_CELLS.map((cell) => cell.column).sort()).toEqual(COUNT_COLUMNS.map((column) => column.name).sort());
  });

  describe.runIf(HAS_SHARED_DATA)('on the real 2014 records', () => {
    const raw = [
      ...readCanonicalCsv('datahakpilihdpr_2014_sumatra_jawa.csv'),
      ...readCanonicalCsv('datahakpilihdpr_2014_broken.csv'),
    ];
    const wide = normalizeRecords(turnoutDataset, raw, checkDataset(turnoutDataset, raw).flags);
    const long = toLongRows(wide);
    const rowsOf = new Map<string, Row[]>();
    for (const row of long) rowsOf.set(keyOf(row), [...(rowsOf.get(keyOf(row)) ?? []), row]);

    it('holds every source value exactly once: 12 rows per record, each the value of its wide column', () => {
      expect(wide).toHaveLength(267);
      expect(long).toHaveLength(267 * 12);
      const byCell = new Map<string, Row[]>();
      for (const row of long) {
        const id = `${keyOf(row)}|${String(row.voter_list)}|${String(row.sex)}`;
        byCell.set(id, [...(byCell.get(id) ?? []), row]);
      }
      for (const record of wide) {
        for (const cell of LONG_CELLS) {
          const rows = byCell.get(`${keyOf(record)}|${cell.voterList}|${cell.sex}`) ?? [];
          expect(rows, `${keyOf(record)} ${cell.column}`).toHaveLength(1);
          expect(rows[0]?.voters, `${keyOf(record)} ${cell.column}`).toBe(record[cell.column]);
          expect(rows[0]?.count_kind).toBe(cell.kind);
        }
      }
    });

    it('adds the part rows of a record that obeys the sum rules up to each of its source totals', () => {
      const sum = (rows: Row[], where: (row: Row) => boolean) =>
        rows.filter(where).reduce((total, row) => total + Number(row.voters), 0);
      let clean = 0;
      for (const record of wide) {
        if ((record.quality_flags as string[]).length > 0) continue;
        clean += 1;
        const rows = rowsOf.get(keyOf(record)) ?? [];
        const parts = rows.filter((row) => row.count_kind === 'part');
        const total = (list: string, sex: string) =>
          rows.find((row) => row.voter_list === list && row.sex === sex && row.count_kind === 'total')?.voters;
        for (const list of ['dpt', 'dptb', 'dpk'])
          expect(
            sum(parts, (row) => row.voter_list === list),
            `${keyOf(record)} ${list}`,
          ).toBe(total(list, 'total'));
        for (const sex of ['male', 'female'])
          expect(
            sum(parts, (row) => row.sex === sex),
            `${keyOf(record)} ${sex}`,
          ).toBe(total('all', sex));
        expect(
          sum(parts, () => true),
          keyOf(record),
        ).toBe(total('all', 'total'));
      }
      expect(clean).toBe(263);
      // The whole clean file, summed over its parts only: the figure ../shared/data/README.md gives.
      const cleanRows = long.filter((row) => (row.quality_flags as string[]).length === 0);
      expect(sum(cleanRows, (row) => row.count_kind === 'part')).toBe(102_564_049);
      expect(sum(cleanRows, (row) => row.voter_list === 'all' && row.sex === 'total')).toBe(102_564_049);
    });

    it("keeps a flagged record's parts and totals as given, though they disagree", () => {
      const flagged = wide.filter((record) => (record.quality_flags as string[]).length > 0);
      expect(flagged.map((record) => record.regency_name).sort()).toEqual([
        'BANGGAI',
        'BOGOR',
        'KEPULAUAN YAPEN',
        'SUMBA BARAT DAYA',
      ]);
      for (const record of flagged) {
        const rows = rowsOf.get(keyOf(record)) ?? [];
        const parts = rows
          .filter((row) => row.count_kind === 'part')
          .reduce((total, row) => total + Number(row.voters), 0);
        const grand = rows.find((row) => row.voter_list === 'all' && row.sex === 'total')?.voters;
        const perSex = ['male', 'female'].map((sex) =>
          rows
            .filter((row) => row.sex === sex && row.count_kind === 'part')
            .reduce((t, row) => t + Number(row.voters), 0),
        );
        const sexTotals = ['male', 'female'].map(
          (sex) => rows.find((row) => row.voter_list === 'all' && row.sex === sex)?.voters,
        );
        // At least one of the source's totals is not the sum of its parts: the reason both are kept.
        expect(parts !== grand || perSex.some((value, index) => value !== sexTotals[index]), keyOf(record)).toBe(true);
      }
    });
  });
});
