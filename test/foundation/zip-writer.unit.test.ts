// The streaming ZIP writer (scripts/foundation/zip-writer.ts): entries read back exactly by the project's own ZIP
// reader and by Debian's unzip when the machine has it (CRC-32 checked), the same bytes on every run, UTF-8 names,
// and a failing source reported rather than hidden.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipWriter } from '../../scripts/foundation/zip-writer.ts';
import { bufferSource } from '../../scripts/foundation/file-splice.ts';
import { readZipEntry, zipEntryNames } from '../../scripts/release/zip-entry-replace.ts';

const UNZIP = '/usr/bin/unzip';
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

function collector(): { sink: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
}

/** `count` lines of text, a hundred to a chunk. */
function* lines(count: number): Generator<string> {
  for (let line = 0; line < count; line += 100) {
    let chunk = '';
    for (let next = line; next < Math.min(count, line + 100); next += 1)
      chunk += `<row r="${next}">line ${next} é 🇮🇩</row>\n`;
    yield chunk;
  }
}

async function archive(level: number): Promise<Buffer> {
  const { sink, bytes } = collector();
  const zip = new ZipWriter(sink, level);
  await zip.addBuffer('[Content_Types].xml', Buffer.from('<Types/>'));
  await zip.addStream('xl/worksheets/sheet1.xml', lines(50_000));
  await zip.addBuffer('empty.txt', Buffer.alloc(0));
  await zip.addStream(
    'nama/berkas-é.txt',
    (async function* () {
      yield Buffer.from('async ');
      yield 'chunks';
    })(),
  );
  await zip.finish();
  return bytes();
}

describe('ZipWriter', () => {
  it('writes entries that read back exactly, in order, with UTF-8 names', async () => {
    const zip = await archive(1);
    const source = bufferSource(zip);
    expect(await zipEntryNames(source)).toEqual([
      '[Content_Types].xml',
      'xl/worksheets/sheet1.xml',
      'empty.txt',
      'nama/berkas-é.txt',
    ]);
    expect((await readZipEntry(source, 'xl/worksheets/sheet1.xml')).toString('utf8')).toBe([...lines(50_000)].join(''));
    expect((await readZipEntry(source, 'empty.txt')).length).toBe(0);
    expect((await readZipEntry(source, 'nama/berkas-é.txt')).toString('utf8')).toBe('async chunks');
  });

  it('gives the same bytes on every run, every entry dated 1980-01-01 00:00', async () => {
    const first = await archive(1);
    expect((await archive(1)).equals(first)).toBe(true);
    for (let offset = first.indexOf('PK\x01\x02'); offset >= 0; offset = first.indexOf('PK\x01\x02', offset + 4))
      expect([first.readUInt16LE(offset + 12), first.readUInt16LE(offset + 14)]).toEqual([0, 0x21]);
    // A higher level: smaller, still exact.
    const smaller = await archive(9);
    expect(smaller.length).toBeLessThan(first.length);
    expect((await readZipEntry(bufferSource(smaller), 'nama/berkas-é.txt')).toString('utf8')).toBe('async chunks');
  });

  it.skipIf(!existsSync(UNZIP))('passes unzip -t (CRC-32 and sizes of every entry checked)', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'zip-writer-'));
    folders.push(folder);
    const file = path.join(folder, 'test.zip');
    await writeFile(file, await archive(6));
    const { stdout } = await promisify(execFile)(UNZIP, ['-t', file]);
    expect(stdout).toContain('No errors detected');
  });

  it('rejects when the entry source fails, and refuses a second entry of the same name', async () => {
    const { sink } = collector();
    const zip = new ZipWriter(sink, 1);
    await zip.addBuffer('a.txt', Buffer.from('a'));
    await expect(zip.addBuffer('a.txt', Buffer.from('b'))).rejects.toThrow('entry a.txt is added twice');
    const failing = (function* () {
      yield 'start';
      throw new Error('the table cannot be read');
    })();
    await expect(zip.addStream('b.txt', failing)).rejects.toThrow('the table cannot be read');
  });
});
