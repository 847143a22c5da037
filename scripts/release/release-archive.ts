// The release archive: every release kept outside the CI cache (KPU_RELEASE_ARCHIVE_DIR, a checkout of the `data`
// branch in CI), laid out as dist/data/ keeps them (releases/<release>/, releases.json, history.json,
// changes.json). The build restores the releases from it when dist/ lacks some (a lost cache), after verifying
// the whole archive, and adds every new release to it after a publish.
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from '../errors.ts';
import { readJsonFile, readJsonIfPresent } from '../foundation/json-file.ts';
import { removeEntriesOfGoneProcesses } from '../foundation/owned-folders.ts';
import {
  checkReleaseHistory,
  releaseFolderNames,
  RELEASES_DIR,
  RELEASES_FILE,
  type ReleaseEntry,
} from './release-history.ts';

/** The files beside releases/ that travel with them, the list last (it is what makes a release part of the history). */
const HISTORY_FILES = ['history.json', 'changes.json', RELEASES_FILE] as const;

export interface ReleaseSource {
  /** The data folder the release stage compares with and the publish stage links earlier releases from. */
  dataDir: string;
  /** True when that folder was restored from the archive (dist/ lacked releases the archive holds). */
  restored: boolean;
  /** Every release name seen in dist/ and in the archive: a new release takes none of them. */
  usedIds: string[];
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
 * Where the release stage finds the published releases: dist/data/, unless the archive holds a release dist/ does
 * not (a lost or stale cache): then the whole archive, verified file by file, is restored into `restoreDir` and
 * used instead. A damaged archive stops the build (RELEASE_ARCHIVE_INVALID) and is never partly used.
 */
export async function chooseReleaseSource(
  distDir: string,
  archiveDir: string | null,
  restoreDir: string,
): Promise<ReleaseSource> {
  const distData = path.join(distDir, 'data');
  const usedIds = new Set(await releaseNamesIn(distData));
  if (archiveDir === null) return { dataDir: distData, restored: false, usedIds: [...usedIds] };
  const archive = await checkReleaseHistory(archiveDir, { verifyFiles: false });
  if (!archive.ok) throw new BuildError('RELEASE_ARCHIVE_INVALID', archive.reason);
  for (const name of await releaseNamesIn(archiveDir)) usedIds.add(name);
  const published = (await readJsonIfPresent<ReleaseEntry[]>(path.join(distData, RELEASES_FILE))) ?? [];
  const inDist = (entry: ReleaseEntry): boolean =>
    Array.isArray(published) && published.some((own) => own?.id === entry.id && own.fingerprint === entry.fingerprint);
  if (archive.value.every(inDist)) return { dataDir: distData, restored: false, usedIds: [...usedIds] };

  const verified = await checkReleaseHistory(archiveDir, { verifyFiles: true });
  if (!verified.ok) throw new BuildError('RELEASE_ARCHIVE_INVALID', verified.reason);
  for (const file of HISTORY_FILES) {
    if ((await readJsonIfPresent<unknown>(path.join(archiveDir, file))) === null) {
      throw new BuildError(
        'RELEASE_ARCHIVE_INVALID',
        `${path.join(archiveDir, file)} is missing: the archive holds releases without their history.`,
      );
    }
  }
  // A data folder as dist/data/ was: every release, the history files, and the latest release's files at the top.
  await rm(restoreDir, { recursive: true, force: true });
  await mkdir(restoreDir, { recursive: true });
  const latest = (verified.value.at(-1) as ReleaseEntry).id;
  await cp(path.join(archiveDir, RELEASES_DIR, latest), restoreDir, { recursive: true });
  for (const entry of verified.value) {
    await cp(path.join(archiveDir, RELEASES_DIR, entry.id), path.join(restoreDir, RELEASES_DIR, entry.id), {
      recursive: true,
    });
  }
  for (const file of HISTORY_FILES) await cp(path.join(archiveDir, file), path.join(restoreDir, file));
  return { dataDir: restoreDir, restored: true, usedIds: [...usedIds] };
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
