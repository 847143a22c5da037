// The site stage's baseline: a bare Astro project, generated in the scratch folder and built with the
// project's own astro package, that renders the same pages with the same markup. Every HTML page of the built
// site is written, as it is, into one JSON file (path and markup); one `[...path].astro` route reads that file in
// getStaticPaths and emits each page's markup with `set:html`. So Astro renders exactly as many pages, as large,
// with no component, data loading or other work of the site stage: what is left is Astro's own cost per page.
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import siteAstroConfig from '../site/astro.config.ts';
import type { BenchContext } from './support/bench-context.ts';
import { assertSucceeded, runMeasured, type MeasuredRun } from './support/measured-process.ts';
import { PROJECT_ROOT } from './support/paths.ts';

const CHILD = path.join(PROJECT_ROOT, 'bench', 'bare-astro-child.ts');

/** The site's HTML files as route paths: "index.html" → "", "en/2014/index.html" → "en/2014", "404.html" → "404". */
async function readPages(siteDir: string): Promise<{ path: string; html: string }[]> {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)))
    .sort();
  const pages: { path: string; html: string }[] = [];
  for (const file of files) {
    const route = file.endsWith('index.html') ? path.dirname(file) : file.slice(0, -'.html'.length);
    // Astro writes its own doctype before a page's markup.
    const html = (await readFile(path.join(siteDir, file), 'utf8')).replace(/^<!DOCTYPE html>/i, '');
    pages.push({ path: route === '.' ? '' : route, html });
  }
  return pages;
}

/** The bare baseline's settings: the site's own (site/astro.config.ts: output, URLs, build format), nothing else. */
const ASTRO_CONFIG = `export default ${JSON.stringify(siteAstroConfig, null, 2)};\n`;

const routeOf = (pagesFile: string): string => `---
import { readFileSync } from 'node:fs';

export function getStaticPaths() {
  const pages = JSON.parse(readFileSync(${JSON.stringify(pagesFile)}, 'utf8'));
  return pages.map((page) => ({ params: { path: page.path === '' ? undefined : page.path }, props: { html: page.html } }));
}
const { html } = Astro.props;
---
<Fragment set:html={html} />
`;

/** Writes the bare project for `siteDir` into `root`; resolves with its number of pages. */
export async function createBareAstroProject(siteDir: string, root: string): Promise<number> {
  await rm(root, { recursive: true, force: true });
  await mkdir(path.join(root, 'src', 'pages'), { recursive: true });
  const pages = await readPages(siteDir);
  const pagesFile = path.join(root, 'pages.json');
  await writeFile(pagesFile, JSON.stringify(pages));
  await writeFile(path.join(root, 'astro.config.mjs'), ASTRO_CONFIG);
  await writeFile(path.join(root, 'src', 'pages', '[...path].astro'), routeOf(pagesFile));
  await writeFile(
    path.join(root, 'package.json'),
    '{ "name": "bare-astro-baseline", "private": true, "type": "module" }\n',
  );
  // Astro and its bundle resolve the project's own packages.
  await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return pages.length;
}

/** One build of the bare project (its output folder emptied first), measured. */
export async function timeBareAstroBuild(context: BenchContext, root: string): Promise<MeasuredRun> {
  await rm(path.join(root, 'dist'), { recursive: true, force: true });
  const run = await runMeasured(process.execPath, [CHILD, root], {
    cwd: root,
    env: { ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  context.noteCommand(`${run.command.replace(root, '<bare Astro project>')}  (bench/bare-astro.ts)`);
  return assertSucceeded(run, 'build of the bare Astro project');
}

/** Route paths of the bare build's HTML files, to check it emitted every page. */
export async function countBuiltPages(root: string): Promise<number> {
  const entries = await readdir(path.join(root, 'dist'), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).length;
}
