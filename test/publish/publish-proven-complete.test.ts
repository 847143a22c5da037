// The real build against a stand-in upstream whose faults, taken on their word, would publish incomplete data with
// exit 0: envelopes other than {count, data} from the third page on, pages sent with a 202, 204 or 206 where a 200
// belongs, an early end that holds when asked again (its dapil asked by value has more), answers capped in all at the
// end of a dapil (the dapils after it, asked by value, have records), a record left out of a page in the middle of the
// data (its dapil, asked by value, has it), an end of the data that does not hold when asked again, the first record
// repeated in place of others, an envelope's error hidden behind a last 429, an endless upstream stopped by
// KPU_MAX_RECORDS. On top of a good published release and on a first build, each fails in the harvest with its own
// code and leaves dist/ byte for byte as it was (or absent); a fault that clears is harvested again and published
// whole.
// The builds that fail in the harvest run the CLI's own `main` in this process (runCliInProcess: the same output and
// exit code, without starting Node each time); the build that publishes is a CLI process of its own.
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { endlessPages } from '../../scripts/upstream/hostile-bodies.ts';
import {
  answersCappedAt,
  createHostileSwitch,
  envelopeFromPage,
  envelopeThenThrottled,
  firstRecordRepeated,
  flickeringEnd,
  recordDropped,
  statusFromPage,
  UNKNOWN_ENVELOPES,
} from '../../scripts/upstream/hostile-envelopes.ts';
import type { HostileAnswer } from '../../scripts/upstream/upstream-server.ts';
import {
  copyBuildWorld,
  createBuildWorld,
  publishTestData,
  sharedWorldTemplate,
  type BuildWorld,
} from '../support/build-fixtures.ts';
import { distState, errorOf } from '../support/dist-state.ts';
import { TEST_KEY } from '../support/harvest-fixtures.ts';

const TURNOUT_PATH = '/api/datahakpilihdpr';
const hostile = createHostileSwitch();
let world: BuildWorld;

beforeAll(async () => {
  const template = await sharedWorldTemplate('publish-good', publishTestData());
  world = await copyBuildWorld(template, os.tmpdir(), { hostile: hostile.answer });
}, 300_000);

afterAll(async () => {
  await world?.close();
});

/** A failing case: its hostile answer (made fresh, as each keeps count of what it answered), code and settings. */
type FailingCase = [name: string, code: string, answer: () => HostileAnswer, env: Record<string, string>];

const FAILING: FailingCase[] = [
  ...Object.entries(UNKNOWN_ENVELOPES).map<FailingCase>(([name, envelope]) => [
    `${JSON.stringify(envelope)} from the third page on (${name})`,
    'UPSTREAM_UNKNOWN_ENVELOPE',
    () => envelopeFromPage(3, envelope),
    { KPU_PAGE_SIZE: '3' },
  ]),
  [
    'turnout pages from offset 9 on answering {"count":"0","data":[]} every other time (an end that does not hold)',
    'HARVEST_END_UNCONFIRMED',
    () => flickeringEnd(9, { path: TURNOUT_PATH }),
    { KPU_PAGE_SIZE: '3' },
  ],
  ...[202, 204].map<FailingCase>((status) => [
    `{"count":"0","data":[]} sent with HTTP ${status} from the third page on (an end of the data that is no 200)`,
    'UPSTREAM_UNEXPECTED_STATUS',
    () => statusFromPage(3, status),
    { KPU_PAGE_SIZE: '3' },
  ]),
  [
    'the third page sent with HTTP 206 and its first record alone (a part of a page)',
    'UPSTREAM_UNEXPECTED_STATUS',
    () => statusFromPage(3, 206, (request) => ({ count: '1', data: request.page.slice(0, 1) })),
    { KPU_PAGE_SIZE: '3' },
  ],
  [
    'turnout pages from offset 9 on answering {"count":"0","data":[]}, asked again too (a stable early end)',
    'HARVEST_TRUNCATED',
    () => envelopeFromPage(4, { count: '0', data: [] }, { path: TURNOUT_PATH }),
    { KPU_PAGE_SIZE: '3' },
  ],
  [
    'at most the first 6 turnout records to a request without a filter (a silent cap: the last page short, the end between two dapils)',
    'HARVEST_TRUNCATED',
    // Pages of 4 over dapils of 3 records: pages of 4 and 2 records, then empty; the second dapil, the last value,
    // is whole, and the four dapils after it, asked by value, hold the records the pages lacked.
    () => answersCappedAt(6, { path: TURNOUT_PATH }),
    { KPU_PAGE_SIZE: '4' },
  ],
  [
    'the 8th turnout record left out of the pages (a page one record short in the middle of the data)',
    'HARVEST_TRUNCATED',
    // Its dapil, asked by value, holds it: the pages lack it, wherever the end fell.
    () => recordDropped(7, { path: TURNOUT_PATH }),
    { KPU_PAGE_SIZE: '3' },
  ],
  [
    'the first record of the data in place of the first record of every later page',
    'HARVEST_RECORD_REPEATED',
    () => firstRecordRepeated(),
    { KPU_PAGE_SIZE: '3' },
  ],
  [
    'an error envelope on every retry of the first turnout page, the last retry answered 429',
    'UPSTREAM_ERROR_ENVELOPE',
    () => envelopeThenThrottled(0, 3, undefined, { path: TURNOUT_PATH }),
    { KPU_RETRIES: '3' },
  ],
];

