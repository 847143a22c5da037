// The harvest against hostile answers, with the real CLI and the stand-in upstream on a real port: every limit
// stops the build with its own code and leaves a published dist/ byte for byte as it was; compressed and
// BOM-prefixed bodies are read; invalid UTF-8 is noted; numbers reach raw.json exactly as sent. The builds that fail
// in the harvest run the CLI's own `main` in this process (runCliInProcess: the same output and exit code, without
// starting Node each time); the build that succeeds is a CLI process of its own.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PageProvenance } from '../../scripts/harvest/harvest-store.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import {
  bomPrefixed,
  compressionBomb,
  declaredLength,
  deepNesting,
  distinctYears,
  encodedBody,
  endlessBody,
  endlessPages,
  hugeField,
  invalidUtf8,
  rawNumberValue,
  type ContentEncoding,
} from '../../scripts/upstream/hostile-bodies.ts';
import type { HostileAnswer, UpstreamServerOptions } from '../../scripts/upstream/upstream-server.ts';
import { type UpstreamData, withDemoRecords } from '../../scripts/upstream/upstream-data.ts';
import {
  copyBuildWorld,
  publishTestData,
  sha256,
  sharedWorldTemplate,
  type BuildWorld,
} from '../support/build-fixtures.ts';
import { distState, errorOf } from '../support/dist-state.ts';
import {
  createHarvestWorld,
  expectHarvestedExactly,
  readLatestHarvested,
  TEST_KEY,
  type HarvestWorld,
} from '../support/harvest-fixtures.ts';
import { runCli, runCliInProcess } from '../support/run-cli.ts';

function data(): UpstreamData {
  return withDemoRecords({
    turnout: generateTurnoutRecords({ years: [2019, 2024], dapils: 4, regenciesPerDapil: 3, seed: 11 }),
    parties: generatePartyRecords({ years: [2019, 2024], parties: 6, seed: 11 }),
  });
}

const MIB = 1024 * 1024;

