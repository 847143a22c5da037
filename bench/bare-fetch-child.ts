// The harvest benchmark's baseline: a bare undici loop that fetches a given list of pages with the harvest's
// concurrency and connection settings, reads each body, and does nothing else (no parsing, no disk).
// Usage: BENCH_UPSTREAM_KEY=… node bench/bare-fetch-child.ts <plan.json>; prints {requests, bytes, elapsedMs}.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';

export interface BareFetchPlan {
  urls: string[];
  concurrency: number;
  timeoutMs: number;
}

const key = process.env.BENCH_UPSTREAM_KEY;
const planFile = process.argv[2];
if (!key || !planFile) {
  process.stderr.write('usage: BENCH_UPSTREAM_KEY=… node bench/bare-fetch-child.ts <plan.json>\n');
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
const started = performance.now();
async function worker(): Promise<void> {
  while (next < plan.urls.length) {
    const url = plan.urls[next] as string;
    next += 1;
    const response = await request(url, { method: 'GET', headers, dispatcher: agent });
    const body = await response.body.arrayBuffer();
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode} from ${url}`);
    bytes += body.byteLength;
  }
}
await Promise.all(Array.from({ length: plan.concurrency }, () => worker()));
const elapsedMs = performance.now() - started;
await agent.close();
process.stdout.write(`${JSON.stringify({ requests: plan.urls.length, bytes, elapsedMs })}\n`);
