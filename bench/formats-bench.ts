// Snapshot writing: each writer of the snapshot stage (JSON, CSV, Parquet, Arrow and XLSX: every per-dataset format
// the publisher writes) on the same Arrow table of N synthetic turnout records, next to a baseline that only
// JSON.stringifies the same records into one file; records per second, file size, peak RSS, the time DuckDB takes
// to read each file back, and the time of all formats together.
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FormatResult, FormatSize, FormatsSection, WrittenFormat } from './bench-results.ts';
import type { ChildFormat, FormatWriteOutput } from './format-write-child.ts';
import type { BenchContext } from './support/bench-context.ts';
import {
  DUCKDB_PARQUET_DESCRIPTION,
  DUCKDB_READ_DESCRIPTION,
  readWithDuckDb,
  writeParquetWithDuckDb,
  type ReadableFormat,
} from './support/duckdb-read.ts';
import { assertSucceeded, runMeasured, type MeasuredRun } from './support/measured-process.ts';
import { PROJECT_ROOT } from './support/paths.ts';
import { maxOrNull, median, perSecond, round } from './support/stats.ts';

const FORMATS: readonly ChildFormat[] = ['baseline', 'json', 'csv', 'parquet', 'arrow', 'xlsx'];
/** The publisher's own formats, whose medians add up to the "all formats" figure. */
const PUBLISHED: readonly WrittenFormat[] = ['json', 'csv', 'parquet', 'arrow', 'xlsx'];
const EXTENSIONS: Record<WrittenFormat, string> = {
  baseline: 'baseline.json',
  json: 'json',
  csv: 'csv',
  parquet: 'parquet',
  arrow: 'arrow',
  xlsx: 'xlsx',
  'duckdb-parquet': 'duckdb.parquet',
};
const DUCKDB_FORMATS: Record<WrittenFormat, ReadableFormat | null> = {
  baseline: 'json',
  json: 'json',
  csv: 'csv',
  parquet: 'parquet',
  arrow: null,
  xlsx: null,
  'duckdb-parquet': 'parquet',
};
/** Why DuckDB does not read a format back here. */
const UNREADABLE_NOTES: Partial<Record<WrittenFormat, string>> = {
  arrow: 'DuckDB reads Arrow IPC files only through its arrow community extension, which is not installed (offline)',
  xlsx: 'DuckDB reads XLSX only through its excel extension, which is not installed (offline)',
};
/** Writer children at or above this size are profiled with --cpu-prof. */
const PROFILED_FROM = 100_000;

interface FormatRun {
  run: MeasuredRun;
  output: FormatWriteOutput;
}

async function writeOnce(
  context: BenchContext,
  records: number,
  format: ChildFormat,
  file: string,
): Promise<FormatRun> {
  await rm(file, { force: true });
  const profile =
    context.cpuProfileDir && records >= PROFILED_FROM
      ? [
          '--cpu-prof',
          `--cpu-prof-dir=${context.cpuProfileDir}`,
          `--cpu-prof-name=format-${format}-${records}.cpuprofile`,
        ]
      : [];
  const run = assertSucceeded(
    await runMeasured(
      process.execPath,
      [...profile, path.join(PROJECT_ROOT, 'bench', 'format-write-child.ts'), String(records), format, file],
      {
        cwd: PROJECT_ROOT,
        env: {},
      },
    ),
    `writing ${format}`,
  );
  context.noteCommand(
    run.command.replace(String(records), '<records>').replace(format, '<format>').replace(file, '<out>'),
  );
  return { run, output: JSON.parse(run.stdout) as FormatWriteOutput };
}

