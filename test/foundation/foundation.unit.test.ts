// The helpers every stage imports from scripts/foundation/: one implementation each.
import { mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  partialPathOf,
  writeChunksToFile,
  writeFileAtomic,
  writeFileAtomically,
} from '../../scripts/foundation/atomic-file.ts';
import { forEachAtOnce } from '../../scripts/foundation/at-once.ts';
import { collectGarbage } from '../../scripts/foundation/collect-garbage.ts';
import { formatLogCount, formatLogCounted, groupDigits } from '../../scripts/foundation/digit-groups.ts';
import { readFileRange } from '../../scripts/foundation/file-splice.ts';
import { createSha256, hashFile, sha256Hex } from '../../scripts/foundation/hashing.ts';
import { readJsonChecked, readJsonFile, readJsonIfPresent } from '../../scripts/foundation/json-file.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kpu-foundation-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('atomic file writes', () => {
  it('replaces a file whole and leaves no temporary file behind', async () => {
    const file = path.join(dir, 'a.json');
    await writeFile(file, 'old');
    await writeFileAtomic(file, '{"é":1}\n');
    expect(await readFile(file, 'utf8')).toBe('{"é":1}\n');
    await writeFileAtomic(file, Buffer.from([0, 1, 2]));
    expect([...(await readFile(file))]).toEqual([0, 1, 2]);
    await writeChunksToFile(file, ['a', new Uint8Array([98]), 'c']);
    expect(await readFile(file, 'utf8')).toBe('abc');
    expect(await readdir(dir)).toEqual(['a.json']);
  });

  it('keeps the old content and removes the partial file when writing fails', async () => {
    const file = path.join(dir, 'a.csv');
    await writeFile(file, 'old');
    const failing = writeFileAtomically(file, async (stream) => {
      stream.write('half');
      await new Promise((resolve) => stream.once('open', resolve));
      throw new Error('disk full');
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(await readFile(file, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['a.csv']);
    expect(partialPathOf(file)).toBe(`${file}.partial`);
  });
});

describe('garbage collection asked for', () => {
  it('runs a full collection only in a process that exposes it, and only once the heap is large enough', () => {
    const scope = globalThis as { gc?: () => void };
    const exposed = scope.gc;
    let collections = 0;
    try {
      scope.gc = undefined;
      collectGarbage(0);
      scope.gc = () => (collections += 1);
      collectGarbage(Number.MAX_SAFE_INTEGER);
      expect(collections).toBe(0);
      collectGarbage(0);
      expect(collections).toBe(1);
    } finally {
      scope.gc = exposed;
    }
  });
});

describe('hashing', () => {
  it('gives the SHA-256 of bytes, of pieces and of a file', async () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(sha256Hex('abc')).toBe(abc);
    expect(sha256Hex(Buffer.from('abc'))).toBe(abc);
    expect(createSha256().update('a').update('bc').digest('hex')).toBe(abc);
    const file = path.join(dir, 'abc.txt');
    await writeFile(file, 'abc');
    expect(await hashFile(file)).toEqual({ sha256: abc, bytes: 3 });
  });
});

describe('JSON files', () => {
  it('reads a present file, and null for an absent one', async () => {
    const file = path.join(dir, 'x.json');
    expect(await readJsonIfPresent(file)).toBeNull();
    await writeFile(file, '[1,2]');
    expect(await readJsonIfPresent<number[]>(file)).toEqual([1, 2]);
    expect(await readJsonFile<number[]>(file)).toEqual([1, 2]);
  });

  it('throws on a damaged file unless asked for null', async () => {
    const file = path.join(dir, 'x.json');
    await writeFile(file, '[1,');
    await expect(readJsonIfPresent(file)).rejects.toThrow(SyntaxError);
    expect(await readJsonIfPresent(file, { damaged: 'null' })).toBeNull();
    await expect(readJsonFile(file)).rejects.toThrow(SyntaxError);
  });

  it('returns why a file cannot be read, as data', async () => {
    const file = path.join(dir, 'x.json');
    const absent = await readJsonChecked(file);
    expect(absent.ok).toBe(false);
    if (!absent.ok)
      expect(absent.reason).toMatch(
        new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be read as JSON: ENOENT`),
      );
    await writeFile(file, '{"a":1}');
    expect(await readJsonChecked(file)).toEqual({ ok: true, value: { a: 1 } });
  });
});

describe('work a few at a time', () => {
  it('calls every item once, never more than the limit at once, starting them in order', async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await forEachAtOnce([...Array(40).keys()], 3, async (item, index) => {
      expect(index).toBe(item);
      started.push(item);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, item % 4));
      running -= 1;
    });
    expect(started).toEqual([...Array(40).keys()]);
    expect(most).toBe(3);
    await forEachAtOnce([], 3, () => Promise.reject(new Error('never called')));
  });

  it('starts nothing after a failure, and rejects with it once the calls already started have ended', async () => {
    const ended: number[] = [];
    const started: number[] = [];
    const failing = forEachAtOnce([...Array(20).keys()], 4, async (item) => {
      started.push(item);
      if (item === 5) throw new Error('item 5 failed');
      await new Promise((resolve) => setTimeout(resolve, 20));
      ended.push(item);
    });
    await expect(failing).rejects.toThrow('item 5 failed');
    // Four at a time: item 5 starts among the first six; once it has failed, only the items already running go on.
    expect(Math.max(...started)).toBeLessThan(10);
    expect([...ended].sort((a, b) => a - b)).toEqual(started.filter((item) => item !== 5).sort((a, b) => a - b));
  });
});

describe('file ranges', () => {
  it('reads a range whole, and throws on a file shorter than the range', async () => {
    const file = path.join(dir, 'range.txt');
    await writeFile(file, 'abcdefghijklmnopqrstuvwxyz');
    const handle = await open(file, 'r');
    try {
      expect((await readFileRange(handle, 2, 9)).toString()).toBe('cdefghi');
      expect((await readFileRange(handle, 5, 5)).length).toBe(0);
      await expect(readFileRange(handle, 20, 30)).rejects.toThrow('unexpected end of file');
    } finally {
      await handle.close();
    }
  });
});

describe('digit groups', () => {
  it('groups thousands by hand, as English writes counts, whatever the machine', () => {
    for (const value of [0, 7, 999, 1_000, 65_536, 1_234_567, 1_000_000_000, -1_500])
      expect(formatLogCount(value), String(value)).toBe(value.toLocaleString('en'));
    expect(groupDigits('1234567', '.')).toBe('1.234.567');
    expect(groupDigits('123', '.')).toBe('123');
  });

  it('says a count with its noun in the number English uses', () => {
    expect(formatLogCounted(1, 'retry', 'retries')).toBe('1 retry');
    expect(formatLogCounted(0, 'retry', 'retries')).toBe('0 retries');
    expect(formatLogCounted(1_234, 'page', 'pages')).toBe('1,234 pages');
  });
});
