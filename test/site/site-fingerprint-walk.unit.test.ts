// Two site builds at once (two dist/ folders, so two cache folders and no shared build lock) each keep a private
// working folder under site/.astro/ and remove it when they end. The site fingerprint reads the site's sources;
// it once walked into site/.astro/ as well (leaving those files out of the list only afterwards), so a build
// whose walk met another build's folder just as that build removed it stopped with SITE_BUILD_FAILED, "ENOENT:
// … scandir 'site/.astro/build-…'". Seen in a full test run; reproduced here both ways.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSiteFingerprint } from '../../scripts/site/site-fingerprint.ts';

let root: string;
let inputs: Parameters<typeof computeSiteFingerprint>[0];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-fingerprint-walk-'));
  const code = path.join(root, 'site');
  const data = path.join(root, 'data');
  await mkdir(path.join(code, 'src'), { recursive: true });
  await mkdir(data, { recursive: true });
  await writeFile(path.join(code, 'src', 'page.astro'), 'page');
  await writeFile(path.join(root, 'package-lock.json'), '{}');
  await writeFile(path.join(data, 'manifest.json'), JSON.stringify({ files: [] }));
  inputs = { dataDir: data, base: '/', codeDirs: [code], codeFiles: [path.join(root, 'package-lock.json')] };
});
afterAll(() => {
  // GNU rm removes trees deeper than PATH_MAX (Node's rm does not).
  spawnSync('rm', ['-rf', root]);
});

describe('site fingerprint: the working folders of other builds', () => {
  it('never enters site/.astro/: a folder there that cannot be read does not matter', async () => {
    const original = await computeSiteFingerprint(inputs);
    // A working folder whose full path is longer than the system allows (PATH_MAX, 4,096 bytes): reading it fails
    // (ENAMETOOLONG) exactly as reading a folder another build has just removed fails (ENOENT), but every time.
    // Made by a shell one level at a time, relative to the last (a worker thread cannot change its folder).
    const part = 'w'.repeat(200);
    const made = spawnSync(
      'bash',
      [
        '-c',
        `mkdir -p .astro/build-1-deep && cd .astro/build-1-deep && for i in $(seq 25); do mkdir ${part} && cd ${part}; done`,
      ],
      {
        cwd: inputs.codeDirs[0],
      },
    );
    try {
      expect(made.status, made.stderr.toString()).toBe(0);
      expect(await computeSiteFingerprint(inputs)).toBe(original);
    } finally {
      spawnSync('rm', ['-rf', '.astro/build-1-deep'], { cwd: inputs.codeDirs[0] });
    }
  });

  it('gives the same fingerprint while other builds make and remove their working folders', async () => {
    const original = await computeSiteFingerprint(inputs);
    const astro = path.join(inputs.codeDirs[0]!, '.astro');
    // Other builds come and go for as long as this build fingerprints its inputs, 50 times over.
    let running = true;
    const churn = (async () => {
      for (let n = 0; running; n += 1) {
        const folder = path.join(astro, `build-2-${n}`);
        for (let i = 0; i < 20; i += 1)
          await mkdir(path.join(folder, 'cache', `vite-${i}`, 'deps'), { recursive: true });
        await rm(folder, { recursive: true, force: true });
      }
    })();
    try {
      for (let round = 0; round < 50; round += 1) expect(await computeSiteFingerprint(inputs)).toBe(original);
    } finally {
      running = false;
      await churn;
    }
  });
});
