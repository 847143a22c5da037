// The publish stage's check of a data folder against its manifest (verifyPublishedData): every listed file is
// there with its size and SHA-256; a hard link to a file the same publish has read is taken as those bytes (the
// release's own folder links the data folder's files: a million records' release is 4.5 GB), any other file is
// read, and a changed or missing file fails the build.
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPublishedData, type HashedFiles } from '../../scripts/publish/publish-stage.ts';

let root: string;
const CONTENT = 'dapil_id,voters\r\n"0101",42\r\n';

async function dataFolder(name: string, place: (target: string) => Promise<void>): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(path.join(dir, '2024'), { recursive: true });
  await place(path.join(dir, '2024/turnout.csv'));
  const file = {
    path: '2024/turnout.csv',
    bytes: Buffer.byteLength(CONTENT),
    sha256: createHash('sha256').update(CONTENT).digest('hex'),
  };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ files: [file] }));
  return dir;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kpu-verify-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('verifyPublishedData', () => {
  it('reads a file once: a hard link to it is those bytes, a copy is read again', async () => {
    const data = await dataFolder('data', (target) => writeFile(target, CONTENT));
    const hashed: HashedFiles = new Map();
    await verifyPublishedData(data, hashed);
    const original = path.join(data, '2024/turnout.csv');
    const { dev, ino } = await stat(original, { bigint: true });
    expect([...hashed.keys()]).toEqual([`${dev}:${ino}`]);

    // What the publish read of that inode stands for the link's bytes: told a wrong hash, the link fails...
    const linked = await dataFolder('linked', (target) => link(original, target));
    const wrong: HashedFiles = new Map([[`${dev}:${ino}`, { sha256: '0'.repeat(64), bytes: CONTENT.length }]]);
    await expect(verifyPublishedData(linked, wrong)).rejects.toThrow('does not match its size or SHA-256');
    await verifyPublishedData(linked, hashed);
    // ...while a copy, another inode, is read and passes whatever the publish read before.
    const copied = await dataFolder('copied', (target) => copyFile(original, target));
    await verifyPublishedData(copied, wrong);
  });

  it('fails on a changed or a missing file', async () => {
    const changed = await dataFolder('changed', (target) => writeFile(target, CONTENT.replace('42', '43')));
    await expect(verifyPublishedData(changed)).rejects.toThrow(
      '2024/turnout.csv does not match its size or SHA-256 in the manifest.',
    );
    const missing = await dataFolder('missing', async () => {});
    await expect(verifyPublishedData(missing)).rejects.toThrow(
      '2024/turnout.csv is listed in the manifest but missing.',
    );
  });
});
