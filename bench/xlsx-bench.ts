// The XLSX writer comparison of docs/data.md ("How the workbook is written"): N synthetic turnout records written as
// one typed sheet by each candidate, each in a process of its own so its peak memory is its own.
// Usage: node bench/xlsx-bench.ts [records]  (default 100000); prints one table row per candidate.
// A child: node bench/xlsx-bench.ts --child <candidate> <records> <out>; prints JSON.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { turnoutDataset } from '../scripts/datasets/turnout-dataset.ts';
import { normalizeRecord, type NormalizedRecord } from '../scripts/normalize/normalize-records.ts';
import writeExcelFile, { type Cell } from 'write-excel-file/node';
import { createTableBuilder } from '../scripts/snapshot/arrow-schema.ts';
import { writeXlsxFile } from '../scripts/snapshot/xlsx-writer.ts';
import { writeXlsxFileWithExcelJs } from './support/exceljs-xlsx-writer.ts';
import { syntheticTurnout } from './support/synthetic-sizes.ts';
import type { Table } from 'apache-arrow';
import { iterateTableRecords } from '../scripts/snapshot/table-reader.ts';

/** Each candidate writes the same typed cells (text, integers, decimals, dates) with a frozen bold header. */
const CANDIDATES = {
  /** The project's writer (scripts/snapshot/xlsx-writer.ts): SpreadsheetML streamed from the columns into zip-writer.ts. */
  'streaming SpreadsheetML + zlib (project writer)': async (table: Table, out: string) => {
    await writeXlsxFile(table, out, { dataset: turnoutDataset, year: 2024 });
  },
  /** ExcelJS's streaming writer, the same cells, formats and about sheet: the reference. */
  'ExcelJS 4.4.0, streaming WorkbookWriter (reference)': async (table: Table, out: string) => {
    await writeXlsxFileWithExcelJs(table, out, { dataset: turnoutDataset, year: 2024 });
  },
  /** ExcelJS's in-memory workbook, written whole. */
  'ExcelJS 4.4.0, in-memory Workbook': async (table: Table, out: string) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('data', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = table.schema.fields.map((field) => ({ header: field.name, key: field.name, width: 14 }));
    sheet.getRow(1).font = { bold: true };
    for (const record of iterateTableRecords(table)) sheet.addRow(plainRow(record));
    await workbook.xlsx.writeFile(out);
  },
  /** write-excel-file: one array of cells per row, zipped whole in memory (fflate). */
  'write-excel-file 4.1.1': async (table: Table, out: string) => {
    const header = table.schema.fields.map((field) => ({ value: field.name, fontWeight: 'bold' as const }));
    const rows: Cell[][] = [header];
    for (const record of iterateTableRecords(table)) {
      rows.push(
        Object.values(record).map((value): Cell => {
          if (value === null) return null;
          if (typeof value === 'number') return { value, type: Number };
          if (Array.isArray(value)) return { value: value.join(';'), type: String };
          return /^\d{4}-\d{2}-\d{2}$/.test(value)
            ? { value: new Date(`${value}T00:00:00Z`), type: Date, format: 'yyyy-mm-dd' }
            : { value, type: String };
        }),
      );
    }
    await writeExcelFile(rows, { stickyRowsCount: 1 }).toFile(out);
  },
} as const;

/** A record's values as cells: dates as Dates, lists joined. */
function plainRow(record: NormalizedRecord): unknown[] {
  return Object.values(record).map((value) => {
    if (Array.isArray(value)) return value.join(';');
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
    return value;
  });
}

type Candidate = keyof typeof CANDIDATES;

/** The candidates that build every cell as an object before writing: not run above IN_MEMORY_LIMIT records. */
const IN_MEMORY: ReadonlySet<Candidate> = new Set(['ExcelJS 4.4.0, in-memory Workbook', 'write-excel-file 4.1.1']);
const IN_MEMORY_LIMIT = 200_000;

interface ChildOutput {
  writeMs: number;
  bytes: number;
  maxRssMiB: number;
}

const NO_FLAGS: readonly string[] = [];

async function runChild(candidate: Candidate, records: number, out: string): Promise<void> {
  const builder = createTableBuilder(turnoutDataset.columns);
  for (const raw of syntheticTurnout(records)) builder.appendRecord(normalizeRecord(turnoutDataset, raw, NO_FLAGS));
  const table = builder.finish();
  const started = performance.now();
  await CANDIDATES[candidate](table, out);
  const writeMs = performance.now() - started;
  const output: ChildOutput = {
    writeMs,
    bytes: (await stat(out)).size,
    // ru_maxrss is in KiB on Linux: the table itself is in it, the same for every candidate.
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

async function main(): Promise<void> {
  const records = Number(process.argv[2] ?? 100_000);
  const folder = await mkdtemp(path.join(tmpdir(), 'xlsx-bench-'));
  try {
    // The table alone, for the memory every candidate starts from.
    const baseline = JSON.parse(
      execFileSync(process.execPath, [
        fileURLToPath(import.meta.url),
        '--child',
        'none',
        String(records),
        'x',
      ]).toString(),
    ) as { maxRssMiB: number };
    process.stdout.write(
      `${records} records; the Arrow table alone: peak RSS ${baseline.maxRssMiB.toFixed(0)} MiB; load average ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} cores\n`,
    );
    process.stdout.write('| library | write | peak RSS | size | load average after |\n|---|---|---|---|---|\n');
    for (const candidate of Object.keys(CANDIDATES) as Candidate[]) {
      if (records > IN_MEMORY_LIMIT && IN_MEMORY.has(candidate)) {
        process.stdout.write(
          `| ${candidate} | not run: builds every cell as an object (0.8 to 2.7 GiB at 100,000 records) | | | |\n`,
        );
        continue;
      }
      const out = path.join(folder, 'out.xlsx');
      const output = JSON.parse(
        execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', candidate, String(records), out], {
          maxBuffer: 1 << 20,
        }).toString(),
      ) as ChildOutput;
      process.stdout.write(
        `| ${candidate} | ${(output.writeMs / 1000).toFixed(2)} s | ${output.maxRssMiB.toFixed(0)} MiB | ${(output.bytes / 1e6).toFixed(1)} MB | ${loadavg()[0]?.toFixed(2)} |\n`,
      );
      await rm(out, { force: true });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const [, , , candidate, records, out] = process.argv;
  if (candidate === 'none') {
    const builder = createTableBuilder(turnoutDataset.columns);
    for (const raw of syntheticTurnout(Number(records)))
      builder.appendRecord(normalizeRecord(turnoutDataset, raw, NO_FLAGS));
    builder.finish();
    process.stdout.write(`${JSON.stringify({ maxRssMiB: process.resourceUsage().maxRSS / 1024 })}\n`);
  } else await runChild(candidate as Candidate, Number(records), out as string);
} else await main();
