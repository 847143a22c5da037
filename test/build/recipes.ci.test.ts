// The recipes of docs/architecture.md ("Where to add a language, a page kind, a format or a dataset") hold as written:
// in a copy of the project, a dataset added by its declaration, its registry entry and its demo records alone, and a
// format by its registry entry and its writer alone, then the generated docs sections written again (`npm run docs`),
// typecheck under both tsconfigs, build the demo with the dataset's files, dictionary and pages and the format's files
// listed in the manifest, datapackage.json and the downloads page, and pass the test files that go over every declared
// dataset and format (RECIPE_TEST_FILES). The copy is of the files git tracks or would track, with a link to
// node_modules.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/run-cli.ts';

/** The test files run in the copy: each goes over every declared dataset or format. */
const RECIPE_TEST_FILES = [
  'test/datasets/dataset-roles.unit.test.ts',
  'test/harvest/dataset-records.unit.test.ts',
  'test/snapshot/formats-registry.unit.test.ts',
  'test/site/codebook-page.unit.test.ts',
  'test/site/downloads-snippets.unit.test.ts',
  'test/docs/docs-current.unit.test.ts',
];

interface Run {
  code: number;
  output: string;
}

function run(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? os.tmpdir(),
          ASTRO_TELEMETRY_DISABLED: '1',
          ...env,
        },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Replaces `from` (which must be there, once) in a file of the copy: a recipe step as a person would make it. */
async function edit(root: string, file: string, from: string, to: string): Promise<void> {
  const text = await readFile(path.join(root, file), 'utf8');
  expect(text.split(from).length - 1, `${file} holds ${JSON.stringify(from)} once`).toBe(1);
  await writeFile(path.join(root, file), text.replace(from, to));
}

/** The files git tracks or would track (not ignored), as they are in the worktree now, copied into `root`. */
async function copyProject(root: string): Promise<void> {
  const listed = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], PROJECT_ROOT);
  expect(listed.code, listed.output).toBe(0);
  const files = listed.output.split('\0').filter((file) => file !== '' && existsSync(path.join(PROJECT_ROOT, file)));
  for (const file of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await copyFile(path.join(PROJECT_ROOT, file), path.join(root, file));
  }
  await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'));
}

/** The recipe "A dataset": a declaration file, its entry in the registry, its records in the demo. */
async function addPseudoDataset(root: string): Promise<void> {
  // The declaration: the integration tests' third dataset, as a shipped dataset of its own.
  const model = await readFile(path.join(PROJECT_ROOT, 'test/build/fixture-dataset-declaration.ts'), 'utf8');
  const declaration = model
    .replaceAll('../../scripts/datasets/', './')
    .replace('  type DatasetDefinition,\n', '')
    .replace(/\nconst datasets[\s\S]*$/, '\n')
    .replace('seatsDataset', 'pseudoDataset')
    .replace("id: 'seats'", "id: 'pseudo'")
    .replace("fileStem: 'kpu-dpr-seats-by-dapil'", "fileStem: 'kpu-pseudo'")
    .replace("path: '/api/kursidapil'", "path: '/api/pseudo'")
    .replace("upstreamName: 'kursidapil'", "upstreamName: 'pseudo'")
    .replace("slug: { id: 'kursi', en: 'seats' }", "slug: { id: 'semu', en: 'pseudo' }");
  expect(declaration).toContain("id: 'pseudo'");
  await writeFile(path.join(root, 'scripts/datasets/pseudo-dataset.ts'), declaration);
  await edit(
    root,
    'scripts/datasets/datasets.ts',
    "import { partyDataset } from './party-dataset.ts';",
    "import { partyDataset } from './party-dataset.ts';\nimport { pseudoDataset } from './pseudo-dataset.ts';",
  );
  await edit(
    root,
    'scripts/datasets/datasets.ts',
    'const HARVESTED_DATASETS = [turnoutDataset, partyDataset',
    'const HARVESTED_DATASETS = [turnoutDataset, partyDataset, pseudoDataset',
  );
  await edit(
    root,
    'scripts/synthetic/synthetic-data.ts',
    '  return { turnout, parties',
    [
      '  const pseudo: RawRecord[] = [',
      "    { TahunPemilu: '2019', IdDapil: '0101', NamaDapil: 'CONTOH I', JumlahKursi: '7' },",
      "    { TahunPemilu: '2024', IdDapil: '0101', NamaDapil: 'CONTOH I', JumlahKursi: '7' },",
      "    { TahunPemilu: '2024', IdDapil: '0102', NamaDapil: 'CONTOH II', JumlahKursi: '9' },",
      '  ];',
      '  return { pseudo, turnout, parties',
    ].join('\n'),
  );
}

