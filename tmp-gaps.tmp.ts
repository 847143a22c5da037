import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const stack = (id: number) => { const s: string[] = []; let cur: number | undefined = id; while (cur !== undefined) { const cf = byId.get(cur).callFrame; if (cf.url.includes('/main/scripts') ) s.push(`${cf.functionName}@${cf.url.replace(/.*\/main\//, '')}:${cf.lineNumber}`); cur = parent.get(cur); } return s.slice(0, 4).join(' < '); };
let t = 0; let idleStart = -1; let lastStack = '';
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i];
  const n = byId.get(p.samples[i]);
  const idle = n.callFrame.functionName === '(idle)';
  if (idle && idleStart < 0) idleStart = t;
  if (!idle) { if (idleStart >= 0 && t - idleStart > 8000) console.log(`${(idleStart/1000).toFixed(0)}ms idle ${((t - idleStart)/1000).toFixed(0)}ms; before: ${lastStack} ; after: ${stack(p.samples[i])}`); idleStart = -1; const s = stack(p.samples[i]); if (s) lastStack = s; }
}
console.log('total', (t/1000).toFixed(0));
