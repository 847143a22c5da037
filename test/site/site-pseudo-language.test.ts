// A language is an entry in the language list and a catalogue, plus its words in the dataset declarations'
// texts (which TypeScript asks for): a copy of the project with a pseudo-language `xx` added to LANGS
// (scripts/languages.ts), to each module of the catalogue (scripts/site/texts/, scripts/site/pages/, gathered by
// scripts/site/site-text.ts) and to the declarations' one-line texts, and no other change, builds every page in it
// at the same paths as every other language's, under /xx/.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/run-cli.ts';
import { sharedDemoWorld } from './site-fixtures.ts';
import { discardFolder } from '../support/test-trash.ts';

let root: string;
let outDir: string;

/** Replaces `from` once in a copied file, failing when it is not there (the test would prove nothing). */
async function patch(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer holds ${JSON.stringify(from)}: update this test`);
  await writeFile(file, text.replace(from, to));
}

async function pages(dir: string, under = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(dir, under), { withFileTypes: true })) {
    const relative = path.posix.join(under, entry.name);
    if (entry.isDirectory()) found.push(...(await pages(dir, relative)));
    else if (entry.name === 'index.html') found.push(relative);
  }
  return found;
}

beforeAll(async () => {
  const world = await sharedDemoWorld();
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-pseudo-language-'));
  for (const item of [
    'scripts',
    'site/src',
    'site/public',
    'site/astro.config.ts',
    'site/tsconfig.json',
    'package.json',
    'tsconfig.json',
  ]) {
    await cp(path.join(PROJECT_ROOT, item), path.join(root, item), { recursive: true });
  }
  await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  // The changes a new language takes: its entry in the list, and one in each module of the site's catalogue.
  await patch(
    path.join(root, 'scripts/languages.ts'),
    "export const LANGS = ['id', 'en'] as const;",
    "export const LANGS = ['id', 'en', 'xx'] as const;",
  );
  // The catalogue's modules (scripts/site/texts/, each page kind's pages/<kind>-page.ts, the shared parts' texts)
  // each end in `export const X_TEXT: Record<Lang, …> = { id, en };`: each gets an `xx` copy of its English.
  const siteDir = path.join(root, 'scripts/site');
  const catalogue = /(export const (\w+_TEXT): Record<Lang, [^=]+> = \{ id, en) \};/;
  const catalogueModules: string[] = [];
  for (const file of (await readdir(siteDir, { recursive: true })).filter((name) => name.endsWith('.ts'))) {
    const text = await readFile(path.join(siteDir, file), 'utf8');
    const found = catalogue.exec(text);
    if (found === null) continue;
    const copy = found[2] === 'COMMON_TEXT' ? "{ ...en, nativeName: 'Pseudo' }" : 'en';
    await writeFile(path.join(siteDir, file), text.replace(catalogue, `$1, xx: ${copy} };`));
    catalogueModules.push(found[2] ?? '');
  }
  if (!catalogueModules.includes('COMMON_TEXT') || !catalogueModules.includes('HOME_TEXT')) {
    throw new Error(`the catalogue's modules were not found (${catalogueModules.join(', ')}): update this test`);
  }
  // And the declarations' texts in it (TypeScript asks for them, docs/architecture.md): every Localized of
  // scripts/datasets/ (and its folders) and of the formats registry gets an `xx` copy of its English, among them the URL word of each dataset's pages.
  const datasetsDir = path.join(root, 'scripts/datasets');
  let localized = 0;
  // A string literal in single or double quotes; a Localized on one line or several (the formats registry's).
  const literal = `('(?:[^'\\\\]|\\\\.)*'|"(?:[^"\\\\]|\\\\.)*")`;
  const localizedText = new RegExp(`\\{\\s*id: ${literal},\\s*en: ${literal},?\\s*\\}`, 'g');
  const declarations = [
    ...(await readdir(datasetsDir, { recursive: true })).map((file) => path.join(datasetsDir, file)),
    path.join(root, 'scripts/formats.ts'),
  ].filter((file) => file.endsWith('.ts'));
  for (const file of declarations) {
    const text = await readFile(file, 'utf8');
    const patched = text.replace(localizedText, (_all, id: string, en: string) => {
      localized += 1;
      return `{ id: ${id}, en: ${en}, xx: ${en} }`;
    });
    await writeFile(file, patched);
  }
  if (localized === 0) throw new Error('no Localized text found in scripts/datasets/: update this test');
  outDir = path.join(root, 'out');
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'scripts/site/astro-build.ts'),
      outDir,
      '/',
      path.join(root, 'astro-cache'),
      path.join(root, 'cards'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        KPU_SITE_DATA_DIR: path.join(world.cacheDir, 'stages', 'snapshot', 'data'),
        // With the site's address, so that the pages carry hreflang alternates (they must be absolute).
        KPU_SITE_URL: 'https://data.example.org/',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the site build with a pseudo-language failed (${String(code)}):\n${output}`);
}, 300_000);

afterAll(async () => {
  if (root) await discardFolder(root);
});

describe('a language added as a list entry and a catalogue', () => {
  it('gets every page, at the paths of the language it copies, under /xx/', async () => {
    const all = await pages(outDir);
    const english = all.filter((page) => page.startsWith('en/')).map((page) => page.slice('en/'.length));
    const pseudo = all.filter((page) => page.startsWith('xx/')).map((page) => page.slice('xx/'.length));
    expect(english.length).toBeGreaterThan(10);
    expect(pseudo.sort()).toEqual(english.sort());
    // And the default language still has as many pages, at the root.
    expect(all.filter((page) => !page.startsWith('en/') && !page.startsWith('xx/')).length).toBe(english.length);
  });

  it('writes the pages in that language and links them from every other language', async () => {
    const home = await readFile(path.join(outDir, 'xx/index.html'), 'utf8');
    expect(home).toContain('<html lang="xx">');
    const indonesian = await readFile(path.join(outDir, 'tentang/index.html'), 'utf8');
    expect(indonesian).toContain('<link rel="alternate" hreflang="xx" href="https://data.example.org/xx/about/">');
    expect(indonesian).toContain('<a href="/xx/about/" hreflang="xx" lang="xx">Pseudo</a>');
    // Its own not-found page, which the default language's (the one static hosts serve) names in that language.
    expect(await readFile(path.join(outDir, 'xx/404.html'), 'utf8')).toContain('<html lang="xx">');
    const notFound = await readFile(path.join(outDir, '404.html'), 'utf8');
    expect(notFound).toContain('<a href="/xx/404.html" hreflang="xx">');
  });
});
