// `npm run docs`: rewrites the generated sections of the docs from the code. `npm run docs -- --real-data <folder>`
// also writes docs/data.md's sizes of the real data from that build's data folder (dist/data/ of a build of the real
// files: docs/data.md, "Sizes for the real data").
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { updateGeneratedDocs } from './generated-sections.ts';
import { withRealDataSizes } from './real-data-sizes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({ options: { 'real-data': { type: 'string' } } });
const changed = await updateGeneratedDocs(root);
const realData = values['real-data'];
if (realData !== undefined) {
  const file = path.join(root, 'docs/data.md');
  const before = await readFile(file, 'utf8');
  const after = withRealDataSizes(before, path.resolve(realData));
  if (after !== before) {
    await writeFile(file, after);
    if (!changed.includes('docs/data.md')) changed.push('docs/data.md');
  }
}
process.stdout.write(changed.length ? `updated: ${changed.join(', ')}\n` : 'docs are current\n');
