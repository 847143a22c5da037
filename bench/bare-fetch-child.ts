// The harvest benchmark's two baselines, fetching a given list of pages with the harvest's concurrency and
// connection settings: the fetch-only loop reads each body and does nothing else (no parsing, no disk); the fair
// floor (--fair-floor <dir>) also does what any harvest must: JSON.parse each body (as UTF-8 text) and write it to a
// file in <dir>, under a temporary name renamed into place, as the harvest store writes a page body.
// Usage: BENCH_UPSTREAM_KEY=… node bench/bare-fetch-child.ts <plan.json> [--fair-floor <dir>];
// prints {requests, bytes, records, elapsedMs}.
import { rename, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';

export interface BareFetchPlan {
  urls: string[];
  concurrency: number;
  timeoutMs: number;
}

const key = process.env.BENCH_UPSTREAM_KEY;
const planFile = process.argv[2];
const floorDir = process.argv[3] === '--fair-floor' ? process.argv[4] : undefined;
if (!key || !planFile || (process.argv[3] !== undefined && !floorDir)) {
  process.stderr.write('usage: BENCH_UPSTREAM_KEY=… node bench/bare-fetch-child.ts <plan.json> [--fair-floor <dir>]\n');
  process.exit(2);
}
const plan = JSON.parse(await readFile(planFile, 'utf8')) as BareFetchPlan;
// The same agent settings and headers as scripts/harvest/upstream-client.ts.
const agent = new Agent({
  connections: plan.concurrency,
  headersTimeout: plan.timeoutMs,
  bodyTimeout: plan.timeoutMs,
  connectTimeout: plan.timeoutMs,
});
const headers = {
  'x-api-key': key,
  'content-type': 'application/json',
  accept: 'application/json',
  'user-agent': 'kpu-open-data-publisher',
};

let next = 0;
let bytes = 0;
/** Records parsed (the fair floor): the length of each envelope's `data`, so the parse cannot be optimised away. */
let records = 0;
const started = performance.now();
async function worker(): Promise<void> {
  while (next < plan.urls.length) {
    const index = next;
    const url = plan.urls[index] as string;
    next += 1;
    const response = await request(url, { method: 'GET', headers, dispatcher: agent });
    const body = Buffer.from(await response.body.arrayBuffer());
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode} from ${url}`);
    bytes += body.byteLength;
    if (floorDir === undefined) continue;
    const envelope = JSON.parse(body.toString('utf8')) as { data?: unknown };
    records += Array.isArray(envelope.data) ? envelope.data.length : 0;
    const file = path.join(floorDir, `${String(index).padStart(12, '0')}.body`);
    await writeFile(`${file}.partial`, body);
    await rename(`${file}.partial`, file);
  }
}
await Promise.all(Array.from({ length: plan.concurrency }, () => worker()));
const elapsedMs = performance.now() - started;
await agent.close();
process.stdout.write(`${JSON.stringify({ requests: plan.urls.length, bytes, records, elapsedMs })}\n`);
