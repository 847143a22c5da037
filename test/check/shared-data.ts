// Access to the real published files in ../shared/data/canonical for the check and normalize tests; they are
// never copied into the repository, so suites that need them are skipped (with a warning) when they are absent.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';

/** From test/check/ or test/normalize/ this is /work/shared/data/canonical when the repo is /work/main. */
export const CANONICAL_DATA = new URL('../../../shared/data/canonical/', import.meta.url);

export const hasSharedData = existsSync(CANONICAL_DATA);

/** Call at the top of a suite that uses `describe.skipIf(!hasSharedData)`, so a skip is never silent. */
export function warnWhenSharedDataAbsent(suite: string): void {
  if (!hasSharedData) {
    console.warn(`${suite}: ../shared/data is absent (${CANONICAL_DATA.pathname}); the tests on real data are skipped.`);
  }
}

export function readCanonicalText(name: string): string {
  return readFileSync(new URL(name, CANONICAL_DATA), 'utf8');
}

/** The canonical CSVs hold one record per row with the upstream field names as header; every value a string, as upstream sends them. */
export function readCanonicalCsv(name: string): RawRecord[] {
  return parse<Record<string, string>>(readCanonicalText(name), { columns: true, skip_empty_lines: true });
}
