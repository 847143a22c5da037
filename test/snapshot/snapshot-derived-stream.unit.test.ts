// A derived table's Parquet file is DuckDB's query of its source's Parquet file (the long turnout table of a
// million records is twelve million rows, none of them made in JavaScript): the same bytes as the Parquet of the
// whole table made in JavaScript, over several record batches (row groups), and DuckDB reads every row back. Past
// its Parquet-only limit no other format is written; under it, every derived format is written from the whole table.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Table } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { turnoutLongDataset } from '../../scripts/datasets/turnout-long-dataset.ts';
import { formatOf } from '../../scripts/formats.ts';
import { normalizeRecord } from '../../scripts/normalize/normalize-records.ts';
import {
  BATCH_ROWS,
  buildArrowTable,
  createArrowSchema,
  SnapshotValueError,
  type NormalizedRecord,
} from '../../scripts/snapshot/arrow-schema.ts';
import { derivedFormats } from '../../scripts/snapshot/manifest-builder.ts';
import { fileMetadataOf, withFileMetadata } from '../../scripts/snapshot/file-metadata.ts';
import { writeParquetFile } from '../../scripts/snapshot/parquet-writer.ts';
import { writeDerivedTable } from '../../scripts/snapshot/snapshot-stage.ts';
import { iterateTableRecords } from '../../scripts/snapshot/table-reader.ts';
import { unpivotBatches } from '../../scripts/snapshot/gather-batches.ts';
import { generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { queryDuckDb } from './snapshot-readers.ts';

let dir: string;
let wide: Table;
let wideRecords: NormalizedRecord[];
let longRows: NormalizedRecord[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'snapshot-derived-'));
  // 6,000 turnout records: twelve long rows each, 72,000 rows, two record batches.
  const raw = generateTurnoutRecords({ years: [2024], dapils: 100, regenciesPerDapil: 60, seed: 16 });
  wideRecords = raw.map((record) => normalizeRecord(turnoutDataset, record, []));
  wide = buildArrowTable(turnoutDataset.columns, wideRecords);
  longRows = [...iterateTableRecords(new Table([...unpivotBatches(turnoutLongDataset, wide)]))];
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a derived table past its Parquet-only limit', () => {
  it("is derived by DuckDB from the source's Parquet: the same bytes as the whole table, every row read back", async () => {
    expect(longRows.length).toBeGreaterThan(BATCH_ROWS);
    const stem = path.join(dir, 'streamed');
    const wideParquet = path.join(dir, 'wide.parquet');
    await writeParquetFile(wide, wideParquet);
    const written = await writeDerivedTable(turnoutLongDataset, wide, wideParquet, stem, 2024, 1_000);
    expect(written).toEqual({ rows: longRows.length, formats: ['parquet'] });
    for (const format of ['json', 'csv', 'arrow', 'xlsx'] as const)
      expect(existsSync(`${stem}${formatOf(format).suffix}`)).toBe(false);

    const whole = path.join(dir, 'whole.parquet');
    const table = withFileMetadata(
      buildArrowTable(turnoutLongDataset.columns, longRows),
      fileMetadataOf(turnoutLongDataset, 2024),
    );
    expect(table.batches.length).toBe(2);
    await writeParquetFile(table, whole);
    const streamed = await readFile(`${stem}.parquet`);
    expect(streamed.equals(await readFile(whole))).toBe(true);

    const [counted] = await queryDuckDb([`SELECT count(*) AS n FROM read_parquet('${stem}.parquet')`]);
    expect(Number(counted?.[0]?.n)).toBe(longRows.length);
  });

  it('fails with the error of the row that cannot be written, after a first batch, and leaves no file', async () => {
    const stem = path.join(dir, 'broken');
    // A derived column that holds no null, and a null in the source's record 5,500 (its 12 rows from 66,000 on):
    // the first batch (65,536 rows) is written before the second fails.
    const strict = {
      ...turnoutLongDataset,
      columns: turnoutLongDataset.columns.map((column) =>
        column.name === 'voters' ? { ...column, nullable: false } : column,
      ),
    };
    const broken = buildArrowTable(
      turnoutDataset.columns,
      wideRecords.map((record, index) => (index === 5_500 ? { ...record, dpt_male: null } : record)),
    );
    const brokenParquet = path.join(dir, 'broken-wide.parquet');
    await writeParquetFile(broken, brokenParquet);
    const failure = writeDerivedTable(strict, broken, brokenParquet, stem, 2024, 1_000);
    await expect(failure).rejects.toThrow(SnapshotValueError);
    await expect(failure).rejects.toThrow(
      /^Column voters, record 66000 \(0-based\): null is null in a column that cannot be null$/,
    );
    expect(existsSync(`${stem}.parquet`)).toBe(false);
    expect(existsSync(`${stem}.parquet.partial`)).toBe(false);
  });

  it('writes a source of no rows as a file of no rows with the schema, the same bytes as the empty table', async () => {
    const stem = path.join(dir, 'none');
    const none = buildArrowTable(turnoutDataset.columns, []);
    const noneParquet = path.join(dir, 'none-wide.parquet');
    await writeParquetFile(none, noneParquet);
    expect(await writeDerivedTable(turnoutLongDataset, none, noneParquet, stem, 2024, 0)).toEqual({
      rows: 0,
      formats: derivedFormats().map((format) => format.id),
    });
    const whole = path.join(dir, 'none-whole.parquet');
    const table = withFileMetadata(
      new Table(createArrowSchema(turnoutLongDataset.columns)),
      fileMetadataOf(turnoutLongDataset, 2024),
    );
    await writeParquetFile(table, whole);
    expect((await readFile(`${stem}.parquet`)).equals(await readFile(whole))).toBe(true);
    const [counted] = await queryDuckDb([`SELECT count(*) AS n FROM read_parquet('${stem}.parquet')`]);
    expect(Number(counted?.[0]?.n)).toBe(0);
  });

  it('writes every derived format from the whole table when it stays under the limit', async () => {
    const stem = path.join(dir, 'small');
    const few = buildArrowTable(turnoutDataset.columns, wideRecords.slice(0, 10));
    const fewParquet = path.join(dir, 'few-wide.parquet');
    await writeParquetFile(few, fewParquet);
    const written = await writeDerivedTable(turnoutLongDataset, few, fewParquet, stem, 2024, 120);
    expect(written.rows).toBe(120);
    expect(written.formats.length).toBeGreaterThan(1);
    for (const format of written.formats) expect(existsSync(`${stem}${formatOf(format).suffix}`)).toBe(true);
  });
});