async function removePartialHarvest(cacheDir: string): Promise<void> {
  await rm(path.join(cacheDir, 'harvest', 'partial'), { recursive: true, force: true });
}

describe('a build on top of a good release never publishes what it cannot prove complete', () => {
  it.each(FAILING)('%s: exit 3, %s, dist/ unchanged', async (_name, code, answer, env) => {
    const before = await distState(world.distDir);
    // A failed harvest may leave its partial pages to resume; each case starts from none.
    await removePartialHarvest(world.cacheDir);
    hostile.set(answer());
    try {
      const failed = await world.buildInProcess(['--json'], env);
      expect(failed.code, failed.stderr).toBe(3);
      expect(errorOf(failed)).toMatchObject({ code, stage: 'harvest', exitCode: 3 });
      expect(`${failed.stdout}${failed.stderr}`).not.toContain(TEST_KEY);
    } finally {
      hostile.set(undefined);
    }
    expect(await distState(world.distDir)).toEqual(before);
  });

  it('an envelope error behind a last 429 is named with the 429 it ended on', async () => {
    await removePartialHarvest(world.cacheDir);
    hostile.set(envelopeThenThrottled(0, 3, undefined, { path: TURNOUT_PATH }));
    try {
      const failed = await world.buildInProcess(['--json'], { KPU_RETRIES: '3' });
      expect(errorOf(failed).message).toMatch(
        /the envelope says error \(status "error".*Database connection failed.*; the last of 3 retries was answered HTTP 429\./,
      );
    } finally {
      hostile.set(undefined);
    }
  });

  it('an endless upstream stopped by KPU_MAX_RECORDS leaves no partial harvest behind, and dist/ unchanged', async () => {
    const before = await distState(world.distDir);
    await removePartialHarvest(world.cacheDir);
    hostile.set(endlessPages('parties'));
    try {
      const failed = await world.buildInProcess(['--json'], { KPU_PAGE_SIZE: '50', KPU_MAX_RECORDS: '2000' });
      expect(failed.code, failed.stderr).toBe(3);
      expect(errorOf(failed)).toMatchObject({ code: 'HARVEST_TOO_MANY_RECORDS', stage: 'harvest' });
    } finally {
      hostile.set(undefined);
    }
    expect(existsSync(path.join(world.cacheDir, 'harvest', 'partial'))).toBe(false);
    expect(await distState(world.distDir)).toEqual(before);
  });
});

describe('a first build never publishes what it cannot prove complete', () => {
  it.each(FAILING)('%s: exit 3, %s, no dist/', async (_name, code, answer, env) => {
    const first = await createBuildWorld(publishTestData(), { hostile: answer() });
    try {
      const failed = await first.buildInProcess(['--json'], env);
      expect(failed.code, failed.stderr).toBe(3);
      expect(errorOf(failed)).toMatchObject({ code, stage: 'harvest', exitCode: 3 });
      expect(`${failed.stdout}${failed.stderr}`).not.toContain(TEST_KEY);
      expect(existsSync(first.distDir)).toBe(false);
    } finally {
      await first.close();
    }
  });

  it('an end of the data that does not hold once is harvested again, and every record published', async () => {
    const data = publishTestData();
    // The turnout page at offset 9 answers as the end once: 9 of the records, were the end taken on its word.
    const first = await createBuildWorld(data, { hostile: flickeringEnd(9, { path: TURNOUT_PATH, times: 1 }) });
    try {
      const built = await first.build(['--json'], { KPU_PAGE_SIZE: '3' });
      expect(built.code, built.stderr).toBe(0);
      expect(built.stderr).toContain('turnout: the page at offset 9 ended the data with no records; asked again');
      const published = JSON.parse(
        await readFile(path.join(first.distDir, 'data/all-years/kpu-dpr-turnout-by-sex-all-years.raw.json'), 'utf8'),
      ) as RawRecord[];
      expect(published).toEqual(data.turnout);
    } finally {
      await first.close();
    }
  }, 240_000);
});