describe('limits: a hostile upstream stops the build with its own code, dist/ untouched', () => {
  let world: BuildWorld;
  /** The hostile answer the next build meets; none between tests. */
  let hostile: HostileAnswer | undefined;

  // A published dist/ to leave untouched: a copy of the publish tests' template (one good build, shared), its stand-in
  // answering as the test says.
  beforeAll(async () => {
    const template = await sharedWorldTemplate('publish-good', publishTestData());
    world = await copyBuildWorld(template, os.tmpdir(), { hostile: (request) => hostile?.(request) });
  }, 240_000);
  afterAll(async () => {
    await world.close();
  });

  async function buildAgainst(answer: HostileAnswer, env: Record<string, string> = {}) {
    const before = await distState(world.distDir);
    hostile = answer;
    const started = performance.now();
    const run = await world.buildInProcess(['--json'], env).finally(() => {
      hostile = undefined;
    });
    const seconds = (performance.now() - started) / 1000;
    expect(run.code, run.stderr).toBe(3);
    const error = errorOf(run);
    expect(error.stage).toBe('harvest');
    expect(await distState(world.distDir)).toEqual(before);
    expect(`${run.stdout}${run.stderr}`).not.toContain(TEST_KEY);
    return { error, seconds };
  }

  it('a 50,000-character party name: UPSTREAM_FIELD_TOO_LONG naming dataset, offset and field (default limit)', async () => {
    const { error } = await buildAgainst(hugeField('NamaPartai', 50_000, { dataset: 'parties' }));
    expect(error.code).toBe('UPSTREAM_FIELD_TOO_LONG');
    expect(error.message).toContain(
      'parties: the record at offset 0 has a NamaPartai of 50000 characters, more than the 10000 allowed',
    );
  });

  it('an endless 200 body: UPSTREAM_RESPONSE_TOO_LARGE, cut off near the cap', async () => {
    const endless = endlessBody();
    const { error } = await buildAgainst(endless, { KPU_MAX_RESPONSE_BYTES: String(MIB) });
    expect(error.code).toBe('UPSTREAM_RESPONSE_TOO_LARGE');
    expect(error.message).toContain(`more than ${MIB} bytes received`);
    // What the stand-in handed to the socket, over every request: the cap, plus what the kernel's buffers held when
    // the client hung up. Unbounded, this reached 6.25 GB.
    expect(endless.bytesSent).toBeLessThan(32 * MIB);
  });

  it('a Content-Length above the cap: UPSTREAM_RESPONSE_TOO_LARGE before reading', async () => {
    const { error } = await buildAgainst(declaredLength(5 * MIB), { KPU_MAX_RESPONSE_BYTES: String(MIB) });
    expect(error.code).toBe('UPSTREAM_RESPONSE_TOO_LARGE');
    expect(error.message).toContain(`Content-Length ${5 * MIB} bytes is more than the ${MIB} allowed`);
  });

  it.each<ContentEncoding>(['gzip', 'br'])(
    'a %s bomb: UPSTREAM_RESPONSE_TOO_LARGE on the decoded size',
    async (encoding) => {
      const { error } = await buildAgainst(compressionBomb(32 * MIB, encoding), {
        KPU_MAX_RESPONSE_BYTES: String(MIB),
      });
      expect(error.code).toBe('UPSTREAM_RESPONSE_TOO_LARGE');
      expect(error.message).toContain(`more than ${MIB} bytes after ${encoding} decoding`);
    },
  );

  it('3,000 levels of nesting in a field: UPSTREAM_TOO_DEEP, not a stack overflow (default limit)', async () => {
    const { error } = await buildAgainst(deepNesting('NamaPartai', 3000, { dataset: 'parties' }));
    expect(error.code).toBe('UPSTREAM_TOO_DEEP');
    expect(error.message).toContain('nests more than 64 levels deep');
    expect(error.message).toContain('/api/profilpartai?limit=');
  });

  it('3,000 distinct election years: HARVEST_TOO_MANY_YEARS (default limit)', async () => {
    const { error } = await buildAgainst(distinctYears('parties', 3000), { KPU_PAGE_SIZE: '100' });
    expect(error.code).toBe('HARVEST_TOO_MANY_YEARS');
    expect(error.message).toContain(
      'parties: 51 distinct tahunPemilu values by the page at offset 0, more than the 50 allowed',
    );
  });

  it('pagination that never ends: HARVEST_TOO_LARGE at KPU_MAX_HARVEST_BYTES', async () => {
    const { error } = await buildAgainst(endlessPages('turnout'), {
      KPU_PAGE_SIZE: '100',
      KPU_MAX_HARVEST_BYTES: String(MIB),
    });
    expect(error.code).toBe('HARVEST_TOO_LARGE');
    expect(error.message).toContain(`more than the ${MIB} allowed (KPU_MAX_HARVEST_BYTES)`);
  });

  it('more records than KPU_MAX_RECORDS: HARVEST_TOO_MANY_RECORDS', async () => {
    // Another page size than the test before, whose partial harvest would otherwise be resumed.
    const { error } = await buildAgainst(endlessPages('parties'), { KPU_PAGE_SIZE: '50', KPU_MAX_RECORDS: '250' });
    expect(error.code).toBe('HARVEST_TOO_MANY_RECORDS');
    expect(error.message).toContain(
      'parties: 300 records by the page at offset 250, more than the 250 allowed (KPU_MAX_RECORDS)',
    );
  });

  it('last, a build that succeeds: a number JSON.parse would make null is published in raw.json as sent', async () => {
    hostile = rawNumberValue('PersentaseKeterwakilanPerempuan', '1e400', { dataset: 'parties', offset: 0 });
    const run = await world.build(['--json']).finally(() => {
      hostile = undefined;
    });
    expect(run.code, run.stderr).toBe(0);
    const raw = await readFile(
      path.join(world.distDir, 'data', 'all-years', 'kpu-party-profiles-all-years.raw.json'),
      'utf8',
    );
    expect(raw).toContain('"PersentaseKeterwakilanPerempuan":1e400');
    const quality = await readFile(path.join(world.distDir, 'data', 'quality-report.json'), 'utf8');
    expect(quality).toContain('"PersentaseKeterwakilanPerempuan": 1e400');
  });
});

