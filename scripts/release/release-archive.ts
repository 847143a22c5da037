// The release archive: every release kept outside the CI cache (KPU_RELEASE_ARCHIVE_DIR, a checkout of the `data`
// branch in CI), laid out as dist/data/ keeps them (releases/<release>/, releases.json, history.json,
// changes.json). The build restores the releases from it when dist/ lacks some (a lost cache), after verifying
// every release against its manifest (the history files are made again from them, never trusted), and adds every
// new release to it after a publish.
import { constants } from 'node:fs';
import { copyFile, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from '../errors.ts';
import { readJsonFile, readJsonIfPresent } from '../foundation/json-file.ts';
import { removeEntriesOfGoneProcesses } from '../foundation/owned-folders.ts';
import { DATASETS } from '../datasets/datasets.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import {
  checkReleaseHistory,
  fingerprintOf,
  releaseFolderNames,
  RELEASES_DIR,
  RELEASES_FILE,
  verifyReleaseFolder,
  type ReleaseEntry,
} from './release-history.ts';
import type { ChangesDocument, HistoryEntry } from './release-stage.ts';

/** The files beside releases/ that travel with them, the list last (it is what makes a release part of the history). */
const HISTORY_FILES = ['history.json', 'changes.json', RELEASES_FILE] as const;

export interface ReleaseSource {
  /** The data folder the release stage compares with and the publish stage links earlier releases from. */
  dataDir: string;
  /** True when that folder was restored (dist/ lacked releases the archive or the deployed site holds). */
  restored: boolean;
  /** Where the restored releases came from: the archive, the deployed site, or null when none were restored. */
  restoredFrom: 'archive' | 'deployed' | null;
  /** Every release name seen in dist/, in the archive and on the deployed site: a new release takes none of them. */
  usedIds: string[];
  /** The archive's history files that differ from those made again from its releases (only these are published). */
  differ: string[];
}

/** Every release name a data folder knows of: listed, present as a folder, or named in its change history. */
export async function releaseNamesIn(dataDir: string): Promise<string[]> {
  const listed = (await readJsonIfPresent<ReleaseEntry[]>(path.join(dataDir, RELEASES_FILE))) ?? [];
  const history = (await readJsonIfPresent<Array<{ release?: unknown }>>(path.join(dataDir, 'history.json'))) ?? [];
  const names = [
    ...(Array.isArray(listed) ? listed.map((entry) => entry?.id) : []),
    ...(await releaseFolderNames(dataDir)),
    ...(Array.isArray(history) ? history.map((entry) => entry?.release) : []),
  ];
  return [...new Set(names.filter((name): name is string => typeof name === 'string'))];
}

/**
 * Whether the build should fetch the deployed site's release history (fetchDeployedReleases, in the harvest
 * stage): dist/ knows of no release, and no archive is configured or the archive holds none.
 */
export async function lacksReleases(distDir: string, archiveDir: string | null): Promise<boolean> {
  if ((await releaseNamesIn(path.join(distDir, 'data'))).length > 0) return false;
  return archiveDir === null || (await releaseNamesIn(archiveDir)).length === 0;
}

/**
 * Where the release stage finds the published releases: dist/data/, unless the archive holds a release dist/ does
 * not (a lost or stale cache): then every archived release, verified to hold exactly the files of its manifest, is
 * restored into `restoreDir` with its history made again from the releases, and used instead. A damaged archive
 * (a stray file, a symbolic link, a file that does not match) stops the build (RELEASE_ARCHIVE_INVALID) and is
 * never partly used. `deployedDir` is the deployed site's history the harvest stage fetched (dist/ and the archive
 * held no release), or null: it is verified and restored the same way, a damaged one RELEASE_DEPLOYED_INVALID.
 */
