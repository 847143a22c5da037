// The real build, on top of a good published build, against the upstream's hostile answers that would replace the
// published data with exit 0 (even with --strict) if taken as data: each fails in the harvest with its own code, and dist/ stays
// byte for byte as it was. Each build runs the CLI's own `main` in this process (runCliInProcess: the same output and
// exit code, without starting Node each time).
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countWithoutData,
  createHostileSwitch,
  errorEnvelopeOnEveryPage,
  errorEnvelopeOnPage,
  errorRecords,
  keyedWithKeys,
  oneBasedOffsets,
} from '../../scripts/upstream/hostile-envelopes.ts';
import type { HostileAnswer } from '../../scripts/upstream/upstream-server.ts';
import { copyBuildWorld, publishTestData, sharedWorldTemplate, type BuildWorld } from '../support/build-fixtures.ts';
import { distState, errorOf } from '../support/dist-state.ts';
import { TEST_KEY } from '../support/harvest-fixtures.ts';

const hostile = createHostileSwitch();
let world: BuildWorld;

// The good release: a copy of the publish tests' template (one good build, shared), its stand-in answering as each
// case says.
beforeAll(async () => {
  const template = await sharedWorldTemplate('publish-good', publishTestData());
  world = await copyBuildWorld(template, os.tmpdir(), { hostile: hostile.answer });
}, 300_000);

afterAll(async () => {
  await world?.close();
});

describe('a build on top of a good release, against errors disguised as data', () => {
  it.each<[string, string, HostileAnswer, Record<string, string>]>([
    [
      'every page {"status":"error","message":"Database connection failed","data":null}',
      'UPSTREAM_ERROR_ENVELOPE',
      errorEnvelopeOnEveryPage(),
      {},
    ],
    [
      'an error envelope on page 2 only, KPU_PAGE_SIZE=3',
      'UPSTREAM_ERROR_ENVELOPE',
      errorEnvelopeOnPage(2),
      { KPU_PAGE_SIZE: '3' },
    ],
    ['every page {"count":"8","data":null}', 'UPSTREAM_UNKNOWN_ENVELOPE', countWithoutData('8'), {}],
    ['every page {"count":"8","data":[]}', 'HARVEST_TRUNCATED', errorEnvelopeOnEveryPage({ count: '8', data: [] }), {}],
    ['[{"error":"Too many requests, slow down"}] as the records', 'UPSTREAM_NOT_RECORDS', errorRecords(), {}],
    ['offsets read as 1-based', 'HARVEST_PAGES_OVERLAP', oneBasedOffsets(), { KPU_PAGE_SIZE: '3' }],
    [
      'keyed data with the keys "0","01","1","00"',
      'UPSTREAM_UNEXPECTED_SHAPE',
      keyedWithKeys(() => ['0', '01', '1', '00']),
      {},
    ],
  ])('%s: exit 3, %s, dist/ unchanged (with --strict too)', async (_name, code, answer, env) => {
    const before = await distState(world.distDir);
    hostile.set(answer);
    try {
      // A failed harvest leaves its partial pages to resume; each case starts from none.
      await rm(path.join(world.cacheDir, 'harvest', 'partial'), { recursive: true, force: true });
      const failed = await world.buildInProcess(['--json', '--strict'], env);
      expect(failed.code, failed.stderr).toBe(3);
      expect(errorOf(failed)).toMatchObject({ code, stage: 'harvest', exitCode: 3 });
      expect(`${failed.stdout}${failed.stderr}`).not.toContain(TEST_KEY);
    } finally {
      hostile.set(undefined);
    }
    expect(await distState(world.distDir)).toEqual(before);
  });
});
