// The stand-in upstream in a process of its own, for the harvest benchmark: the harvester and the bare undici
// loop then each run in their own process against the same server, on the same footing. Spawned with an IPC
// channel: it says {type: "ready", url} and answers {type: "requests", from} with the data requests it received.
import { loadUpstreamData } from '../scripts/upstream/upstream-data.ts';
import { startUpstreamServer } from '../scripts/upstream/upstream-server.ts';
import { syntheticUpstreamData } from './support/synthetic-sizes.ts';

export interface UpstreamRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

export type UpstreamChildMessage = { type: 'ready'; url: string } | { type: 'requests'; entries: UpstreamRequest[] };
export type UpstreamParentMessage = { type: 'requests'; from: number } | { type: 'stop' };

const key = process.env.BENCH_UPSTREAM_KEY;
const [mode, value, delayFlag, delayValue] = process.argv.slice(2);
const delayMs = delayFlag === '--delay-ms' ? Number(delayValue) : 0;
if (!key || !process.send || (mode !== '--records' && mode !== '--files') || !value || !Number.isInteger(delayMs)) {
  process.stderr.write(
    'usage (from bench/harvest-bench.ts): node bench/upstream-child.ts --records N | --files a.csv,b.csv [--delay-ms N]\n',
  );
  process.exit(2);
}
const data = mode === '--records' ? syntheticUpstreamData(Number(value)) : await loadUpstreamData(value.split(','));
const upstream = await startUpstreamServer({ apiKey: key, data, delayMs });
const send = (message: UpstreamChildMessage): void => {
  process.send?.(message);
};

process.on('message', (message: UpstreamParentMessage) => {
  if (message.type === 'stop') {
    void upstream.close().then(() => process.exit(0));
    return;
  }
  const entries = upstream.requests
    .filter((entry) => entry.dataRequest !== null && entry.dataRequest > message.from)
    .map((entry) => ({ method: entry.method, path: entry.path, query: entry.query }));
  send({ type: 'requests', entries });
});
process.on('disconnect', () => {
  void upstream.close().then(() => process.exit(0));
});
send({ type: 'ready', url: upstream.url });
