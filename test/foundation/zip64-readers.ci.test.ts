// ZIP64 as the tools researchers unzip with read it: an archive whose every entry, offset and end record takes the
// ZIP64 form (forced at a few kilobytes, what a bundle beyond 4 GiB needs), written by the project's ZIP writer
// (scripts/foundation/zip-writer.ts), opened by Debian's unzip (every CRC-32 and size checked) and by Python's
// zipfile (which reads sizes and offsets from the ZIP64 fields). The tools come from the project's set-up
// (test/support/debian-tools-setup.ts): a missing one fails here, never skips.
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../scripts/foundation/hashing.ts';
import { deflateInPieces, ZipWriter } from '../../scripts/foundation/zip-writer.ts';
import { PYTHON_PATH, UNZIP_PATH } from '../support/debian-tools-setup.ts';

const run = promisify(execFile);
let folder: string;
let archive: string;
const contents = new Map<string, Buffer>();

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'zip64-readers-'));
  archive = path.join(folder, 'bundle.zip');
  contents.set('data/kecil.txt', Buffer.from('kecil\n'));
  contents.set(
    'data/records.json',
    Buffer.from(`[\n${Array.from({ length: 20_000 }, (_, index) => `{"dapil_id":"${index}"}`).join(',\n')}\n]\n`),
  );
  contents.set('data/records.parquet', Buffer.from(Array.from({ length: 50_000 }, (_, index) => (index * 131) % 256)));
  await writeFile(path.join(folder, 'records.parquet'), contents.get('data/records.parquet') as Buffer);
  const sink = createWriteStream(archive);
  const zip = new ZipWriter(sink, { level: 6, modified: new Date('2026-11-27T00:00:00Z'), zip64From: 0 });
  await zip.addBuffer('data/kecil.txt', contents.get('data/kecil.txt') as Buffer);
  const records = contents.get('data/records.json') as Buffer;
  const halves = [records.subarray(0, records.length >> 1), records.subarray(records.length >> 1)];
  await zip.addDeflated('data/records.json', { size: records.length }, deflateInPieces(halves, 6, 2));
  await zip.addStoredFile('data/records.parquet', path.join(folder, 'records.parquet'));
  await zip.finish();
  sink.end();
  await finished(sink);
});
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('a ZIP64 archive of the ZIP writer', () => {
  it('passes unzip -t, every entry listed', async () => {
    const { stdout } = await run(UNZIP_PATH, ['-t', archive]);
    expect(stdout).toContain('No errors detected in compressed data');
    for (const name of contents.keys()) expect(stdout).toContain(`testing: ${name}`);
  });

  it("is read by Python's zipfile: ZIP64 sizes and offsets, every entry's bytes exact", async () => {
    const script = [
      'import hashlib, json, sys, zipfile',
      'with zipfile.ZipFile(sys.argv[1]) as z:',
      '    assert z.testzip() is None',
      '    print(json.dumps([[i.filename, i.file_size, hashlib.sha256(z.read(i)).hexdigest(), i.extract_version] for i in z.infolist()]))',
    ].join('\n');
    const { stdout } = await run(PYTHON_PATH, ['-c', script, archive]);
    expect(JSON.parse(stdout)).toEqual(
      [...contents].map(([name, bytes]) => [name, bytes.length, sha256Hex(bytes), 45]),
    );
  });
});