/** The recipe "A format": its entry in the registry, its writer, called where the snapshot writes a table's files. */
async function addPseudoFormat(root: string): Promise<void> {
  await edit(
    root,
    'scripts/formats.ts',
    "  {\n    id: 'raw-json',",
    [
      '  {',
      "    id: 'tsv',",
      "    suffix: '.tsv',",
      "    mediaType: 'text/tab-separated-values',",
      '    text: true,',
      '    perDataset: true,',
      '    listsAsText: true,',
      "    label: { id: 'TSV', en: 'TSV' },",
      "    bundleNote: { id: 'rekaman ternormalisasi, TSV', en: 'normalized records, TSV' },",
      '    typeWording: {',
      "      Int64: { id: 'angka', en: 'digits' },",
      "      Utf8: { id: 'teks', en: 'text' },",
      "      Float64: { id: 'angka', en: 'number' },",
      "      'Date32<DAY>': { id: 'YYYY-MM-DD', en: 'YYYY-MM-DD' },",
      "      'List<Utf8>': { id: 'teks, butir dipisah \";\"', en: 'text, items separated by \";\"' },",
      '    },',
      '  },',
      '  {',
      "    id: 'raw-json',",
    ].join('\n'),
  );
  await writeFile(
    path.join(root, 'scripts/snapshot/tsv-writer.ts'),
    [
      '// A TSV file of a table: a header of the column names, then a line per record, a list as its items joined by ";".',
      "import type { Table } from 'apache-arrow';",
      "import { writeFileAtomic } from '../foundation/atomic-file.ts';",
      '',
      'function cell(value: unknown): string {',
      "  if (value === null || value === undefined) return '';",
      "  if (typeof value === 'object' && Symbol.iterator in value) return [...(value as Iterable<unknown>)].join(';');",
      '  return String(value);',
      '}',
      '',
      'export async function writeTsvFile(table: Table, file: string): Promise<void> {',
      '  const names = table.schema.fields.map((field) => field.name);',
      "  const lines = [names.join('\\t')];",
      '  for (const row of table.toArray() as Array<Record<string, unknown>>) {',
      "    lines.push(names.map((name) => cell(row[name])).join('\\t'));",
      '  }',
      "  await writeFileAtomic(file, `${lines.join('\\n')}\\n`);",
      '}',
      '',
    ].join('\n'),
  );
  await edit(
    root,
    'scripts/snapshot/snapshot-stage.ts',
    "import { writeXlsxFile } from './xlsx-writer.ts';",
    "import { writeTsvFile } from './tsv-writer.ts';\nimport { writeXlsxFile } from './xlsx-writer.ts';",
  );
  await edit(
    root,
    'scripts/snapshot/snapshot-stage.ts',
    "  ['arrow', (table, file) => writeArrowIpcFile(table, file)],",
    "  ['arrow', (table, file) => writeArrowIpcFile(table, file)],\n  ['tsv', (table, file) => writeTsvFile(table, file)],",
  );
}

let root: string;
let distDir: string;
const node = process.execPath;
/** Each step runs whole programs over the whole project (the typecheck alone is about 20 s of CPU time). */
const STEP_TIMEOUT = 600_000;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-recipes-'));
  const copy = path.join(root, 'project');
  distDir = path.join(root, 'dist');
  await copyProject(copy);
  await addPseudoDataset(copy);
  await addPseudoFormat(copy);
}, 120_000);

