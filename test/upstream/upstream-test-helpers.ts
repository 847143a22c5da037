// Shared by the stand-in upstream tests: where the real data lives, plain HTTP calls, and an independent
// implementation of UPSTREAM.md's turnout rules (so the generator is not checked by the code it feeds).
import { resolve } from 'node:path';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { turnoutDataset, SEXES, VOTER_LISTS } from '../../scripts/datasets/turnout-dataset.ts';

import { CANONICAL_DIR, noticeSharedData } from '../support/shared-data.ts';

const REAL_DATA_DIR = CANONICAL_DIR;
export const hasRealData = noticeSharedData('the stand-in upstream tests on real data');

export const REAL_FILES = {
  turnout: resolve(REAL_DATA_DIR, 'datahakpilihdpr_2014_sumatra_jawa.csv'),
  turnoutBroken: resolve(REAL_DATA_DIR, 'datahakpilihdpr_2014_broken.csv'),
  parties2024: resolve(REAL_DATA_DIR, 'profilpartai_2024.csv'),
  parties2019: resolve(REAL_DATA_DIR, 'profilpartai_2019.csv'),
  parties2014: resolve(REAL_DATA_DIR, 'profilpartai_2014.csv'),
};

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

/** One request as a harvester would send it; `key: null` sends no x-api-key header. */
export async function callUpstream(
  baseUrl: string,
  path: string,
  query: Record<string, string | number> = {},
  {
    key = 'test-key',
    method = 'GET',
    body,
    signal,
  }: { key?: string | null; method?: string; body?: string; signal?: AbortSignal } = {},
): Promise<Reply> {
  const url = new URL(`${baseUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key !== null) headers['x-api-key'] = key;
  const response = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

function field(column: string): string {
  const source = turnoutDataset.columns.find((candidate) => candidate.name === column)?.source;
  if (!source) throw new Error(`no column ${column}`);
  return source;
}

const TOTAL_BY_SEX: Record<string, string> = {
  male: field('total_male'),
  female: field('total_female'),
  total: field('total_voters'),
};

/** The UPSTREAM.md turnout rules a record breaks, as short descriptions; [] when it obeys them all. */
export function brokenTurnoutRules(record: RawRecord): string[] {
  const broken: string[] = [];
  const text = (name: string): string => String(record[name] ?? '');
  const count = (name: string): number => Number(text(name));
  if (!/^\d{4}$/.test(text(turnoutDataset.yearField))) broken.push('year: four digits');
  if (!/^\d+$/.test(text(field('dapil_id')))) broken.push('IdDapil: digits');
  for (const column of ['dapil_name', 'province_name', 'regency_name', 'election_type']) {
    if (text(field(column)).trim() === '') broken.push(`${column}: non-empty`);
  }
  for (const column of turnoutDataset.columns) {
    if (column.unit === 'persons' && column.source && !/^\d+$/.test(text(column.source)))
      broken.push(`${column.source}: digits`);
  }
  for (const list of VOTER_LISTS) {
    if (
      count(field(`${list.code}_male`)) + count(field(`${list.code}_female`)) !==
      count(field(`${list.code}_total`))
    ) {
      broken.push(`${list.upstream}: male+female != both`);
    }
  }
  for (const sex of SEXES) {
    const sum = VOTER_LISTS.reduce((total, list) => total + count(field(`${list.code}_${sex.code}`)), 0);
    if (sum !== count(TOTAL_BY_SEX[sex.code] as string)) broken.push(`${sex.upstream}: DPT+DPTb+DPK != total`);
  }
  if (count(field('total_male')) + count(field('total_female')) !== count(field('total_voters'))) {
    broken.push('total male + total female != overall');
  }
  return broken;
}
