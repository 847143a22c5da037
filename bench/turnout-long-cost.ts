// The cost of the long turnout file next to the wide one, at N synthetic records, in one process:
// building each Arrow table, writing JSON, CSV, Parquet and Arrow, the sizes and the peak RSS. Not part of
// npm run bench (it measures one derived dataset); run: node_modules/node/bin/node bench/turnout-long-cost.ts 100000
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { Table } from 'apache-arrow';
import os from 'node:os';
import path from 'node:path';
import { iterateTurnoutRecords } from '../scripts/synthetic/synthetic-data.ts';
import { turnoutDataset } from '../scripts/datasets/turnout-dataset.ts';
import { turnoutLongDataset } from '../scripts/datasets/turnout-long-dataset.ts';
import { normalizeRecord } from '../scripts/normalize/normalize-records.ts';
import { buildArrowTable } from '../scripts/snapshot/arrow-schema.ts';
import { unpivotBatches } from '../scripts/snapshot/gather-batches.ts';
import { writeJsonFile } from '../scripts/snapshot/json-writer.ts';
import { writeCsvFile } from '../scripts/snapshot/csv-writer.ts';
import { writeParquetFile } from '../scripts/snapshot/parquet-writer.ts';
import { writeArrowIpcFile } from '../scripts/snapshot/arrow-ipc-writer.ts';

const n = Number(process.argv[2]);
const dapils = Math.ceil(n / 10);
const dir = mkdtempSync(path.join(os.tmpdir(), 'kpu-L-measure-'));
const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
let peak = 0;
const timer = setInterval(() => (peak = Math.max(peak, mb())), 50);
let t = performance.now();
const wide = buildArrowTable(
  turnoutDataset.columns,
  (function* () {
    let i = 0;
    for (const raw of iterateTurnoutRecords({ years: [2024], dapils, regenciesPerDapil: 10 })) {
      if (i++ >= n) return;
      yield normalizeRecord(turnoutDataset, raw, []);
    }
  })(),
);
console.log(`wide table: ${wide.numRows} rows in ${((performance.now() - t) / 1000).toFixed(2)} s, rss ${mb()} MiB`);
async function writeAll(table: typeof wide, stem: string) {
  const sizes: string[] = [];
  for (const [ext, write] of [
    ['parquet', writeParquetFile],
    ['json', (records: Table, file: string) => writeJsonFile(records, `${stem}.parquet`, file)],
    ['csv', (records: Table, file: string) => writeCsvFile(records, `${stem}.parquet`, file)],
    ['arrow', writeArrowIpcFile],
  ] as const) {
    await write(table, `${stem}.${ext}`);
    sizes.push(`${ext} ${(statSync(`${stem}.${ext}`).size / 1e6).toFixed(1)} MB`);
  }
  return sizes.join(', ');
}
t = performance.now();
const wideSizes = await writeAll(wide, path.join(dir, 'wide'));
console.log(`wide files written in ${((performance.now() - t) / 1000).toFixed(2)} s: ${wideSizes}`);
t = performance.now();
const long = new Table([...unpivotBatches(turnoutLongDataset, wide)]);
const derivedS = (performance.now() - t) / 1000;
t = performance.now();
const longSizes = await writeAll(long, path.join(dir, 'long'));
console.log(
  `long table: ${long.numRows} rows derived in ${derivedS.toFixed(2)} s, files written in ${((performance.now() - t) / 1000).toFixed(2)} s: ${longSizes}`,
);
clearInterval(timer);
console.log(`peak rss ${Math.max(peak, mb())} MiB`);
rmSync(dir, { recursive: true, force: true });
