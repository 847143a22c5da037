// Every snapshot format of both datasets, written from one Arrow table and read back the way users read it:
// the same records must come out of each, with the types the column definitions declare.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { version as duckDbVersion } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeArrowIpc } from '../../scripts/snapshot/arrow-ipc-writer.ts';
import { buildArrowTable, FIELD_METADATA_KEYS } from '../../scripts/snapshot/arrow-schema.ts';
import { serializeCsv } from '../../scripts/snapshot/csv-writer.ts';
import { iterateTableRecords } from '../../scripts/snapshot/table-reader.ts';
import { FIXTURES, TRICKY_TEXT } from './snapshot-fixtures.ts';
import {
  DUCKDB_TYPES,
  queryDuckDb,
  readArrowIpcBack,
  readCsvBack,
  readParquetWithDuckDb,
  sqlString,
  writeAllFormats,
  type SnapshotPaths,
} from './snapshot-readers.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'snapshot-formats-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function sha256Of(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

describe.each(FIXTURES)('$dataset.id snapshot', ({ dataset, records }) => {
  let paths: SnapshotPaths;

  beforeAll(async () => {
    paths = await writeAllFormats(buildArrowTable(dataset.columns, records), dir, dataset.id);
  });

  it('writes JSON that parses back to the records, one record per line', async () => {
    const text = await readFile(paths.json, 'utf8');
    expect(JSON.parse(text)).toEqual(records);
    const lines = text.split('\n');
    expect(lines[0]).toBe('[');
    expect(lines.slice(1, -2)).toEqual(
      records.map((record, index) => `${JSON.stringify(record)}${index < records.length - 1 ? ',' : ''}`),
    );
    expect(lines.slice(-2)).toEqual([']', '']);
  });

  it('writes CSV that csv-parse reads back to the records', async () => {
    const { header, records: read } = await readCsvBack(paths.csv, dataset.columns);
    expect(header).toEqual(dataset.columns.map((column) => column.name));
    expect(read).toEqual(records);
  });

  it('writes RFC 4180 CSV: BOM, CRLF, quoted text, bare numbers, bare empty null', async () => {
    const text = await readFile(paths.csv, 'utf8');
    expect(text.startsWith('\uFEFF"election_year",')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    // Line breaks outside quoted fields are all CRLF: one per record plus the header.
    expect(text.split('\r\n')).toHaveLength(records.length + 2);
    expect(text).toContain(`"${TRICKY_TEXT.replaceAll('"', '""')}"`);
    expect(text).toMatch(/\r\n2024,/);
    expect(text).toMatch(/\r\n,/); // a record whose first column (election_year) is null
  });

  it('writes Parquet that DuckDB reads with the declared types and the same records', async () => {
    const { types, records: read } = await readParquetWithDuckDb(paths.parquet, dataset.columns);
    expect(types).toEqual(
      Object.fromEntries(dataset.columns.map((column) => [column.name, DUCKDB_TYPES[column.type]])),
    );
    expect(read).toEqual(records);
  });

  it('writes an Arrow IPC file that apache-arrow reads back with types, nullability and column metadata', async () => {
    const table = await readArrowIpcBack(paths.arrow);
    expect([...iterateTableRecords(table)]).toEqual(records);
    const expectedType = {
      integer: 'Int64',
      decimal: 'Float64',
      date: 'Date32<DAY>',
      text: 'Utf8',
      text_list: 'List<Utf8>',
    } as const;
    expect(table.schema.fields.map((field) => [field.name, String(field.type), field.nullable])).toEqual(
      dataset.columns.map((column) => [column.name, expectedType[column.type], column.nullable]),
    );
    for (const column of dataset.columns) {
      const metadata = table.schema.fields.find((field) => field.name === column.name)?.metadata;
      expect(metadata?.get(FIELD_METADATA_KEYS.descriptionEn)).toBe(column.description.en);
      expect(metadata?.get(FIELD_METADATA_KEYS.descriptionId)).toBe(column.description.id);
      expect(metadata?.get(FIELD_METADATA_KEYS.unit)).toBe(column.unit);
      expect(metadata?.get(FIELD_METADATA_KEYS.source)).toBe(column.source ?? undefined);
    }
  });

  it('streams the same Arrow IPC bytes as tableToIPC', async () => {
    const bytes = serializeArrowIpc(buildArrowTable(dataset.columns, records));
    expect(Buffer.from(bytes).equals(await readFile(paths.arrow))).toBe(true);
  });

  it('writes CSV that DuckDB sniffs with the declared types (BOM skipped, header found)', async () => {
    // The ids stay VARCHAR here because the fixtures hold one with a leading zero ("0101", "01"): DuckDB ignores
    // the quotes when it guesses types, and reads a column of "1101", "1102" as BIGINT (csv-writer.ts).
    // An empty list ("") arrives as NULL: DuckDB reads a quoted empty field as NULL by default.
    const [described = []] = await queryDuckDb([`DESCRIBE SELECT * FROM read_csv(${sqlString(paths.csv)})`]);
    // A list is one ;-joined text field in CSV, so DuckDB sees VARCHAR.
    const csvType = { ...DUCKDB_TYPES, text_list: 'VARCHAR' };
    // Region codes never start with a zero, so DuckDB guesses BIGINT for them: docs/data.md ("CSV and
    // identifiers") tells users to declare them VARCHAR, as the Parquet and Arrow files do.
    const guessedAsNumbers = new Set(['province_code', 'regency_code']);
    expect(Object.fromEntries(described.map((row) => [row.column_name, row.column_type]))).toEqual(
      Object.fromEntries(
        dataset.columns.map((column) => [
          column.name,
          guessedAsNumbers.has(column.name) ? 'BIGINT' : csvType[column.type],
        ]),
      ),
    );
  });

  it('writes the same bytes for the same records, in every format', async () => {
    const again = await writeAllFormats(
      buildArrowTable(dataset.columns, structuredClone(records)),
      dir,
      `${dataset.id}-again`,
    );
    for (const format of ['json', 'csv', 'parquet', 'arrow'] as const) {
      expect(await sha256Of(again[format]), format).toBe(await sha256Of(paths[format]));
    }
  });
});

describe('snapshot details users rely on', () => {
  const turnout = FIXTURES[0]!;
  const parties = FIXTURES[1]!;

  it('keeps dapil_id 0101 as text and 2^53 − 1 exact in Parquet', async () => {
    const paths = await writeAllFormats(
      buildArrowTable(turnout.dataset.columns, turnout.records),
      dir,
      'turnout-details',
    );
    const [rows = []] = await queryDuckDb([
      `SELECT dapil_id, total_voters::VARCHAR AS total FROM read_parquet(${sqlString(paths.parquet)}) WHERE dapil_id LIKE '0%' OR total_voters > 1e15`,
    ]);
    expect(rows).toEqual([
      { dapil_id: '0101', total: '107353' },
      { dapil_id: '1101', total: '9007199254740991' },
    ]);
  });

  it('keeps a date before 1970, a leap day and 30.5 in Parquet', async () => {
    const paths = await writeAllFormats(
      buildArrowTable(parties.dataset.columns, parties.records),
      dir,
      'parties-details',
    );
    const [rows = []] = await queryDuckDb([
      `SELECT notarial_deed_date::VARCHAR AS day, women_representation_pct AS pct FROM read_parquet(${sqlString(paths.parquet)}) ORDER BY day`,
    ]);
    expect(rows).toEqual([
      { day: '1965-01-02', pct: 0 },
      { day: '2008-02-06', pct: 30.5 },
      { day: '2024-02-29', pct: null },
    ]);
  });

  it("compresses Parquet with ZSTD, with the engine's version as created_by (nothing of the machine or the time)", async () => {
    const paths = await writeAllFormats(
      buildArrowTable(parties.dataset.columns, parties.records),
      dir,
      'parties-metadata',
    );
    const [chunks = [], files = []] = await queryDuckDb([
      `SELECT DISTINCT compression FROM parquet_metadata(${sqlString(paths.parquet)})`,
      `SELECT created_by, num_rows FROM parquet_file_metadata(${sqlString(paths.parquet)})`,
    ]);
    expect(chunks).toEqual([{ compression: 'ZSTD' }]);
    expect(files).toEqual([
      {
        created_by: expect.stringMatching(`^DuckDB version ${duckDbVersion()} `),
        num_rows: String(parties.records.length),
      },
    ]);
  });

  it('filters text with non-BMP characters correctly in DuckDB (no wrong min/max statistics)', async () => {
    // Regression guard: parquetjs-lite ordered strings by UTF-16 code units, and with its statistics DuckDB skipped this row group.
    const records = ['A', '\uFFFD', '😀 KOTA'].map((name, index) => ({
      ...turnout.records[0]!,
      dapil_id: String(index),
      regency_name: name,
    }));
    const paths = await writeAllFormats(buildArrowTable(turnout.dataset.columns, records), dir, 'turnout-statistics');
    const [rows = []] = await queryDuckDb([
      `SELECT dapil_id FROM read_parquet(${sqlString(paths.parquet)}) WHERE regency_name = '😀 KOTA'`,
    ]);
    expect(rows).toEqual([{ dapil_id: '2' }]);
  });

  it('writes a table of no records in every format, still with its columns', async () => {
    const paths = await writeAllFormats(buildArrowTable(parties.dataset.columns, []), dir, 'parties-empty');
    expect(await readFile(paths.json, 'utf8')).toBe('[\n]\n');
    expect(await readFile(paths.csv, 'utf8')).toBe(
      `\uFEFF${parties.dataset.columns.map((column) => `"${column.name}"`).join(',')}\r\n`,
    );
    const { types, records } = await readParquetWithDuckDb(paths.parquet, parties.dataset.columns);
    expect(Object.keys(types)).toEqual(parties.dataset.columns.map((column) => column.name));
    expect(records).toEqual([]);
    const table = await readArrowIpcBack(paths.arrow);
    expect(table.numRows).toBe(0);
    expect(table.schema.fields.map((field) => field.name)).toEqual(
      parties.dataset.columns.map((column) => column.name),
    );
  });

  it('refuses a list element the CSV could not tell apart', () => {
    const record = { ...turnout.records[0]!, quality_flags: ['a;b'] };
    const table = buildArrowTable(turnout.dataset.columns, [record]);
    expect(() => [...serializeCsv(table)]).toThrow(/quality_flags, row 0: list element "a;b"/);
  });

  it('leaves no partial file behind', async () => {
    const files = await readdir(dir);
    expect(files.filter((file) => file.endsWith('.partial'))).toEqual([]);
  });
});
