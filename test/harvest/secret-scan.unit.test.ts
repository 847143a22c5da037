// The echoed-key scan on its own: every echo encoding is found in a page, a page holding the key is never written
// and the partial harvest holding earlier pages is removed; a stored harvest holding it is refused and removed.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { BuildError } from '../../scripts/errors.ts';
import { createHarvestStore, type HarvestManifest, type PageProvenance } from '../../scripts/harvest/harvest-store.ts';
import { guardPartialHarvest, refuseStoredKey } from '../../scripts/harvest/key-refusal.ts';
import { createKeyScan } from '../../scripts/harvest/secret-scan.ts';
import { ECHO_ENCODINGS, encodeKeyAsJsonSource } from '../../scripts/upstream/hostile-secrets.ts';
import { ECHO_KEY } from '../support/key-forms.ts';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-scan-'));
  folders.push(dir);
  return dir;
}

const page = (name: string): Buffer =>
  Buffer.from(
    JSON.stringify({ count: '1', data: { tahunPemilu: '2024', NomorUrutPartai: '1', NamaPartai: 'x' } }).replace(
      '"x"',
      `"${name}"`,
    ),
  );

function fields(offset: number): Omit<PageProvenance, 'file' | 'bytes' | 'sha256'> {
  return {
    dataset: 'parties',
    offset,
    limit: 1,
    url: 'http://h/api/profilpartai',
    method: 'GET',
    fetchedAt: '2026-11-23T00:00:00.000Z',
    status: 200,
    durationMs: 1,
    attempts: 1,
    records: 1,
    count: 1,
    shape: 'single',
    totalCount: null,
  };
}

const parameters = {
  upstreamHost: 'h',
  upstreamPath: '/',
  demo: false,
  pageSize: 1,
  method: 'GET',
  datasets: ['parties'],
};

async function caught(promise: Promise<unknown>): Promise<BuildError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BuildError);
  return error as BuildError;
}

describe('createKeyScan', () => {
  it('finds every echo encoding, says which, and nothing in a clean page; no key, no scan', () => {
    const scan = createKeyScan(ECHO_KEY);
    expect(scan?.(page('Partai Contoh \\u0026 Co %41 &amp;'))).toBeNull();
    const found = Object.fromEntries(
      ECHO_ENCODINGS.map((encoding) => [encoding, scan?.(page(`Partai ${encodeKeyAsJsonSource(ECHO_KEY, encoding)}`))]),
    );
    expect(found).toEqual({
      raw: 'as is', // its first 8 characters hold no `"` (which JSON escapes)
      'json-unicode': 'JSON-escaped',
      'json-unicode-mixed': 'JSON-escaped',
      'percent-upper': 'percent-encoded',
      'percent-lower': 'percent-encoded',
      'percent-uri': 'percent-encoded',
      'html-decimal': 'HTML entities',
      'html-hex': 'HTML entities',
      'html-named': 'HTML entities',
      'base64-0': 'base64',
      'base64-1': 'base64',
      'base64-2': 'base64',
      // Named base64url only where its characters (`-_` for `+/`) differ from base64's inside the key's part.
      'base64url-1': expect.stringMatching(/^base64/),
      'first-8': 'as is',
      upper: 'as is',
      'hex-lower': 'hex',
      'hex-upper': 'hex',
      separator: 'as is',
      'split-fields': 'as is',
      'split-first-8': 'as is',
    });
    expect(createKeyScan(null)).toBeNull();
  });
});

describe('guardPartialHarvest', () => {
  it('refuses a page holding the key before writing it, and removes the partial harvest with the pages already in it', async () => {
    const cacheDir = await tempDir();
    const partial = guardPartialHarvest(
      await createHarvestStore(cacheDir).openPartial(parameters, new Date()),
      ECHO_KEY,
    );
    await partial.writePage(fields(0), page('Partai Satu'));
    expect(existsSync(path.join(partial.dir, 'pages', 'parties'))).toBe(true);

    const error = await caught(
      partial.writePage(fields(1), page(`Partai ${encodeKeyAsJsonSource(ECHO_KEY, 'percent-lower')}`)),
    );
    expect(error.code).toBe('UPSTREAM_ECHOED_KEY');
    expect(error.message).toContain('parties: the page at offset 1 holds it (percent-encoded)');
    expect(error.message).not.toContain('Zq7');
    expect(existsSync(partial.dir)).toBe(false);
    // Later writes (the other dataset, still running) fail the same way and write nothing.
    expect((await caught(partial.writePage(fields(2), page('Partai Tiga')))).code).toBe('UPSTREAM_ECHOED_KEY');
    expect(existsSync(partial.dir)).toBe(false);
  });

  it('refuses a page kept by an interrupted harvest, when it is reused', async () => {
    const cacheDir = await tempDir();
    const store = createHarvestStore(cacheDir);
    const first = await store.openPartial(parameters, new Date());
    await first.writePage(fields(0), page(`Partai ${encodeKeyAsJsonSource(ECHO_KEY, 'json-unicode')}`));
    const resumed = guardPartialHarvest(await store.openPartial(parameters, new Date()), ECHO_KEY);
    expect(resumed.resumed).toBe(true);
    expect((await caught(resumed.readPage(partyDataset, 0, 1))).code).toBe('UPSTREAM_ECHOED_KEY');
    expect(existsSync(resumed.dir)).toBe(false);
  });
});

