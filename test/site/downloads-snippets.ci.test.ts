// Every loading line of the built demo site's downloads page, run exactly as shown, in a folder holding the file it
// names, with the real tool (the pandas and R lines one after another in one Python or one R process, each in a scope
// of its own, as a person pastes them): DuckDB through its Node API, Debian's Python with pandas (and openpyxl), R with
// readr, jsonlite and readxl, unzip, the sqlite3 shell (the databases: Python's sqlite3 too; R's RSQLite and DuckDB's
// Python and R packages, which Debian 12 does not ship, as for pyarrow). Each must read every record, with the
// dataset's identifier column as text holding exactly the published codes ("0101" stays "0101"). The tools come from
// the project's set-up (test/support/debian-tools-setup.ts): a missing one fails here, never skips. The readers Debian
// 12 does not ship (pyarrow, R's arrow) are checked the same way where they are installed; elsewhere their lines are
// run as written and must stop only for want of that package. DuckDB's excel and nanoarrow extensions are downloaded
// when a line runs `INSTALL`, which a machine without the network cannot do: those lines are parsed by DuckDB's own
// parser.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DerivedDatasetDefinition } from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS, DERIVED_DATASETS } from '../../scripts/datasets/datasets.ts';
import { formatOf, loadingFormats } from '../../scripts/formats.ts';
import { tableNameOf } from '../../scripts/datasets/dataset-definition.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';
import type { PublishedFile } from '../../scripts/snapshot/snapshot-manifest.ts';
import { PYTHON_PATH, RSCRIPT_PATH } from '../support/debian-tools-setup.ts';
import { buildDemoSite, type PublishedSite } from './site-fixtures.ts';

const run = promisify(execFile);

/** The published datasets in the downloads' order: each harvested one, then the long file computed from it. */
const PUBLISHED = DATASETS.flatMap((dataset) => [
  dataset,
  ...DERIVED_DATASETS.filter((derived) => derived.from === dataset.id),
]);
type PublishedDataset = (typeof PUBLISHED)[number];

/**
 * The column a reader must keep as text (digits held as text): the dataset's page key, in the raw files its upstream
 * field; for a long file the first text column of its key (`dapil_id`).
 */
function identifierOf(dataset: PublishedDataset, raw: boolean): string {
  if (!('roles' in dataset)) {
    const derived: DerivedDatasetDefinition = dataset;
    return derived.primaryKey.find((name) =>
      derived.columns.some((column) => column.name === name && column.type === 'text'),
    ) as string;
  }
  const column = dataset.columns.find((candidate) => candidate.name === dataset.roles.pageKey);
  return (raw ? column?.source : column?.name) as string;
}

/** A line that installs a DuckDB extension, which DuckDB downloads: parsed here, not run. */
const installsExtension = (code: string): boolean => /^INSTALL /m.test(code);

/** Whether Debian's Python has pyarrow, and R the arrow package (neither is in Debian 12). */
async function hasArrowReader(tool: 'pandas' | 'R'): Promise<boolean> {
  const { stdout } =
    tool === 'pandas'
      ? await run(PYTHON_PATH, ['-c', "import importlib.util; print(importlib.util.find_spec('pyarrow') is not None)"])
      : await run(RSCRIPT_PATH, ['-e', "cat(if (requireNamespace('arrow', quietly = TRUE)) 'True' else 'False')"]);
  return stdout.trim() === 'True';
}

async function hasPythonModule(name: string): Promise<boolean> {
  const { stdout } = await run(PYTHON_PATH, [
    '-c',
    `import importlib.util; print(importlib.util.find_spec('${name}') is not None)`,
  ]);
  return stdout.trim() === 'True';
}

async function hasRPackage(name: string): Promise<boolean> {
  const { stdout } = await run(RSCRIPT_PATH, [
    '-e',
    `cat(if (requireNamespace('${name}', quietly = TRUE)) 'True' else 'False')`,
  ]);
  return stdout.trim() === 'True';
}