afterAll(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

const project = (): string => path.join(root, 'project');
const site = (page: string): Promise<string> => readFile(path.join(distDir, page), 'utf8');

describe('the recipes for a dataset and a format, applied in a copy of the project', () => {
  it(
    'write the generated docs sections, and typecheck under both tsconfigs',
    async () => {
      const docs = await run(node, ['scripts/docs/docs-cli.ts'], project());
      expect(docs.code, docs.output).toBe(0);
      const tsc = path.join(project(), 'node_modules/typescript/bin/tsc');
      const scripts = await run(node, [tsc, '--noEmit', '-p', '.'], project());
      expect(scripts.code, scripts.output).toBe(0);
      const astro = await run(node, [tsc, '--noEmit', '-p', 'site'], project());
      expect(astro.code, astro.output).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    'pass the test files that go over every declared dataset and format',
    async () => {
      const vitest = path.join(project(), 'node_modules/vitest/vitest.mjs');
      const tests = await run(node, [vitest, 'run', ...RECIPE_TEST_FILES], project());
      expect(tests.code, tests.output).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    'build the demo: the dataset gets its files in every format, its dictionary and its pages',
    async () => {
      const build = await run(node, ['scripts/cli.ts', 'build'], project(), {
        KPU_CACHE_DIR: path.join(root, 'cache'),
        KPU_DIST_DIR: distDir,
      });
      expect(build.code, build.output).toBe(0);
      const manifest = JSON.parse(await site('data/manifest.json')) as {
        files: Array<{ dataset?: string; year?: number | 'all'; format: string; path: string }>;
      };
      const pseudo = manifest.files.filter((file) => file.dataset === 'pseudo');
      expect(pseudo.filter((file) => file.year === 2024).map((file) => file.format)).toEqual([
        'json',
        'csv',
        'parquet',
        'arrow',
        'xlsx',
        'tsv',
        'raw-json',
      ]);
      expect(await site('data/2024/kpu-pseudo-2024.tsv')).toBe(
        'election_year\tdapil_id\tdapil_name\tseats\tquality_flags\n2024\t0101\tCONTOH I\t7\t\n2024\t0102\tCONTOH II\t9\t\n',
      );
      for (const [page, lang] of [
        ['kamus-data/index.html', 'id'],
        ['en/data-dictionary/index.html', 'en'],
      ] as const) {
        const html = await site(page);
        expect(html).toContain('id="pseudo"');
        expect(html, lang).toContain('TSV');
      }
      expect(await site('2024/semu/0102/index.html')).toContain('CONTOH II');
      expect(await site('en/2019/pseudo/0101/index.html')).toContain('CONTOH I');
    },
    STEP_TIMEOUT,
  );

  it(
    'list the format in the manifest, datapackage.json and the downloads page, every table as a table',
    async () => {
      const manifest = JSON.parse(await site('data/manifest.json')) as {
        files: Array<{ format: string; path: string }>;
      };
      const tsv = manifest.files.filter((file) => file.format === 'tsv');
      expect(tsv.map((file) => file.path)).toContain('2024/kpu-dpr-turnout-by-sex-2024.tsv');
      const dataPackage = JSON.parse(await site('data/datapackage.json')) as {
        resources: Array<{
          path: string;
          format: string;
          mediatype: string;
          schema?: { fields: Array<{ name: string; type: string }> };
        }>;
      };
      const resources = dataPackage.resources.filter((resource) => resource.format === 'tsv');
      expect(resources.map((resource) => resource.path).sort()).toEqual(tsv.map((file) => file.path).sort());
      for (const resource of resources) {
        expect(resource.mediatype).toBe('text/tab-separated-values');
        expect(resource.schema?.fields.find((field) => field.name === 'quality_flags')?.type, resource.path).toBe(
          'string',
        );
      }
      const downloads = await site('unduh/index.html');
      for (const file of tsv) expect(downloads).toContain(`href="/data/${file.path}"`);
    },
    STEP_TIMEOUT,
  );
});
