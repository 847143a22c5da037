// The API key echoed by the upstream, with the real build command on top of a good published build: an echo in a
// record, in any encoding, in part (8 characters), in upper case, in hex or split across two fields, stops the
// harvest with UPSTREAM_ECHOED_KEY, dist/ byte for byte as it was, no harvest left holding it; an echo in an error, a broken body or a header is redacted from every output; a
// stored harvest holding the key is refused offline; and control characters never reach the terminal raw.
// The CLI runs as a process of its own for every text output and for the good builds; the --json runs of a failing
// build, and the echoes in a record, which differ only in what the harvest's scan finds, run the CLI's own `main` in
// this process (runCliInProcess: the same output and exit code, without starting Node each time).
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../scripts/foundation/hashing.ts';
import type { HarvestManifest, PageProvenance } from '../../scripts/harvest/harvest-store.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import {
  controlCharactersInAnswer,
  ECHO_ENCODINGS,
  echoKeyInBrokenBody,
  echoKeyInError,
  echoKeyInHeaders,
  echoKeyInRecord,
  encodeKeyAsJsonSource,
} from '../../scripts/upstream/hostile-secrets.ts';
import type { HostileAnswer } from '../../scripts/upstream/upstream-server.ts';
import { createBuildWorld, type BuildWorld } from '../support/build-fixtures.ts';
import { distState, errorOf } from '../support/dist-state.ts';
import { readAllFiles } from '../support/harvest-fixtures.ts';
import { ECHO_KEY, expectNoKeyForm } from '../support/key-forms.ts';
import { runCli, runCliInProcess, type CliRun } from '../support/run-cli.ts';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

let world: BuildWorld;
let hostile: HostileAnswer | null = null;
/** Pages of 5 records: the parties' echo at offset 5 comes after a page already written. */
const ENV = { KPU_API_KEY: ECHO_KEY, KPU_PAGE_SIZE: '5' };

beforeAll(async () => {
  world = await createBuildWorld(
    {
      turnout: generateTurnoutRecords({ years: [2024], dapils: 3, regenciesPerDapil: 2, seed: 7 }),
      parties: generatePartyRecords({ years: [2019, 2024], parties: 6, seed: 7 }),
    },
    // A 503 for the second request the stand-in ever gets (the first build's): a retry on the way, whose warning
    // must not quote the key either.
    { apiKey: ECHO_KEY, hostile: (request) => hostile?.(request), faults: [{ at: 2, kind: 503 }] },
  );
});
afterAll(async () => {
  await world?.close();
});

const build = (args: string[] = []): Promise<CliRun> => world.build(args, ENV);
/** The same build command line run by the CLI's own `main` in this process (runCliInProcess). */
const buildInProcess = (args: string[] = []): Promise<CliRun> =>
  runCliInProcess(['build', ...args], { env: { ...world.env, ...ENV } });

/**
 * Contents already searched and found to hold no form of the key, by SHA-256: a build that fails leaves dist/ and most
 * of the cache as they were, and searching them all again after every build was about a tenth of this file's CPU
 * time.
 */
const searched = new Set<string>();

/** Every output of a build and every file it could have left: none holds the key in any form. */
async function expectKeyNowhere(run: CliRun, what: string): Promise<void> {
  expectNoKeyForm(run.stdout, ECHO_KEY, `${what}: stdout`);
  expectNoKeyForm(run.stderr, ECHO_KEY, `${what}: stderr`);
  const files = [...(await readAllFiles(world.distDir)), ...(await readAllFiles(world.cacheDir))];
  for (const [name, content] of files) {
    expectNoKeyForm(name, ECHO_KEY, `${what}: the name ${name}`);
    const digest = sha256Hex(content);
    if (searched.has(digest)) continue;
    expectNoKeyForm(content.toString('latin1'), ECHO_KEY, `${what}: ${name}`);
    searched.add(digest);
  }
}

describe('a good build with a key that encodes in many ways', () => {
  it('publishes, and the key is in no output, no file of dist/ and none of the cache', async () => {
    const run = await build();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr, 'the build retried the 503').toMatch(/\b503\b/);
    const json = await build(['--json']);
    expect(json.code, json.stderr).toBe(0);
    await expectKeyNowhere(run, 'build');
    await expectKeyNowhere(json, 'build --json');
    expect((await readAllFiles(world.distDir)).length).toBeGreaterThan(50);
  });
});