export async function chooseReleaseSource(
  distDir: string,
  archiveDir: string | null,
  restoreDir: string,
  deployedDir: string | null = null,
): Promise<ReleaseSource> {
  const distData = path.join(distDir, 'data');
  const usedIds = new Set(await releaseNamesIn(distData));
  const unchanged = (): ReleaseSource => ({
    dataDir: distData,
    restored: false,
    restoredFrom: null,
    usedIds: [...usedIds],
    differ: [],
  });
  let source: { dir: string; kind: 'archive' | 'deployed'; entries: ReleaseEntry[] } | null = null;
  if (archiveDir !== null) {
    const archive = await checkReleaseHistory(archiveDir, { verifyFiles: false });
    if (!archive.ok) throw new BuildError('RELEASE_ARCHIVE_INVALID', archive.reason);
    for (const name of await releaseNamesIn(archiveDir)) usedIds.add(name);
    if (archive.value.length > 0 || deployedDir === null)
      source = { dir: archiveDir, kind: 'archive', entries: archive.value };
  }
  if (source === null && deployedDir !== null) {
    const deployed = await checkReleaseHistory(deployedDir, { verifyFiles: false });
    if (!deployed.ok) throw new BuildError('RELEASE_DEPLOYED_INVALID', deployed.reason);
    for (const name of await releaseNamesIn(deployedDir)) usedIds.add(name);
    source = { dir: deployedDir, kind: 'deployed', entries: deployed.value };
  }
  if (source === null) return unchanged();
  const invalid = source.kind === 'archive' ? 'RELEASE_ARCHIVE_INVALID' : 'RELEASE_DEPLOYED_INVALID';
  const sourceDir = source.dir;
  const published = (await readJsonIfPresent<ReleaseEntry[]>(path.join(distData, RELEASES_FILE))) ?? [];
  const inDist = (entry: ReleaseEntry): boolean =>
    Array.isArray(published) && published.some((own) => own?.id === entry.id && own.fingerprint === entry.fingerprint);
  if (source.entries.every(inDist)) return unchanged();

  // Each archived release verified (exactly the files of its manifest, each with its SHA-256), then only those files
  // restored: a data folder as dist/data/ was, every release and the latest release's files at the top. The
  // history files are made again from the verified releases, never taken from the archive.
  const verified: Array<{ entry: ReleaseEntry; manifest: SnapshotManifest; files: string[] }> = [];
  for (const entry of source.entries) {
    const folder = path.join(sourceDir, RELEASES_DIR, entry.id);
    const manifest = await readJsonFile<SnapshotManifest>(path.join(folder, 'manifest.json'));
    const files = await verifyReleaseFolder(folder, manifest);
    if (!files.ok) throw new BuildError(invalid, files.reason);
    verified.push({ entry, manifest, files: files.value });
  }
  await rm(restoreDir, { recursive: true, force: true });
  await mkdir(restoreDir, { recursive: true });
  const latest = verified.at(-1) as (typeof verified)[number];
  const copyFiles = async (from: string, to: string, files: readonly string[]) => {
    for (const file of files) {
      await mkdir(path.dirname(path.join(to, file)), { recursive: true });
      await copyFile(path.join(from, file), path.join(to, file), constants.COPYFILE_EXCL);
    }
  };
  await copyFiles(path.join(sourceDir, RELEASES_DIR, latest.entry.id), restoreDir, latest.files);
  for (const { entry, files } of verified)
    await copyFiles(path.join(sourceDir, RELEASES_DIR, entry.id), path.join(restoreDir, RELEASES_DIR, entry.id), files);
  const history = await rebuildHistory(
    restoreDir,
    verified.map(({ entry, manifest }) => ({ id: entry.id, manifest })),
  );
  const differ: string[] = [];
  for (const [file, content] of Object.entries(history)) {
    await writeFile(path.join(restoreDir, file), content);
    // The deployed history's own history files are not fetched: only an archive's can differ.
    if (source.kind === 'archive' && (await readFile(path.join(sourceDir, file), 'utf8').catch(() => null)) !== content)
      differ.push(file);
  }
  return { dataDir: restoreDir, restored: true, restoredFrom: source.kind, usedIds: [...usedIds], differ };
}

/**
 * releases.json, history.json and changes.json of a restored data folder, made from its verified releases (the
 * oldest first) as the release stage made them: each release's entry from its manifest, each release's changes
 * against the one before it, and the latest release's change report (with the shrinks it was published with).
 */
