// One measurement of the format benchmark, in a process of its own so its peak memory is its own: build the
// snapshot's Arrow table from N synthetic turnout records (generator → normalize → table, timed apart), then
// write it with one of the project's writers, or, for the baseline, JSON.stringify the same normalized
// records into one file. Usage: node bench/format-write-child.ts <records> <format> <out>; prints JSON.
import { open, stat } from 'node:fs/promises';
import type { Table } from 'apache-arrow';
import { performance } from 'node:perf_hooks';
import { turnoutDataset } from '../scripts/datasets/turnout-dataset.ts';
import { normalizeRecord, type NormalizedRecord } from '../scripts/normalize/normalize-records.ts';
import { createTableBuilder } from '../scripts/snapshot/arrow-schema.ts';
import { writeArrowIpcFile } from '../scripts/snapshot/arrow-ipc-writer.ts';
import { writeCsvFile } from '../scripts/snapshot/csv-writer.ts';
import { writeJsonFile } from '../scripts/snapshot/json-writer.ts';
import { writeParquetFile } from '../scripts/snapshot/parquet-writer.ts';
import { writeXlsxFile } from '../scripts/snapshot/xlsx-writer.ts';
import { syntheticTurnout } from './support/synthetic-sizes.ts';

/** What this child writes: a project writer's format, or the baseline. */
export type ChildFormat = 'json' | 'csv' | 'parquet' | 'arrow' | 'xlsx' | 'baseline';

export interface FormatWriteOutput {
  prepareMs: number;
  writeMs: number;
  bytes: number;
}

const NO_FLAGS: readonly string[] = [];
/** Records per write in the baseline, like the JSON writer's chunks. */
const BASELINE_CHUNK = 1024;

/** The baseline: `[\n` + one JSON.stringify(record) per line + `\n]\n`, written chunk by chunk; nothing else. */
async function writeBaseline(records: readonly NormalizedRecord[], file: string): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.write('[\n');
    for (let start = 0; start < records.length; start += BASELINE_CHUNK) {
      const lines = records.slice(start, start + BASELINE_CHUNK).map((record) => JSON.stringify(record));
      await handle.write(`${start === 0 ? '' : ',\n'}${lines.join(',\n')}`);
    }
    await handle.write('\n]\n');
  } finally {
    await handle.close();
  }
}

const [recordsArgument, formatArgument, out] = process.argv.slice(2);
const records = Number(recordsArgument);
const format = formatArgument as ChildFormat;
if (
  !Number.isInteger(records) ||
  records < 1 ||
  !out ||
  !['json', 'csv', 'parquet', 'arrow', 'xlsx', 'baseline'].includes(format)
) {
  process.stderr.write(
    'usage: node bench/format-write-child.ts <records> <json|csv|parquet|arrow|xlsx|baseline> <out>\n',
  );
  process.exit(2);
}

const prepareStarted = performance.now();
let prepareMs: number;
let writeMs: number;
if (format === 'baseline') {
  const normalized: NormalizedRecord[] = [];
  for (const raw of syntheticTurnout(records)) normalized.push(normalizeRecord(turnoutDataset, raw, NO_FLAGS));
  prepareMs = performance.now() - prepareStarted;
  const writeStarted = performance.now();
  await writeBaseline(normalized, out);
  writeMs = performance.now() - writeStarted;
} else {
  const builder = createTableBuilder(turnoutDataset.columns);
  for (const raw of syntheticTurnout(records)) builder.appendRecord(normalizeRecord(turnoutDataset, raw, NO_FLAGS));
  const table = builder.finish();
  // The JSON and CSV files are DuckDB's queries of the table's Parquet file, which the snapshot stage writes anyway:
  // written here as part of the preparation.
  const parquet = `${out}.parquet`;
  if (format === 'json' || format === 'csv') await writeParquetFile(table, parquet);
  prepareMs = performance.now() - prepareStarted;
  const write = {
    json: (records: Table, file: string) => writeJsonFile(records, parquet, file),
    csv: (records: Table, file: string) => writeCsvFile(records, parquet, file),
    parquet: writeParquetFile,
    arrow: writeArrowIpcFile,
    // The all-years file's about sheet: a million records and the header fit one sheet (1,048,576 rows).
    xlsx: (records: Table, file: string) => writeXlsxFile(records, file, { dataset: turnoutDataset, year: 'all' }),
  }[format];
  const writeStarted = performance.now();
  await write(table, out);
  writeMs = performance.now() - writeStarted;
}
const output: FormatWriteOutput = { prepareMs, writeMs, bytes: (await stat(out)).size };
process.stdout.write(`${JSON.stringify(output)}\n`);