describe('the key echoed where the publisher quotes the upstream', () => {
  const cases: [string, HostileAnswer, string][] = [
    [
      'an error message, the snippet cut inside the key',
      echoKeyInError('raw', { padding: 195 }),
      'UPSTREAM_CLIENT_ERROR',
    ],
    [
      'an error message, JSON-escaped, cut inside the key',
      echoKeyInError('json-unicode-mixed', { padding: 190 }),
      'UPSTREAM_CLIENT_ERROR',
    ],
    ['an error message, percent-encoded in lower case', echoKeyInError('percent-lower'), 'UPSTREAM_CLIENT_ERROR'],
    ['an error message, as HTML entities', echoKeyInError('html-named'), 'UPSTREAM_CLIENT_ERROR'],
    ['an error message, in base64', echoKeyInError('base64-1'), 'UPSTREAM_CLIENT_ERROR'],
    ['an error message, the key with one separator inserted', echoKeyInError('separator'), 'UPSTREAM_CLIENT_ERROR'],
    ['an error message, the key in upper case', echoKeyInError('upper'), 'UPSTREAM_CLIENT_ERROR'],
    ['an error message, its first 8 characters alone', echoKeyInError('first-8'), 'UPSTREAM_CLIENT_ERROR'],
    ['an error message, in hex', echoKeyInError('hex-upper'), 'UPSTREAM_CLIENT_ERROR'],
    ["a body that is not JSON (V8's message quotes it)", echoKeyInBrokenBody(), 'UPSTREAM_BAD_JSON'],
    ['a redirect and another header', echoKeyInHeaders(), 'UPSTREAM_REDIRECT'],
  ];
  for (const [what, answer, code] of cases) {
    it(`${what}: ${code}, and no part of the key in the text or --json output`, async () => {
      const before = await distState(world.distDir);
      hostile = answer;
      try {
        const json = await buildInProcess(['--json']);
        expect(errorOf(json).code).toBe(code);
        const text = await build();
        expect(text.stderr).toContain(`error ${code}`);
        // Not even its beginning, cut short: the key's first two characters are in no message, as is or escaped.
        for (const message of [errorOf(json).message, text.stderr]) {
          expect(message).not.toContain(ECHO_KEY.slice(0, 2));
          expect(message).not.toContain(encodeKeyAsJsonSource(ECHO_KEY.slice(0, 2), 'json-unicode-mixed'));
        }
        for (const run of [json, text]) await expectKeyNowhere(run, what);
        expect(await distState(world.distDir)).toEqual(before);
      } finally {
        hostile = null;
      }
    });
  }
});

describe('control characters from the upstream', () => {
  for (const [kind, code] of [
    ['error-body', 'UPSTREAM_CLIENT_ERROR'],
    // An object of none of the dataset's fields: an upstream error (docs/upstream.md, "Objects that are not records").
    ['shape-keys', 'UPSTREAM_NOT_RECORDS'],
  ] as const) {
    it(`${kind}: ${code}, the escapes shown as text on stderr and escaped in --json`, async () => {
      hostile = controlCharactersInAnswer(kind);
      try {
        const text = await build();
        expect(text.stderr).toContain(`error ${code}`);
        expect(text.stderr).not.toMatch(RAW_CONTROL);
        expect(text.stderr).toContain('\\x1b[2J\\x1b[31mALERT');
        const json = await buildInProcess(['--json']);
        expect(json.stdout).not.toMatch(RAW_CONTROL);
        expect(errorOf(json).message).toContain('\x1b[2J\x1b[31mALERT');
      } finally {
        hostile = null;
      }
    });
  }
});

