// Runs the real build command against the stand-in upstream into temporary folders, and reads the
// published files back the way users do.
import { createHash } from 'node:crypto';
import { cpSync, linkSync, mkdirSync, readdirSync, readlinkSync, statSync, symlinkSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import {
  startUpstreamServer,
  type RunningUpstream,
  type UpstreamServerOptions,
} from '../../scripts/upstream/upstream-server.ts';
import { type GivenRecords, type UpstreamData, withDemoRecords } from '../../scripts/upstream/upstream-data.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { FAST_SETTINGS, TEST_KEY } from './harvest-fixtures.ts';
import { runCli, runCliInProcess, type CliRun } from './run-cli.ts';
import { sharedWorld, type SharedWorld } from './shared-worlds.ts';
import { discardFolder } from './test-trash.ts';

export interface BuildWorld {
  upstream: RunningUpstream;
  root: string;
  cacheDir: string;
  distDir: string;
  env: Record<string, string>;
  build(args?: string[], env?: Record<string, string>, nodeOptions?: readonly string[]): Promise<CliRun>;
  /**
   * The same build command line run by the CLI's own `main` in this process (runCliInProcess): for the many builds of
   * a file that fail in the harvest, which awaits every request it made before the command returns.
   */
  buildInProcess(args?: string[], env?: Record<string, string>): Promise<CliRun>;
  readManifest(): Promise<SnapshotManifest>;
  close(): Promise<void>;
}

/** A world of its own: the stand-in serving `data`, and a cache and dist/ in a fresh folder under `parentDir`. */
export async function createBuildWorld(
  data: GivenRecords,
  options: Partial<UpstreamServerOptions> = {},
  parentDir: string = os.tmpdir(),
): Promise<BuildWorld> {
  const upstream = await startUpstreamServer({ apiKey: TEST_KEY, data: withDemoRecords(data), ...options });
  const root = await mkdtemp(path.join(parentDir, 'kpu-build-'));
  const cacheDir = path.join(root, 'cache');
  const distDir = path.join(root, 'dist');
  const env = {
    KPU_BASE_URL: upstream.url,
    KPU_API_KEY: TEST_KEY,
    KPU_CACHE_DIR: cacheDir,
    KPU_DIST_DIR: distDir,
    ...FAST_SETTINGS,
  };
  return {
    upstream,
    root,
    cacheDir,
    distDir,
    env,
    build: (args = [], extra = {}, nodeOptions = []) =>
      runCli(['build', ...args], { env: { ...env, ...extra }, nodeOptions }),
    buildInProcess: (args = [], extra = {}) => runCliInProcess(['build', ...args], { env: { ...env, ...extra } }),
    readManifest: async () =>
      JSON.parse(await readFile(path.join(distDir, 'data/manifest.json'), 'utf8')) as SnapshotManifest,
    async close() {
      await upstream.close();
      await discardFolder(root);
    },
  };
}

/** One good build, kept to be copied into each test that changes things (copyBuildWorld): built once per file. */
export interface BuildWorldTemplate {
  /** The cache and dist/ of the good build; read-only. */
  root: string;
  data: UpstreamData;
  options: Partial<UpstreamServerOptions>;
  /** The output of the template's last build, as its tests would have read it. */
  run: CliRun;
  /** The output of each of its builds, in order. */
  runs: CliRun[];
  manifest: SnapshotManifest;
  close(): Promise<void>;
}

export interface TemplateOptions {
  upstream?: Partial<UpstreamServerOptions>;
  /** Extra environment of the template's builds. */
  env?: Record<string, string>;
  /** The arguments of each build run in turn (default: one plain build); each must succeed. */
  builds?: string[][];
}

/** Runs the real build command (once, or `builds`) against a stand-in serving `data`, and keeps what it left as a template. */
async function buildWorldTemplate(data: UpstreamData, options: TemplateOptions = {}): Promise<BuildWorldTemplate> {
  const world = await createBuildWorld(structuredClone(data), options.upstream ?? {});
  return keepAsTemplate(world, data, options.upstream ?? {}, options.builds ?? [[]], options.env ?? {});
}

/**
 * A template made from another: a copy of it, then `builds` run in turn (each must succeed), e.g. an --offline build
 * after a template's online one, whose site later --offline builds of the same harvest keep instead of running Astro.
 */
async function extendWorldTemplate(
  template: BuildWorldTemplate,
  builds: string[][],
  env: Record<string, string> = {},
): Promise<BuildWorldTemplate> {
  return keepAsTemplate(await copyBuildWorld(template), template.data, template.options, builds, env);
}

async function keepAsTemplate(
  world: BuildWorld,
  data: UpstreamData,
  options: Partial<UpstreamServerOptions>,
  builds: string[][],
  env: Record<string, string>,
): Promise<BuildWorldTemplate> {
  try {
    const runs: CliRun[] = [];
    for (const args of builds) {
      const run = await world.build(args, env);
      if (run.code !== 0)
        throw new Error(`the template's build ${args.join(' ')} failed (${String(run.code)}):\n${run.stderr}`);
      runs.push(run);
    }
    const manifest = await world.readManifest();
    await world.upstream.close();
    return {
      root: world.root,
      data,
      options,
      run: runs.at(-1) as CliRun,
      runs,
      manifest,
      close: () => discardFolder(world.root),
    };
  } catch (error) {
    await world.close();
    throw error;
  }
}

/**
 * The good world of the publish tests (publish-build, publish-failures): 6 dapils of 3 regencies in 2024, 8 parties in
 * 2019 and 2024; one shared template of it serves both files (sharedWorldTemplate).
 */
export function publishTestData(): UpstreamData {
  return withDemoRecords({
    turnout: generateTurnoutRecords({ years: [2024], dapils: 6, regenciesPerDapil: 3, seed: 21 }),
    parties: generatePartyRecords({ years: [2019, 2024], parties: 8, seed: 21 }),
  });
}

/** Moves a world's cache/, dist/ and dist.builds/ (dist/ links into it, relatively) from `from` into `root`. */
export async function moveWorldFiles(from: string, root: string): Promise<void> {
  for (const name of ['cache', 'dist', 'dist.builds']) await rename(path.join(from, name), path.join(root, name));
}

async function sharedTemplateOf(
  world: SharedWorld,
  data: UpstreamData,
  options: Partial<UpstreamServerOptions>,
): Promise<BuildWorldTemplate> {
  const manifest = JSON.parse(
    await readFile(path.join(world.distDir, 'data/manifest.json'), 'utf8'),
  ) as SnapshotManifest;
  // Shared: left for the other files (shared-worlds.ts removes it once an input changes).
  return { root: world.root, data, options, run: world.run, runs: world.runs, manifest, close: async () => {} };
}

/** A shared world's build (sharedWorld): the template `make` builds, its files moved into the shared world's folder. */
function keptAsShared(make: () => Promise<BuildWorldTemplate>): (root: string) => Promise<CliRun[]> {
  return async (root) => {
    const template = await make();
    try {
      await moveWorldFiles(template.root, root);
      return template.runs;
    } finally {
      await template.close();
    }
  };
}

/**
 * buildWorldTemplate, shared by every test file that asks for the same template (`name`, the same data, upstream
 * options and builds): built once by the first file and kept (test/support/shared-worlds.ts) while no input of the
 * build changes and the day is the same (the harvest's day names the release and is on the pages). Read-only as any
 * template: copy it (copyBuildWorld); its `close` leaves it for the others.
 */
export async function sharedWorldTemplate(
  name: string,
  data: UpstreamData,
  options: TemplateOptions = {},
): Promise<BuildWorldTemplate> {
  const day = new Date().toISOString().slice(0, 10);
  const world = await sharedWorld(
    name,
    JSON.stringify({ day, data, options }),
    keptAsShared(() => buildWorldTemplate(data, options)),
  );
  return sharedTemplateOf(world, data, options.upstream ?? {});
}

/** extendWorldTemplate of a shared template, itself shared as `name` (sharedWorldTemplate). */
export async function sharedExtendedTemplate(
  name: string,
  template: BuildWorldTemplate,
  builds: string[][],
): Promise<BuildWorldTemplate> {
  // The shared template's folder is named by the hash of its inputs, so it keys this one's too.
  const world = await sharedWorld(
    name,
    JSON.stringify({ from: template.root, builds }),
    keptAsShared(() => extendWorldTemplate(template, builds)),
  );
  return sharedTemplateOf(world, template.data, template.options);
}

/**
 * A world of the test's own: the template's cache, dist/ and dist.builds/ (dist/ is a relative link, kept as it is, so
 * the copy is whole), and a fresh stand-in upstream serving a copy of the template's data, in a fresh folder under
 * `parentDir`; `upstream` adds to the template's stand-in options (a hostile answer, say).
 *
 * Each file of the copy is a hard link to the template's (a copy, on another file system than the template's), as the
 * build itself links its release folders. Creating the copy's 1,300 files costs the kernel up to 1.5 s while the
 * suite's builds free inodes nearby (an ext4 without a journal searches past recently freed inodes for each new one),
 * the links 0.1 s, and removing them frees no inode: the 14 files that copy templates take 214–221 CPU-s together,
 * 228–244 with copies. So a test replaces a file of its copy (replaceFile) rather than writing over it; `close` fails
 * the test that wrote over one, naming the file, since that changed the template for every test that copies it.
 */
export async function copyBuildWorld(
  template: BuildWorldTemplate,
  parentDir: string = os.tmpdir(),
  upstream: Partial<UpstreamServerOptions> = {},
): Promise<BuildWorld> {
  const world = await createBuildWorld(structuredClone(template.data), { ...template.options, ...upstream }, parentDir);
  try {
    if (statSync(template.root).dev !== statSync(world.root).dev) {
      cpSync(template.root, world.root, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
      return world;
    }
    const shared = linkTree(template.root, world.root);
    return {
      ...world,
      async close() {
        await world.close();
        // A template removed meanwhile (its inputs changed) is no template written over.
        const changed = [...shared]
          .filter(([file, seen]) => ![seen, null].includes(fileVersion(file)))
          .map(([file]) => file);
        if (changed.length > 0)
          throw new Error(
            `The test wrote over ${changed.join(', ')}, which its world shares with the template (hard links): replace a file (replaceFile) rather than write over it.`,
          );
      },
    };
  } catch (error) {
    await world.close();
    throw error;
  }
}

/** What changes when a file is written over: its modification time or its size (null: the file is gone). */
function fileVersion(file: string): string | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats === undefined ? null : `${stats.mtimeMs} ${stats.size}`;
}

/** Recreates the tree `from` at `to` with hard links to its files; returns each file of `from` by its fileVersion. */
function linkTree(from: string, to: string, shared = new Map<string, string | null>()): Map<string, string | null> {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target, shared);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      linkSync(source, target);
      shared.set(source, fileVersion(source));
    }
  }
  return shared;
}

/**
 * Writes `content` to `file` of a copied world as a new file: the copy's files are hard links to its template's
 * (copyBuildWorld), so writing over one in place would change the template for every test that copies it.
 */
export async function replaceFile(file: string, content: string | Uint8Array): Promise<void> {
  await rm(file, { force: true });
  await writeFile(file, content);
}

export function sha256(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Runs one query in an in-memory DuckDB and returns the rows as plain objects (BIGINT as number). */
export async function queryDuckDb(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(sql);
    return reader.getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