describe('bodies read exactly', () => {
  let world: HarvestWorld | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  async function harvest(answer: UpstreamServerOptions['hostile'], env: Record<string, string> = {}) {
    const served = data();
    // The harvest command run in this process (runCliInProcess): these harvests complete.
    world = await createHarvestWorld(served, { hostile: answer }, { KPU_PAGE_SIZE: '7', ...env });
    const run = await runCliInProcess(['harvest', '--json'], { env: world.env });
    expect(run.code, run.stderr).toBe(0);
    return { served, run, current: world };
  }

  async function pageFiles(cacheDir: string) {
    const harvested = await readLatestHarvested(cacheDir);
    const pages = Object.values(harvested.manifest.datasets).flatMap((summary) => summary.pageFiles);
    return { harvested, pages, body: (page: PageProvenance) => readFile(path.join(harvested.dir, page.file)) };
  }

  it.each<ContentEncoding>(['gzip', 'deflate', 'br'])(
    'decodes a %s body; the page keeps the decoded bytes and the wire size and SHA-256',
    async (encoding) => {
      const { served, current } = await harvest(encodedBody(encoding));
      await expectHarvestedExactly(current.cacheDir, served);
      const { pages, body } = await pageFiles(current.cacheDir);
      for (const page of pages) {
        expect(page.contentEncoding).toBe(encoding);
        expect(page.wireSha256).toMatch(/^[0-9a-f]{64}$/);
        expect(sha256(await body(page))).toBe(page.sha256);
        if (page.records > 0) expect(page.wireBytes).toBeLessThan(page.bytes);
      }
    },
  );

  it('reads a body that starts with a UTF-8 BOM, and keeps the BOM in the stored body', async () => {
    const { served, current } = await harvest(bomPrefixed());
    await expectHarvestedExactly(current.cacheDir, served);
    const { pages, body } = await pageFiles(current.cacheDir);
    for (const page of pages) {
      expect(page.bom).toBe(true);
      expect((await body(page)).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    }
    // The stored pages read back too: a snapshot from them alone.
    const snapshot = await runCli(['snapshot', '--json'], { env: current.env });
    expect(snapshot.code, snapshot.stderr).toBe(0);
  });

  it('notes invalid UTF-8 in the page provenance and as a warning naming the page', async () => {
    const { run, current } = await harvest(invalidUtf8('NamaPartai', { dataset: 'parties', offset: 7 }));
    const { harvested, pages, body } = await pageFiles(current.cacheDir);
    const bad = pages.filter((page) => page.invalidUtf8);
    expect(bad.map((page) => [page.dataset, page.offset])).toEqual([['parties', 7]]);
    const warning = harvested.manifest.warnings.find((text) => text.includes('not valid UTF-8'));
    expect(warning).toContain('parties: the page at offset 7 is not valid UTF-8');
    expect(run.stderr).toContain('parties: the page at offset 7 is not valid UTF-8');
    // The stored body keeps the bytes as received; the record carries U+FFFD where they were.
    expect((await body(bad[0] as PageProvenance)).includes(Buffer.from([0xff, 0xfe, 0x80]))).toBe(true);
    expect(String(harvested.records.parties?.[7]?.NamaPartai)).toMatch(/\ufffd\ufffd\ufffd$/);
  });

  it('keeps a nested value within KPU_MAX_JSON_DEPTH as data, for the quality rules to flag', async () => {
    const { current } = await harvest(deepNesting('NamaPartai', 500, { dataset: 'parties', offset: 0 }), {
      KPU_MAX_JSON_DEPTH: '512',
    });
    const { harvested } = await pageFiles(current.cacheDir);
    expect(JSON.stringify(harvested.records.parties?.[0]?.NamaPartai)).toBe(`${'['.repeat(500)}"x"${']'.repeat(500)}`);
    const snapshot = await runCli(['snapshot', '--json'], { env: current.env });
    expect(snapshot.code, snapshot.stderr).toBe(0);
    const parties = JSON.parse(
      await readFile(
        path.join(current.cacheDir, 'stages', 'snapshot', 'data', 'all-years', 'kpu-party-profiles-all-years.json'),
        'utf8',
      ),
    ) as Record<string, unknown>[];
    expect(parties[0]?.party_name).toBeNull();
    expect(parties[0]?.quality_flags).toContain('field-string');
  });

  // A number where a count belongs is taken when exact and stops the build otherwise (test/build/upstream-types.test.ts);
  // in a text or decimal column it is flagged, as any value that is not a string.
  it('writes numbers to raw.json exactly as sent; in a text or decimal column the value is null and the record flagged', async () => {
    // A field outside the key: the same record asked by value (its dapil) comes as the stand-in serves it.
    const { current } = await harvest([
      rawNumberValue('NamaDapil', '12345678901234567890', { dataset: 'turnout', offset: 0 }),
      rawNumberValue('PersentaseKeterwakilanPerempuan', '1e400', { dataset: 'parties', offset: 0 }),
    ]);
    const snapshot = await runCli(['snapshot', '--json'], { env: current.env });
    expect(snapshot.code, snapshot.stderr).toBe(0);
    const dir = path.join(current.cacheDir, 'stages', 'snapshot', 'data', 'all-years');
    const read = (suffix: string, stem: string) => readFile(path.join(dir, `${stem}-all-years${suffix}`), 'utf8');

    const turnoutRaw = await read('.raw.json', 'kpu-dpr-turnout-by-sex');
    expect(turnoutRaw).toContain('"NamaDapil":12345678901234567890');
    const partiesRaw = await read('.raw.json', 'kpu-party-profiles');
    expect(partiesRaw).toContain('"PersentaseKeterwakilanPerempuan":1e400');

    const turnout = JSON.parse(await read('.json', 'kpu-dpr-turnout-by-sex')) as Record<string, unknown>[];
    expect(turnout[0]?.dapil_name).toBeNull();
    expect(turnout[0]?.quality_flags).toContain('field-string');
    const parties = JSON.parse(await read('.json', 'kpu-party-profiles')) as Record<string, unknown>[];
    expect(parties[0]?.women_representation_pct).toBeNull();
    expect(parties[0]?.quality_flags).toContain('field-string');
  });
});
