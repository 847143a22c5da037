// Where the real election data lives for tests (../shared/data, never copied into the project), and a
// loud notice when it is absent, so skipped tests never pass silently.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { PROJECT_ROOT } from './run-cli.ts';

export const SHARED_DATA_DIR = path.resolve(PROJECT_ROOT, '../shared/data');
export const CANONICAL_DIR = path.join(SHARED_DATA_DIR, 'canonical');
export const HAS_SHARED_DATA = existsSync(CANONICAL_DIR);

export function canonicalFile(name: string): string {
  return path.join(CANONICAL_DIR, name);
}

/** Call at the top of a test file that needs the real data; warns once per file when it is absent. */
export function noticeSharedData(what: string): boolean {
  if (!HAS_SHARED_DATA) {
    console.warn(`\n*** ../shared/data is absent (looked in ${SHARED_DATA_DIR}): SKIPPING ${what}. ***\n`);
  }
  return HAS_SHARED_DATA;
}

export function readCanonicalText(name: string): string {
  return readFileSync(canonicalFile(name), 'utf8');
}

/** A canonical CSV as upstream records: one per row, the upstream field names as header, every value a string. */
export function readCanonicalCsv(name: string): RawRecord[] {
  return parse<Record<string, string>>(readCanonicalText(name), { columns: true, skip_empty_lines: true });
}