async function rebuildHistory(
  dataDir: string,
  releases: ReadonlyArray<{ id: string; manifest: SnapshotManifest }>,
): Promise<Record<(typeof HISTORY_FILES)[number], string>> {
  // The release stage's comparison (with DuckDB and Apache Arrow) loaded only here: the build's own process imports
  // this module for the archive and the history's source, and needs the engine only to make a history again.
  const { compareDataFolders, historyEntriesOf } = await import('./release-stage.ts');
  const list: ReleaseEntry[] = [];
  const history: HistoryEntry[] = [];
  let changes: ChangesDocument | null = null;
  for (const [index, { id, manifest }] of releases.entries()) {
    const harvestedAt = manifest.harvest.finishedAt;
    list.push({
      id,
      harvestedAt,
      fingerprint: fingerprintOf(manifest),
      records: Object.fromEntries(manifest.datasets.map((dataset) => [dataset.id, dataset.records])),
    });
    const previous = index > 0 ? (releases[index - 1] as { id: string }) : null;
    const folder = (release: string) => path.join(dataDir, RELEASES_DIR, release);
    // The datasets this release published: a dataset added to the publisher later has no files in older releases.
    const datasets = DATASETS.filter((dataset) => manifest.datasets.some((own) => own.id === dataset.id));
    const compared = previous === null ? [] : await compareDataFolders(datasets, folder(previous.id), folder(id));
    history.push(...historyEntriesOf(id, harvestedAt, compared));
    changes = {
      release: id,
      previousRelease: previous?.id ?? null,
      initial: previous === null,
      changed: previous !== null && compared.some((dataset) => dataset.changes.length > 0),
      datasets: compared,
      ...(manifest.release?.shrink ? { shrink: manifest.release.shrink } : {}),
    };
  }
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return { 'history.json': json(history), 'changes.json': json(changes), [RELEASES_FILE]: json(list) };
}

async function writeAtomically(file: string, content: Buffer): Promise<void> {
  const partial = `${file}.partial-${process.pid}`;
  await writeFile(partial, content);
  await rename(partial, file);
}

/**
 * Adds every release of the published data folder the archive lacks (each copied under a hidden name, then renamed
 * into place), then the history files, the list last. Returns the releases added. The archive must hold no release
 * the published history lacks (chooseReleaseSource made sure of that before the build went live).
 */
export async function addToArchive(archiveDir: string, publishedDataDir: string): Promise<string[]> {
  const releasesDir = path.join(archiveDir, RELEASES_DIR);
  await mkdir(releasesDir, { recursive: true });
  await removeEntriesOfGoneProcesses(releasesDir, (name) => {
    const pid = Number(/^\..+\.partial-(\d+)$/.exec(name)?.[1]);
    return Number.isSafeInteger(pid) ? pid : null;
  });
  const archive = await checkReleaseHistory(archiveDir, { verifyFiles: false });
  if (!archive.ok)
    throw new BuildError('RELEASE_ARCHIVE_INVALID', `${archive.reason} dist/ is live; the archive was not updated.`);
  const published = await readJsonFile<ReleaseEntry[]>(path.join(publishedDataDir, RELEASES_FILE));
  const foreign = archive.value.filter(
    (entry) => !published.some((own) => own.id === entry.id && own.fingerprint === entry.fingerprint),
  );
  if (foreign.length > 0) {
    throw new BuildError(
      'RELEASE_ARCHIVE_INVALID',
      `The archive holds ${foreign.map((entry) => entry.id).join(', ')}, which the published history does not; dist/ is live; the archive was not updated.`,
    );
  }
  const added: string[] = [];
  for (const entry of published) {
    if (archive.value.some((archived) => archived.id === entry.id)) continue;
    const partial = path.join(releasesDir, `.${entry.id}.partial-${process.pid}`);
    await rm(partial, { recursive: true, force: true });
    await cp(path.join(publishedDataDir, RELEASES_DIR, entry.id), partial, { recursive: true });
    await rename(partial, path.join(releasesDir, entry.id));
    added.push(entry.id);
  }
  for (const file of HISTORY_FILES)
    await writeAtomically(path.join(archiveDir, file), await readFile(path.join(publishedDataDir, file)));
  return added;
}
