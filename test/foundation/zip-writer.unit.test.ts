// The streaming ZIP writer (scripts/foundation/zip-writer.ts): entries read back exactly by the project's own ZIP
// reader, by yauzl and by Debian's unzip when the machine has it (CRC-32 checked), the same bytes on every run and in
// every time zone, UTF-8 names, entries given in deflated pieces, ZIP64 records where (and only where) they are
// needed, and a failing source reported rather than hidden. Python's zipfile and unzip read a ZIP64 archive in
// zip64-readers.ci.test.ts.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { deflateInPieces, ZipWriter, type ZipWriterOptions } from '../../scripts/foundation/zip-writer.ts';
import { readZipBuffer, readZipEntries } from '../support/release-checks.ts';

const UNZIP = '/usr/bin/unzip';
// Said aloud, as for the real data (test/support/shared-data.ts): `npm run test:setup` installs it, and .ci/run does.
if (!existsSync(UNZIP))
  console.warn(
    `\n*** ${UNZIP} is absent: SKIPPING the unzip -t check of the ZIP writer (npm run test:setup installs it). ***\n`,
  );
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
  const zip = new ZipWriter(sink, { level });
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
    const source = await readZipBuffer(zip);
    expect([...source.keys()]).toEqual([
      '[Content_Types].xml',
      'xl/worksheets/sheet1.xml',
      'empty.txt',
      'nama/berkas-é.txt',
    ]);
    expect((source.get('xl/worksheets/sheet1.xml') as Buffer).toString('utf8')).toBe([...lines(50_000)].join(''));
    expect((source.get('empty.txt') as Buffer).length).toBe(0);
    expect((source.get('nama/berkas-é.txt') as Buffer).toString('utf8')).toBe('async chunks');
  });

  it('gives the same bytes on every run, every entry dated 1980-01-01 00:00', async () => {
    const first = await archive(1);
    expect((await archive(1)).equals(first)).toBe(true);
    for (let offset = first.indexOf('PK\x01\x02'); offset >= 0; offset = first.indexOf('PK\x01\x02', offset + 4))
      expect([first.readUInt16LE(offset + 12), first.readUInt16LE(offset + 14)]).toEqual([0, 0x21]);
    // A higher level: smaller, still exact.
    const smaller = await archive(9);
    expect(smaller.length).toBeLessThan(first.length);
    expect(((await readZipBuffer(smaller)).get('nama/berkas-é.txt') as Buffer).toString('utf8')).toBe('async chunks');
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
    const zip = new ZipWriter(sink, { level: 1 });
    await zip.addBuffer('a.txt', Buffer.from('a'));
    await expect(zip.addBuffer('a.txt', Buffer.from('b'))).rejects.toThrow('entry a.txt is added twice');
    const failing = (function* () {
      yield 'start';
      throw new Error('the table cannot be read');
    })();
    await expect(zip.addStream('b.txt', failing)).rejects.toThrow('the table cannot be read');
  });

  it('joins an entry from pieces deflated apart, and checks the size it was declared', async () => {
    const text = Buffer.from([...lines(20_000)].join(''));
    async function* chunks() {
      for (let at = 0; at < text.length; at += 100_000) yield text.subarray(at, at + 100_000);
    }
    const { sink, bytes } = collector();
    const zip = new ZipWriter(sink, { level: 6 });
    const offsets: number[] = [];
    await zip.addDeflated('pieces.txt', { size: text.length }, deflateInPieces(chunks(), 6, 3), (_piece, offset) =>
      offsets.push(offset),
    );
    await zip.finish();
    expect(offsets.length).toBe(Math.ceil(text.length / 100_000));
    expect(((await readZipBuffer(bytes())).get('pieces.txt') as Buffer).equals(text)).toBe(true);
    // Within a hundredth of one stream's size: each piece starts without a dictionary.
    expect(bytes().length).toBeLessThan(deflateRawSync(text, { level: 6 }).length * 1.01 + 300);

    const other = new ZipWriter(collector().sink, { level: 6 });
    await expect(
      other.addDeflated('short.txt', { size: text.length + 1 }, deflateInPieces(chunks(), 6, 2)),
    ).rejects.toThrow(`ZIP: entry short.txt was declared ${text.length + 1} bytes and given ${text.length}`);
  });

  it('dates every entry with the UTC clock fields of the date it is given', async () => {
    const { sink, bytes } = collector();
    const zip = new ZipWriter(sink, { level: 1, modified: new Date('2026-11-27T03:04:06Z') });
    await zip.addBuffer('a.txt', Buffer.from('a'));
    await zip.finish();
    const central = bytes().indexOf('PK\x01\x02');
    const [time, date] = [bytes().readUInt16LE(central + 12), bytes().readUInt16LE(central + 14)];
    expect([date >> 9, (date >> 5) & 15, date & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2]).toEqual([
      46, 11, 27, 3, 4, 6,
    ]);
  });

  it('writes the same bytes whatever the time zone of the machine it runs on', async () => {
    // Each kind of entry, dated, in a Node process of its own started with that zone, as a build is.
    const script = `
import { PassThrough } from 'node:stream';
import { deflateInPieces, ZipWriter } from ${JSON.stringify(new URL('../../scripts/foundation/zip-writer.ts', import.meta.url).href)};
const sink = new PassThrough();
const chunks = [];
sink.on('data', (chunk) => chunks.push(chunk));
const zip = new ZipWriter(sink, { level: 6, modified: new Date('2026-11-27T23:04:06Z') });
await zip.addBuffer('a.txt', Buffer.from('satu'));
await zip.addStream('b.txt', ['dua', 'tiga']);
await zip.addDeflated('c.txt', { size: 5 }, deflateInPieces([Buffer.from('empat')], 6, 1));
await zip.finish();
process.stdout.write(JSON.stringify({ offset: new Date(2026, 10, 27).getTimezoneOffset(), zip: Buffer.concat(chunks).toString('base64') }));
`;
    const written = new Map<string, { offset: number; zip: string }>();
    for (const zone of ['UTC', 'Asia/Jakarta', 'America/New_York']) {
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, TZ: zone },
      });
      written.set(zone, JSON.parse(stdout) as { offset: number; zip: string });
    }
    // The zones were in force (in Jakarta the date falls on the next day) …
    expect([...written.values()].map((run) => run.offset)).toEqual([0, -420, 300]);
    // … and the archives are the same bytes.
    expect(new Set([...written.values()].map((run) => run.zip)).size).toBe(1);
  });

  it.skipIf(!existsSync(UNZIP))(
    "carries the date as UTC in Info-ZIP's extended timestamp, so unzip and zipinfo show it in the reader's zone",
    async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'zip-writer-'));
      folders.push(folder);
      await writeFile(path.join(folder, 'stored.bin'), 'disimpan');
      const { sink, bytes } = collector();
      const zip = new ZipWriter(sink, { level: 1, modified: new Date('2026-11-27T03:04:06Z') });
      // Every kind of entry: whole, stored from a file, streamed, given deflated.
      await zip.addBuffer('buffer.txt', Buffer.from('a'));
      await zip.addStoredFile('stored.bin', path.join(folder, 'stored.bin'));
      await zip.addStream('stream.txt', ['b', 'c']);
      await zip.addDeflated('pieces.txt', { size: 1 }, deflateInPieces([Buffer.from('d')], 1, 1));
      await zip.finish();
      const file = path.join(folder, 'dated.zip');
      await writeFile(file, bytes());
      const names = ['buffer.txt', 'stored.bin', 'stream.txt', 'pieces.txt'];
      for (const [zone, shown] of [
        ['UTC', '2026-11-27 03:04'],
        ['Asia/Jakarta', '2026-11-27 10:04'],
        ['America/New_York', '2026-11-26 22:04'],
      ]) {
        const env = { ...process.env, TZ: zone };
        const listed = (await promisify(execFile)(UNZIP, ['-l', file], { env })).stdout;
        for (const name of names) expect(listed, `${zone} ${name}`).toMatch(new RegExp(`\\s${shown}\\s+${name}\\n`));
        const info = (await promisify(execFile)('/usr/bin/zipinfo', ['-v', file], { env })).stdout;
        expect(info.match(/UT extra field modtime\): +2026 Nov 27 03:04:06 UTC/g), zone).toHaveLength(names.length);
        expect(info.match(/ID 0x5455 \(universal time\)/g), zone).toHaveLength(names.length);
      }
      // Without a date, no extended timestamp: the workbooks' entries keep their bytes.
      const undated = collector();
      const plain = new ZipWriter(undated.sink, { level: 1 });
      await plain.addBuffer('a.txt', Buffer.from('a'));
      await plain.finish();
      expect(undated.bytes().includes(Buffer.from([0x55, 0x54, 5, 0]))).toBe(false);
    },
  );

  it('stores a file whole whatever its size: empty, a few bytes, more than one read of 4 MiB', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'zip-writer-'));
    folders.push(folder);
    const files = new Map<string, Buffer>([
      ['empty.bin', Buffer.alloc(0)],
      ['small.bin', Buffer.from('kecil')],
      ['large.bin', Buffer.from(Array.from({ length: 9 * 1024 * 1024 + 7 }, (_, index) => (index * 13) % 251))],
    ]);
    const { sink, bytes } = collector();
    const zip = new ZipWriter(sink, { level: 6 });
    for (const [name, content] of files) {
      await writeFile(path.join(folder, name), content);
      await zip.addStoredFile(name, path.join(folder, name));
    }
    await zip.finish();
    const file = path.join(folder, 'stored.zip');
    await writeFile(file, bytes());
    const entries = await readZipEntries(file);
    expect([...entries.keys()]).toEqual([...files.keys()]);
    for (const [name, content] of files) expect(entries.get(name)?.content.equals(content), name).toBe(true);
  });

  it('writes ZIP64 records only where they are needed, and when forced, yauzl reads them', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'zip-writer-'));
    folders.push(folder);
    const stored = path.join(folder, 'stored.bin');
    await writeFile(stored, Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 7) % 251)));
    const text = Buffer.from([...lines(3_000)].join(''));
    async function write(options: ZipWriterOptions): Promise<Buffer> {
      const { sink, bytes } = collector();
      const zip = new ZipWriter(sink, options);
      await zip.addBuffer('small.txt', Buffer.from('kecil'));
      await zip.addStoredFile('stored.bin', stored);
      await zip.addDeflated('text.txt', { size: text.length }, deflateInPieces([text], 6, 2));
      await zip.finish();
      return bytes();
    }
    const plain = await write({ level: 6 });
    const forced = await write({ level: 6, zip64From: 0 });
    for (const signature of ['PK\x06\x06', 'PK\x06\x07']) {
      expect(plain.includes(signature)).toBe(false);
      expect(forced.includes(signature)).toBe(true);
    }
    for (const zip of [plain, forced]) {
      const file = path.join(folder, `zip64-${zip === plain ? 'plain' : 'forced'}.zip`);
      await writeFile(file, zip);
      const entries = await readZipEntries(file);
      expect([...entries.keys()]).toEqual(['small.txt', 'stored.bin', 'text.txt']);
      expect(entries.get('small.txt')?.content.toString()).toBe('kecil');
      expect(entries.get('stored.bin')?.content.equals(await readFile(stored))).toBe(true);
      expect(entries.get('text.txt')?.content.equals(text)).toBe(true);
    }
    // Every local header of the forced archive says ZIP64 (version 4.5, sizes in its extra field).
    for (let at = forced.indexOf('PK\x03\x04'); at >= 0; at = forced.indexOf('PK\x03\x04', at + 4))
      expect([forced.readUInt16LE(at + 4), forced.readUInt32LE(at + 22)]).toEqual([45, 0xffffffff]);
  });
});