/** A pandas or R line that needs pyarrow or R's arrow. */
const needsArrowReader = (code: string): boolean => /pd\.read_(parquet|feather)\(|^df <- arrow::/.test(code);

/** What Python and R say when the line needs pyarrow or arrow and it is not installed. */
const MISSING_ARROW_READER: Record<'pandas' | 'R', RegExp> = {
  pandas: /Missing optional dependency 'pyarrow'|Unable to find a usable engine; tried using: 'pyarrow'/,
  R: /there is no package called .arrow./,
};

interface Snippet {
  tool: string;
  format: string;
  dataset: string;
  code: string;
}

function decodeHtml(text: string): string {
  return text
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Every `<code data-tool data-format data-dataset>` of a downloads page, its text decoded. */
function snippetsOf(html: string): Snippet[] {
  return [
    ...html.matchAll(/<code data-tool="([^"]+)" data-format="([^"]+)" data-dataset="([^"]+)">([^<]*)<\/code>/g),
  ].map((match) => ({
    tool: match[1] as string,
    format: match[2] as string,
    dataset: match[3] as string,
    code: decodeHtml(match[4] as string),
  }));
}

/** A line of the release's databases (DuckDB, SQLite): every table in one file. */
const isDatabase = (snippet: Snippet): boolean => snippet.format === 'duckdb' || snippet.format === 'sqlite';

/** What R says when a database line needs a package Debian 12 does not ship (DBI, RSQLite, duckdb). */
const MISSING_DATABASE_READER = /there is no package called .(DBI|RSQLite|duckdb)./;

/** The file a snippet names: its first quoted name, or unzip's (or sqlite3's) argument. */
function fileNamed(code: string): string {
  return (/'([^']+\.[a-z.]+)'/.exec(code)?.[1] ??
    /^unzip (\S+)$/.exec(code)?.[1] ??
    /^sqlite3 (?:-\S+ )*(\S+)/.exec(code)?.[1]) as string;
}

let site: PublishedSite;
let snippets: Snippet[];
const folders: string[] = [];

