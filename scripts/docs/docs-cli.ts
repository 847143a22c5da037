// `npm run docs`: rewrites the generated sections of the docs from the code.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { updateGeneratedDocs } from './generated-sections.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const changed = await updateGeneratedDocs(root);
process.stdout.write(changed.length ? `updated: ${changed.join(', ')}\n` : 'docs are current\n');
