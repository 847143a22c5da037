import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2]!;
for (const f of readdirSync(dir).sort()) {
  const p = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
  const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = (p.endTime - p.startTime) / 1000;
  const byFn = new Map<string, number>(); const byFile = new Map<string, number>();
  for (const [id, t] of self) { const n = byId.get(id); const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/main\//, '')}:${cf.lineNumber}`; byFn.set(k, (byFn.get(k) ?? 0) + t);
    const file = cf.url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, 'nm:$1').replace(/.*\/main\//, ''); byFile.set(file || cf.functionName, (byFile.get(file || cf.functionName) ?? 0) + t); }
  const main = p.nodes.find((n: any) => n.callFrame.url.includes('/scripts/'))?.callFrame.url.replace(/.*\/main\//, '');
  console.log(`== ${f} ${total.toFixed(0)} ms ${main}`);
  for (const [k, t] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log('  ', (t / 1000).toFixed(0).padStart(6), k);
  if (process.argv[3]) for (const [k, t] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log('     fn', (t / 1000).toFixed(0).padStart(6), k);
}