beforeAll(async () => {
  site = await buildDemoSite();
  snippets = snippetsOf(await readFile(path.join(site.distDir, 'en/downloads/index.html'), 'utf8'));
});
afterAll(async () => {
  await site?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** A fresh folder holding only the published file, as a download would leave it. */
async function folderWith(file: PublishedFile): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kpu-snippet-'));
  folders.push(folder);
  await copyFile(path.join(site.dataDir, file.path), path.join(folder, path.basename(file.path)));
  return folder;
}

/** The identifier values a reader must give back: the JSON file's (the raw JSON's own field for raw files). */
async function expectedIds(file: PublishedFile, dataset: PublishedDataset, raw: boolean): Promise<(string | null)[]> {
  const name = identifierOf(dataset, raw);
  const jsonPath = raw ? file.path : file.path.replace(/\.[a-z]+$/, '.json');
  const records = JSON.parse(await readFile(path.join(site.dataDir, jsonPath), 'utf8')) as Record<string, unknown>[];
  return records.map((record) => (record[name] ?? null) as string | null);
}

/** Runs a DuckDB line as written, from the file's folder (DuckDB's file_search_path: where relative names resolve). */
async function runDuckDb(code: string, folder: string, id: string) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`SET file_search_path = '${folder.replaceAll("'", "''")}'`);
    const result = await connection.runAndReadAll(code);
    const index = result.columnNames().indexOf(id);
    return {
      type: String(result.columnTypes()[index]),
      ids: result.getRowObjectsJS().map((row) => (row[id] ?? null) as string | null),
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** A loading line to run: its code, the folder holding the file it names, and the identifier column to read back. */
interface Line {
  code: string;
  folder: string;
  id: string;
}

/** What a line left: its identifiers as read (`text`: every value a string), or the error that stopped it. */
type LineResult = { ok: true; text: boolean; ids: (string | null)[] } | { ok: false; error: string };

/**
 * pandas: each line run as written, from its file's folder, in a scope of its own (a fresh module namespace, so a name
 * the line does not import or define is missing as in a fresh interpreter); its `df`'s identifiers read back, and
 * text only when every value is a Python str.
 */
const PANDAS_RUNNER = `import json, os, sys, traceback
results = []
for line in json.load(open(sys.argv[1], encoding="utf-8")):
    os.chdir(line["folder"])
    scope = {"__name__": "__main__"}
    try:
        exec(compile(line["code"], "snippet.py", "exec"), scope)
        ids = [None if (v is None or v != v) else v for v in scope["df"][line["id"]]]
        present = [v for v in ids if v is not None]
        text = len(present) > 0 and all(type(v) is str for v in present)
        results.append(json.dumps({"ok": True, "text": text, "ids": ids}))
    except Exception:
        results.append(json.dumps({"ok": False, "error": traceback.format_exc()}))
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write("[" + ",".join(results) + "]")
`;

/**
 * R: each line run as written, from its file's folder, in an environment of its own; the packages it attached are
 * detached after it, so a line that does not attach what it calls fails as in R started anew. Its `df`'s identifiers
 * read back, and whether the column is character.
 */
const R_RUNNER = `args <- commandArgs(trailingOnly = TRUE)
attached <- search()
results <- character(0)
for (line in jsonlite::fromJSON(args[1], simplifyVector = FALSE)) {
  setwd(line$folder)
  scope <- new.env(parent = globalenv())
  result <- tryCatch({
    eval(parse(text = line$code), envir = scope)
    column <- get("df", envir = scope, inherits = FALSE)[[line$id]]
    jsonlite::toJSON(list(ok = TRUE, text = is.character(column), ids = column), auto_unbox = TRUE, na = "null")
  }, error = function(e) jsonlite::toJSON(list(ok = FALSE, error = conditionMessage(e)), auto_unbox = TRUE))
  for (name in setdiff(search(), attached)) detach(name, character.only = TRUE)
  results <- c(results, result)
}
writeLines(paste0("[", paste(results, collapse = ","), "]"), args[2])
`;

/**
 * Runs every line in one Python or R process (PANDAS_RUNNER, R_RUNNER), one after another: each line as a person
 * pastes it into an open Python or R, apart from the others, without an interpreter's start for each.
 */
async function runLines(tool: 'pandas' | 'R', lines: readonly Line[]): Promise<LineResult[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kpu-snippets-'));
  folders.push(folder);
  const [runner, input, output] = ['runner', 'lines.json', 'results.json'].map((name) => path.join(folder, name));
  await writeFile(runner as string, tool === 'pandas' ? PANDAS_RUNNER : R_RUNNER);
  await writeFile(input as string, JSON.stringify(lines));
  await run(tool === 'pandas' ? PYTHON_PATH : RSCRIPT_PATH, [runner as string, input as string, output as string], {
    timeout: 600_000,
    maxBuffer: 64 << 20,
  });
  const results = JSON.parse(await readFile(output as string, 'utf8')) as LineResult[];
  expect(results).toHaveLength(lines.length);
  return results;
}

describe('the downloads page’s loading lines, run as written', () => {
  it('shows every format’s lines for every dataset, the same in both languages', async () => {
    const published = (format: string, dataset: string) =>
      site.manifest.files.some((file) => file.format === format && file.dataset === dataset);
    const expected = loadingFormats().flatMap(({ id: format, loading }) =>
      !formatOf(format).perDataset
        ? loading.lines({ file: 'x', textColumns: [] }).map((line) => `${format} bundle ${line.tool}`)
        : PUBLISHED.filter((dataset) => published(format, dataset.id)).flatMap((dataset) =>
            loading.lines({ file: 'x', textColumns: [] }).map((line) => `${format} ${dataset.id} ${line.tool}`),
          ),
    );
    // The long file has a line in every format it is published in.
    expect(expected.filter((line) => line.includes(' turnout-long ')).length).toBeGreaterThanOrEqual(15);
    expect(snippets.map((snippet) => `${snippet.format} ${snippet.dataset} ${snippet.tool}`)).toEqual(expected);
    expect(snippets.length).toBeGreaterThanOrEqual(20);
    const indonesian = snippetsOf(await readFile(path.join(site.distDir, 'unduh/index.html'), 'utf8'));
    expect(indonesian).toEqual(snippets);
  });

  it('DuckDB (Node API): every line reads every record, identifiers VARCHAR and exact', async () => {
    const lines = snippets.filter(
      (snippet) => snippet.tool === 'DuckDB' && !installsExtension(snippet.code) && !isDatabase(snippet),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const snippet of lines) {
      const file = site.manifest.files.find((candidate) => path.basename(candidate.path) === fileNamed(snippet.code));
      expect(file, snippet.code).toBeDefined();
      const dataset = PUBLISHED.find((candidate) => candidate.id === snippet.dataset) as PublishedDataset;
      const raw = snippet.format === 'raw-json';
      const id = identifierOf(dataset, raw);
      const result = await runDuckDb(snippet.code, await folderWith(file as PublishedFile), id);
      expect(result.type, snippet.code).toBe('VARCHAR');
      expect(result.ids, snippet.code).toEqual(await expectedIds(file as PublishedFile, dataset, raw));
    }
  });

  it('DuckDB: the lines that install an extension (excel, nanoarrow) parse, three statements each, on a published file', async () => {
    const lines = snippets.filter((snippet) => snippet.tool === 'DuckDB' && installsExtension(snippet.code));
    expect(new Set(lines.map((snippet) => snippet.format))).toEqual(new Set(['arrow', 'xlsx']));
    // Never the network: DuckDB would otherwise download an extension the moment a statement names its function.
    const instance = await DuckDBInstance.create(':memory:', {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const connection = await instance.connect();
    try {
      for (const snippet of lines) {
        const file = site.manifest.files.find((candidate) => path.basename(candidate.path) === fileNamed(snippet.code));
        expect(file?.format, snippet.code).toBe(snippet.format);
        // DuckDB's parser: a syntax error throws; nothing is installed or read.
        const statements = await connection.extractStatements(snippet.code);
        expect(statements.count, snippet.code).toBe(3);
        // The read itself cannot bind without the extension: the error names its function, not the syntax.
        await expect(statements.prepare(2), snippet.code).rejects.toThrow(
          snippet.format === 'xlsx' ? /read_xlsx/ : /read_arrow/,
        );
      }
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it.each(['pandas', 'R'] as const)(
    '%s: every line reads every record, identifiers as text and exact',
    async (tool) => {
      const lines = snippets.filter((snippet) => snippet.tool === tool);
      expect(lines.length).toBeGreaterThan(0);
      const arrowReader = await hasArrowReader(tool);
      const runs: { snippet: Snippet; line: Line; ids: (string | null)[] }[] = [];
      for (const snippet of lines.filter((candidate) => candidate.format !== 'zip' && !isDatabase(candidate))) {
        const file = site.manifest.files.find((candidate) => path.basename(candidate.path) === fileNamed(snippet.code));
        expect(file, snippet.code).toBeDefined();
        const dataset = PUBLISHED.find((candidate) => candidate.id === snippet.dataset) as PublishedDataset;
        const raw = snippet.format === 'raw-json';
        const id = identifierOf(dataset, raw);
        const line = { code: snippet.code, folder: await folderWith(file as PublishedFile), id };
        runs.push({ snippet, line, ids: await expectedIds(file as PublishedFile, dataset, raw) });
      }
      const results = await runLines(
        tool,
        runs.map((entry) => entry.line),
      );
      let stoppedForArrowReader = 0;
      for (const [index, { snippet, ids }] of runs.entries()) {
        const result = results[index] as LineResult;
        if (needsArrowReader(snippet.code) && !arrowReader) {
          // Run as written: it must get as far as asking for the package, and stop for want of it alone.
          expect(result.ok ? 'read without the package' : result.error, snippet.code).toMatch(
            MISSING_ARROW_READER[tool],
          );
          stoppedForArrowReader += 1;
          continue;
        }
        expect(result.ok ? null : result.error, snippet.code).toBeNull();
        expect(result.ok && result.text, snippet.code).toBe(true);
        expect(result.ok && result.ids, snippet.code).toEqual(ids);
      }
      // Parquet and Arrow, for each published dataset: run in full where the package is there.
      expect(stoppedForArrowReader).toBe(
        arrowReader ? 0 : lines.filter((snippet) => needsArrowReader(snippet.code)).length,
      );
      expect(lines.filter((snippet) => needsArrowReader(snippet.code)).length).toBe(2 * PUBLISHED.length);
    },
    // Some 30 lines each, one after another in one Python or R process.
    600_000,
  );

  it('the databases: DuckDB’s ATTACH, the sqlite3 shell and Python’s sqlite3 read the first table whole, as written; R stops only for want of its package', async () => {
    const lines = snippets.filter(isDatabase);
    expect(lines.map((snippet) => `${snippet.format} ${snippet.tool}`)).toEqual([
      'duckdb DuckDB',
      'duckdb Python',
      'duckdb R',
      'sqlite sqlite3',
      'sqlite Python',
      'sqlite R',
    ]);
    const first = PUBLISHED[0] as PublishedDataset;
    const table = tableNameOf(first);
    const records = JSON.parse(
      await readFile(
        path.join(
          site.dataDir,
          site.manifest.files.find((file) => file.dataset === first.id && file.year === 'all' && file.format === 'json')
            ?.path as string,
        ),
        'utf8',
      ),
    ) as unknown[];
    for (const snippet of lines) {
      expect(snippet.code, snippet.code).toContain(table);
      const file = site.manifest.files.find((candidate) => path.basename(candidate.path) === fileNamed(snippet.code));
      expect(file?.format, snippet.code).toBe(snippet.format);
      const folder = await folderWith(file as PublishedFile);
      if (snippet.tool === 'DuckDB') {
        // The line as written, in a Node process started in the file's folder (ATTACH reads a relative name there).
        const script = path.join(folder, 'snippet.mjs');
        const api = JSON.stringify(path.join(PROJECT_ROOT, 'node_modules/@duckdb/node-api/lib/index.js'));
        await writeFile(
          script,
          `const { DuckDBInstance } = await import(${api});\nconst c = await (await DuckDBInstance.create(':memory:')).connect();\nconst r = await c.runAndReadAll(${JSON.stringify(snippet.code)});\nconsole.log(r.currentRowCount);\n`,
        );
        const { stdout } = await run(process.execPath, [script], { cwd: folder });
        expect(Number(stdout.trim()), snippet.code).toBe(records.length);
      } else if (snippet.tool === 'sqlite3') {
        const { stdout } = await run('sh', ['-c', snippet.code], { cwd: folder, maxBuffer: 64 << 20 });
        expect(stdout.trim().split('\n').length, snippet.code).toBe(records.length + 1);
      } else if (snippet.tool === 'Python') {
        const script = path.join(folder, 'snippet.py');
        await writeFile(script, `${snippet.code}\nprint(len(${snippet.format === 'sqlite' ? 'rows' : 'df'}))\n`);
        // Asked before the line runs, so that its failure is awaited where it happens.
        const readable = snippet.format === 'sqlite' || (await hasPythonModule('duckdb'));
        const reading = run(PYTHON_PATH, [script], { cwd: folder });
        if (!readable) {
          await expect(reading, snippet.code).rejects.toThrow(/No module named 'duckdb'/);
          continue;
        }
        expect(Number((await reading).stdout.trim()), snippet.code).toBe(records.length);
      } else {
        const script = path.join(folder, 'snippet.R');
        await writeFile(script, `${snippet.code}\ncat(nrow(df))\n`);
        const readable = await hasRPackage(snippet.format === 'sqlite' ? 'RSQLite' : 'duckdb');
        const reading = run(RSCRIPT_PATH, [script], { cwd: folder });
        if (!readable) {
          await expect(reading, snippet.code).rejects.toThrow(MISSING_DATABASE_READER);
          continue;
        }
        expect(Number((await reading).stdout.trim()), snippet.code).toBe(records.length);
      }
    }
  });

  it('the year bundle: shell, Python and R each unpack it as written', async () => {
    const lines = snippets.filter((snippet) => snippet.format === 'zip');
    expect(lines.map((snippet) => snippet.tool)).toEqual(['shell', 'Python', 'R']);
    for (const snippet of lines) {
      const file = site.manifest.files.find((candidate) => path.basename(candidate.path) === fileNamed(snippet.code));
      expect(file, snippet.code).toBeDefined();
      const folder = await folderWith(file as PublishedFile);
      if (snippet.tool === 'shell') await run('sh', ['-c', snippet.code], { cwd: folder });
      else {
        const script = path.join(folder, snippet.tool === 'Python' ? 'snippet.py' : 'snippet.R');
        await writeFile(script, `${snippet.code}\n`);
        await run(snippet.tool === 'Python' ? PYTHON_PATH : RSCRIPT_PATH, [script], { cwd: folder });
      }
      const unpacked = (await readdir(folder, { recursive: true })).map(String);
      expect(unpacked, snippet.code).toContain(path.join(`kpu-election-data-${String(file?.year)}`, 'README.md'));
    }
  });
});