describe('the key echoed inside a record', () => {
  for (const encoding of ECHO_ENCODINGS) {
    it(`${encoding}: UPSTREAM_ECHOED_KEY in the harvest, dist/ as it was, no harvest left holding it`, async () => {
      const before = await distState(world.distDir);
      hostile = echoKeyInRecord(encoding, { dataset: 'parties', offset: 5 });
      try {
        const run = await buildInProcess(['--json']);
        expect(run.code, run.stderr).toBe(3);
        const error = errorOf(run);
        expect(error).toMatchObject({ code: 'UPSTREAM_ECHOED_KEY', stage: 'harvest', exitCode: 3 });
        expect(error.message).toMatch(
          /parties: the page at offset 5 holds it \((as is|JSON-escaped|percent-encoded|HTML entities|hex|base64|base64url)[^)]*\)/,
        );
        expect(await distState(world.distDir)).toEqual(before);
        expect(existsSync(path.join(world.cacheDir, 'harvest', 'partial'))).toBe(false);
        await expectKeyNowhere(run, encoding);
      } finally {
        hostile = null;
      }
    });
  }

  it('in a CLI process of its own, text output names the code, the dataset, the offset and the encoding, never the key', async () => {
    const before = await distState(world.distDir);
    hostile = echoKeyInRecord('percent-lower', { dataset: 'turnout', offset: 0 });
    try {
      const run = await build();
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(
        'error UPSTREAM_ECHOED_KEY (stage harvest): The upstream sent the API key back inside its data. turnout: the page at offset 0 holds it (percent-encoded).',
      );
      expect(await distState(world.distDir)).toEqual(before);
      expect(existsSync(path.join(world.cacheDir, 'harvest', 'partial'))).toBe(false);
      await expectKeyNowhere(run, 'text output');
    } finally {
      hostile = null;
    }
  });
});

/** Writes the key into the newest complete harvest's first parties page, checksums updated: a harvest kept by an older publisher. */
async function plantKeyInStoredHarvest(): Promise<string> {
  const complete = path.join(world.cacheDir, 'harvest', 'complete');
  const names = (await readdir(complete)).sort();
  const dir = path.join(complete, names.at(-1) as string);
  const manifestFile = path.join(dir, 'harvest-manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as HarvestManifest;
  const page = manifest.datasets.parties?.pageFiles[0] as PageProvenance;
  const body = Buffer.from(
    (await readFile(path.join(dir, page.file), 'utf8')).replace(
      /"NamaPartai":"/,
      `"NamaPartai":"${encodeKeyAsJsonSource(ECHO_KEY, 'html-decimal')} `,
    ),
  );
  await writeFile(path.join(dir, page.file), body);
  Object.assign(page, { bytes: body.length, sha256: sha256Hex(body) });
  const provenanceFile = path.join(dir, page.file.replace(/\.body$/, '.json'));
  const provenance = JSON.parse(await readFile(provenanceFile, 'utf8')) as PageProvenance;
  await writeFile(provenanceFile, JSON.stringify({ ...provenance, bytes: body.length, sha256: sha256Hex(body) }));
  await writeFile(manifestFile, JSON.stringify(manifest));
  return dir;
}

describe('a stored harvest holding the key', () => {
  for (const args of [['build', '--offline'], ['snapshot']]) {
    it(`${args.join(' ')}: refused with UPSTREAM_ECHOED_KEY, that harvest removed, dist/ as it was`, async () => {
      // A complete harvest of its own to plant the key in: the harvest command, no site to build for it, beside the
      // dist/ of the file's good build (a whole build of its own when this test runs alone).
      const fresh = existsSync(world.distDir)
        ? await runCliInProcess(['harvest'], { env: { ...world.env, ...ENV } })
        : await build();
      expect(fresh.code, fresh.stderr).toBe(0);
      const before = await distState(world.distDir);
      const planted = await plantKeyInStoredHarvest();
      const run = await runCli([...args, '--json'], { env: { ...world.env, ...ENV } });
      expect(run.code, run.stderr).toBe(3);
      const error = errorOf(run);
      expect(error.code).toBe('UPSTREAM_ECHOED_KEY');
      expect(error.message).toMatch(
        /The stored harvest \d{8}T\d{9}Z, parties: the page at offset 0 holds it \(HTML entities\)/,
      );
      expect(existsSync(planted)).toBe(false);
      expect(await distState(world.distDir)).toEqual(before);
      await expectKeyNowhere(run, args.join(' '));
    });
  }
});
