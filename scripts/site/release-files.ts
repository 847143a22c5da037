// The release stage's list of releases and change history as the site reads them (releases.json, history.json in
// the data folder), each entry checked, for the changes page and the per-page change histories.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findDataset } from '../datasets/datasets.ts';
import type { HistoryEntry, ReleaseEntry } from '../release/release-stage.ts';
import { describeValue } from './snapshot-records.ts';

/** What the release stage wrote beside the snapshot (releases.json, history.json), for the changelog and the per-page histories. */
export interface ReleaseFiles {
  releases: ReleaseEntry[];
  history: HistoryEntry[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value a normalized record can hold: what history.json's keys and old and new values are. */
function isNormalizedValue(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'))
  );
}

function isReleaseEntry(value: unknown): value is ReleaseEntry {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.harvestedAt === 'string' &&
    isObject(value.records) &&
    Object.values(value.records).every((count) => Number.isSafeInteger(count))
  );
}

function isHistoryEntry(value: unknown): value is HistoryEntry {
  return (
    isObject(value) &&
    typeof value.release === 'string' &&
    typeof value.harvestedAt === 'string' &&
    typeof value.dataset === 'string' &&
    findDataset(value.dataset) !== undefined &&
    (value.kind === 'added' || value.kind === 'removed' || value.kind === 'changed') &&
    (value.year === null || Number.isSafeInteger(value.year)) &&
    isObject(value.key) &&
    Object.values(value.key).every(isNormalizedValue) &&
    Array.isArray(value.fields) &&
    value.fields.every(
      (field: unknown) =>
        isObject(field) &&
        typeof field.field === 'string' &&
        isNormalizedValue(field.old) &&
        isNormalizedValue(field.new),
    )
  );
}

/**
 * The release stage's list of releases and change history, checked entry by entry (they are not in the
 * manifest's list, so no SHA-256 vouches for them). Absent files (no release stage ran) give empty lists.
 */
export async function readReleaseFiles(dataDir: string): Promise<ReleaseFiles> {
  const read = async <T>(file: string, check: (value: unknown) => value is T, what: string): Promise<T[]> => {
    let text: string;
    try {
      text = await readFile(path.join(dataDir, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) throw new Error(`${file} in ${dataDir}: expected a JSON array, one ${what} per entry`);
    const wrong = parsed.findIndex((entry) => !check(entry));
    if (wrong !== -1)
      throw new Error(`${file} in ${dataDir}: entry ${wrong} is not a ${what}: ${describeValue(parsed[wrong])}`);
    return parsed as T[];
  };
  return {
    releases: await read('releases.json', isReleaseEntry, 'release'),
    history: await read('history.json', isHistoryEntry, 'change'),
  };
}