async function benchSize(context: BenchContext, records: number): Promise<FormatSize> {
  const dir = path.join(context.workDir, `formats-${records}`);
  await mkdir(dir, { recursive: true });
  const repetitions = context.plan.repetitions(records);
  const runs = new Map<ChildFormat, FormatRun[]>(FORMATS.map((format) => [format, []]));
  for (let repetition = 0; repetition < repetitions; repetition += 1) {
    // Rotate the order, so no format always runs on a machine warmed (or tired) by the same neighbour.
    const order = FORMATS.map((_, index) => FORMATS[(index + repetition) % FORMATS.length] as ChildFormat);
    for (const format of order) {
      const run = await writeOnce(context, records, format, path.join(dir, `turnout.${EXTENSIONS[format]}`));
      runs.get(format)?.push(run);
      context.log(
        `formats ${records.toLocaleString('en')} #${repetition + 1} ${format}: ${(run.output.writeMs / 1000).toFixed(2)} s, ${run.output.bytes.toLocaleString('en')} bytes`,
      );
    }
  }
  const formats: FormatResult[] = [];
  for (const format of FORMATS) {
    const measured = runs.get(format) ?? [];
    const medianMs = median(measured.map((run) => run.output.writeMs));
    const readFormat = DUCKDB_FORMATS[format];
    const file = path.join(dir, `turnout.${EXTENSIONS[format]}`);
    const read = readFormat === null ? null : await readWithDuckDb(readFormat, file);
    if (read) context.noteCommand(DUCKDB_READ_DESCRIPTION);
    if (read)
      context.log(
        `formats ${records.toLocaleString('en')} DuckDB read ${format}: ${(read.ms / 1000).toFixed(2)} s, ${read.rows} rows`,
      );
    formats.push({
      format,
      runsMs: measured.map((run) => round(run.output.writeMs)),
      medianMs: round(medianMs),
      peakRssKiB: maxOrNull(measured.map((run) => run.run.peakRssKiB)),
      peakTreeRssKiB: maxOrNull(measured.map((run) => run.run.peakTreeRssKiB)),
      recordsPerSecond: perSecond(records, medianMs),
      bytes: measured[0]?.output.bytes ?? 0,
      duckdbReadMs: read ? round(read.ms) : null,
      duckdbRows: read ? read.rows : null,
      ...(readFormat === null ? { duckdbNote: UNREADABLE_NOTES[format] } : {}),
    });
  }
  const referenceFile = path.join(dir, `turnout.${EXTENSIONS['duckdb-parquet']}`);
  const reference = await writeParquetWithDuckDb(path.join(dir, `turnout.${EXTENSIONS.parquet}`), referenceFile);
  context.noteCommand(DUCKDB_PARQUET_DESCRIPTION);
  const referenceRead = await readWithDuckDb('parquet', referenceFile);
  formats.push({
    format: 'duckdb-parquet',
    runsMs: [round(reference.ms)],
    medianMs: round(reference.ms),
    peakRssKiB: null,
    peakTreeRssKiB: null,
    recordsPerSecond: perSecond(records, reference.ms),
    bytes: (await stat(referenceFile)).size,
    duckdbReadMs: round(referenceRead.ms),
    duckdbRows: referenceRead.rows,
    duckdbNote:
      "reference only: DuckDB's own Parquet writer (dictionary encoding, Snappy, multi-threaded) on the same rows; memory not measured (in the benchmark process)",
  });
  await rm(dir, { recursive: true, force: true });
  const byFormat = (format: WrittenFormat): FormatResult =>
    formats.find((result) => result.format === format) as FormatResult;
  const prepare = [...runs.values()].flat().filter((run) => run.output.prepareMs > 0);
  return {
    records,
    repetitions,
    prepareMedianMs: round(median(prepare.map((run) => run.output.prepareMs))),
    formats,
    jsonCsvParquetMs: round(byFormat('json').medianMs + byFormat('csv').medianMs + byFormat('parquet').medianMs),
    allFormatsMs: round(PUBLISHED.reduce((total, format) => total + byFormat(format).medianMs, 0)),
    csvToParquetSizeRatio: round(byFormat('csv').bytes / byFormat('parquet').bytes, 2),
  };
}

export async function benchFormats(context: BenchContext): Promise<Omit<FormatsSection, 'durationMs'>> {
  const sizes: FormatSize[] = [];
  for (const records of context.plan.sizes) sizes.push(await benchSize(context, records));
  return { status: 'ok', sizes };
}
