// A derived table past its Parquet-only limit streams into its Parquet file batch by batch (issue 16: the long
// turnout table of a million records is twelve million rows): the file is the same bytes as the Parquet of the
// whole table, over several record batches (row groups), and DuckDB reads every row back. Under the limit, every
// derived format is written from the whole table, as before.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { turnoutLongDataset } from '../../scripts/datasets/turnout-long-dataset.ts';
import { formatOf } from '../../scripts/formats.ts';
import { normalizeRecord } from '../../scripts/normalize/normalize-records.ts';
import {
  BATCH_ROWS,
  buildArrowTable,
  createArrowSchema,
  type NormalizedRecord,
} from '../../scripts/snapshot/arrow-schema.ts';
import { fileMetadataOf, withFileMetadata } from '../../scripts/snapshot/file-metadata.ts';
import { writeParquetBatches, writeParquetFile } from '../../scripts/snapshot/parquet-writer.ts';
import { writeDerivedTable } from '../../scripts/snapshot/snapshot-stage.ts';
import { iterateTableRecords } from '../../scripts/snapshot/table-reader.ts';
import { generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { queryDuckDb } from './snapshot-readers.ts';

let dir: string;
let longRows: NormalizedRecord[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'snapshot-derived-'));
  // 6,000 turnout records: twelve long rows each, 72,000 rows, two record batches.
  const raw = generateTurnoutRecords({ years: [2024], dapils: 100, regenciesPerDapil: 60, seed: 16 });
  const wide = buildArrowTable(
    turnoutDataset.columns,
    raw.map((record) => normalizeRecord(turnoutDataset, record, [])),
  );
  longRows = [...iterateTableRecords(wide)].flatMap((record) => turnoutLongDataset.derive(record));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a derived table past its Parquet-only limit', () => {
  it('streams into Parquet batch by batch: the same bytes as the whole table, every row read back', async () => {
    expect(longRows.length).toBeGreaterThan(BATCH_ROWS);
    const stem = path.join(dir, 'streamed');
    const written = await writeDerivedTable(turnoutLongDataset, longRows.values(), stem, 2024, 1_000);
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

  it('fails with the error of the row that cannot be written, and leaves no file', async () => {
    const stem = path.join(dir, 'broken');
    const rows = longRows
      .slice(0, BATCH_ROWS + 10)
      .map((row, index) => (index === BATCH_ROWS + 5 ? { ...row, voters: 2 ** 60 } : row));
    await expect(writeDerivedTable(turnoutLongDataset, rows.values(), stem, 2024, 1_000)).rejects.toThrow(
      /Column voters, record 65541 \(0-based\)/,
    );
    expect(existsSync(`${stem}.parquet`)).toBe(false);
    // No batch at all is refused the same way, never written as an empty file.
    const empty = path.join(dir, 'empty.parquet');
    await expect(
      writeParquetBatches(createArrowSchema(turnoutLongDataset.columns), () => undefined, empty),
    ).rejects.toThrow(/no record batch to write/);
    expect(existsSync(empty)).toBe(false);
  });

  it('writes every derived format from the whole table when it stays under the limit', async () => {
    const stem = path.join(dir, 'small');
    const few = longRows.slice(0, 120);
    const written = await writeDerivedTable(turnoutLongDataset, few.values(), stem, 2024, few.length);
    expect(written.rows).toBe(120);
    expect(written.formats.length).toBeGreaterThan(1);
    for (const format of written.formats) expect(existsSync(`${stem}${formatOf(format).suffix}`)).toBe(true);
  });
});