describe('refuseStoredKey', () => {
  it('refuses a stored harvest whose pages hold the key, and removes that harvest folder', async () => {
    const dir = await tempDir();
    const clean = path.join(dir, 'pages', 'parties', '0.body');
    const echoed = path.join(dir, 'pages', 'parties', '1.body');
    await mkdir(path.dirname(clean), { recursive: true });
    await writeFile(clean, page('Partai Satu'));
    await writeFile(echoed, page(`Partai ${encodeKeyAsJsonSource(ECHO_KEY, 'base64-2')}`));
    const manifest = {
      harvestId: '20261123T000000000Z',
      datasets: {
        parties: {
          pageFiles: [
            { offset: 0, file: 'pages/parties/0.body' },
            { offset: 1, file: 'pages/parties/1.body' },
          ],
        },
      },
    } as unknown as HarvestManifest;

    await refuseStoredKey(dir, manifest, null);
    expect(await readFile(echoed, 'utf8')).toContain('base64');
    const error = await caught(refuseStoredKey(dir, manifest, ECHO_KEY));
    expect(error.code).toBe('UPSTREAM_ECHOED_KEY');
    expect(error.message).toContain(
      'The stored harvest 20261123T000000000Z, parties: the page at offset 1 holds it (base64)',
    );
    expect(existsSync(dir)).toBe(false);
  });
});

describe('createKeyScan: any run of 8 characters, anywhere in the page', () => {
  const KEY = 'k7Qz9xWpL2mN4vB8sT1rYc6HdJ3fG5aE';
  const scan = createKeyScan(KEY) as NonNullable<ReturnType<typeof createKeyScan>>;
  // A count of 0: no character of the key, so no run goes on from it.
  const record = (fields: Record<string, string>): string => JSON.stringify({ count: '0', data: [fields] });
  const hex = (text: string): string => Buffer.from(text).toString('hex');

  it('finds every run of 8 at every start, in either case, in hex of either case, and in base64 at each alignment', () => {
    for (let start = 0; start + 8 <= KEY.length; start += 1) {
      const run = KEY.slice(start, start + 8);
      expect(scan(record({ NamaPartai: `Partai ${run} Jaya` })), run).toBe('as is');
      expect(scan(record({ NamaPartai: run.toUpperCase() })), run).toBe('as is');
      expect(scan(record({ NamaPartai: run.toLowerCase() })), run).toBe('as is');
      expect(scan(record({ Website: `x${hex(run)}y` })), run).toBe('hex');
      expect(scan(record({ Website: hex(run.toUpperCase()).toUpperCase() })), run).toBe('hex');
      for (const pad of ['', 'a', 'ab'])
        expect(scan(record({ Link: Buffer.from(`${pad}${run.toLowerCase()}`).toString('base64') })), run).toMatch(
          /^base64/,
        );
      // 7 characters are not a run.
      expect(scan(record({ NamaPartai: `Partai ${run.slice(0, 7)} Jaya` })), run).toBeNull();
    }
  });

  it('finds a run split over two fields, the names, punctuation and whitespace between them skipped', () => {
    const page = `{"count":"1","data":[{"NamaPartai":"Partai ${KEY.slice(0, 4)}", "AkronimNamaPartai" : "${KEY.slice(4, 8)} PKB"}]}`;
    expect(scan(page)).toBe('as is, split across fields');
    // Over a number and into the next record; in hex over two fields.
    expect(scan(`[{"a":"x${KEY.slice(0, 3)}","b":"${KEY.slice(3, 6)}"},{"c":"${KEY.slice(6, 9)}y"}]`)).toBe(
      'as is, split across fields',
    );
    expect(scan(record({ a: `x${hex(KEY.slice(0, 3))}`, b: `${hex(KEY.slice(3, 8))}y` }))).toBe('hex');
    // Escaped, then split.
    expect(scan(`{"a":"\\u006b7Qz","b":"9x%57p"}`)).toBe('mixed escapes, split across fields');
  });

  it('finds the key in a name, read on its own; a name between two halves does not hide them', () => {
    expect(scan(`{"data":[{"x${KEY.slice(2, 10)}":"1"}]}`)).toBe('as is');
    expect(scan(`{"a":"${KEY.slice(0, 4)}","${'N'.repeat(300)}":"${KEY.slice(4, 8)}"}`)).toBe(
      'as is, split across fields',
    );
  });

  it('finds nothing in ordinary pages, the same page scanned twice (names remembered) included', () => {
    const page = record({
      NamaPartai: 'Partai Kebangkitan Bangsa',
      AkronimNamaPartai: 'PKB',
      Website: 'pkb.id',
      Link: 'https:\\/\\/pkb.id\\/',
    });
    expect(scan(page)).toBeNull();
    expect(scan(page)).toBeNull();
    expect(scan(record({ NamaPartai: `${KEY.slice(0, 4)} dan ${KEY.slice(4, 8)}` }))).toBeNull();
  });

  it('looks for a key shorter than 8 characters whole, and only as text below 6', () => {
    const short = createKeyScan('Ab3dE') as NonNullable<ReturnType<typeof createKeyScan>>;
    expect(short(record({ NamaPartai: 'x AB3DE y' }))).toBe('as is');
    expect(short(record({ NamaPartai: 'x Ab3d y' }))).toBeNull();
    expect(short(record({ NamaPartai: hex('Ab3dE') }))).toBeNull();
    const seven = createKeyScan('Ab3dE9z') as NonNullable<ReturnType<typeof createKeyScan>>;
    expect(seven(record({ NamaPartai: hex('AB3DE9Z') }))).toBe('hex');
    expect(seven(record({ NamaPartai: Buffer.from('--Ab3dE9z').toString('base64') }))).toBe('base64');
  });
});
