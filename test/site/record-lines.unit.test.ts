// Where each record lies in a dataset's all-years CSV (scripts/site/record-lines.ts): one offset per line, the file
// checked against the manifest as it is read, and no offsets at all when the lines are not the records (a value with
// a line break) or the file does not end with one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../scripts/foundation/hashing.ts';
import { readCsvLineStarts } from '../../scripts/site/record-lines.ts';
import type { PublishedFile } from '../../scripts/snapshot/snapshot-manifest.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-record-lines-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function csvFile(name: string, text: string, listed: string = text): Promise<[string, PublishedFile]> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  const described: PublishedFile = {
    path: name,
    dataset: 'parties',
    year: 'all',
    format: 'csv',
    mediaType: 'text/csv',
    bytes: Buffer.byteLength(listed),
    records: null,
    sha256: sha256Hex(listed),
  };
  return [file, described];
}

describe('readCsvLineStarts', () => {
  const header = '\ufeff"party_number","party_name"\r\n';
  const lines = Array.from({ length: 40_000 }, (_, index) => `${index},"Partai ${'é'.repeat(index % 7)} ${index}"\r\n`);

  it('gives where the header and every record start, and where the file ends, across read chunks', async () => {
    const text = header + lines.join('');
    const [file, described] = await csvFile('lines.csv', text);
    const starts = await readCsvLineStarts(file, described, lines.length);
    const bytes = Buffer.from(text);
    expect(bytes.length).toBeGreaterThan(3 * 64 * 1024);
    expect(starts?.length).toBe(lines.length + 2);
    expect(bytes.subarray(0, starts?.[1]).toString()).toBe(header);
    for (const index of [0, 1, 9_999, lines.length - 1])
      expect(bytes.subarray(starts?.[index + 1], starts?.[index + 2]).toString()).toBe(lines[index]);
    expect(starts?.[lines.length + 1]).toBe(bytes.length);
  });

  it('gives none when a value holds a line break, or the records are not one a line', async () => {
    const broken = [header, '1,"Partai\r\nBaru"\r\n', '2,"Partai Lama"\r\n'].join('');
    const [file, described] = await csvFile('break.csv', broken);
    expect(await readCsvLineStarts(file, described, 2)).toBeNull();
    const [short, shortDescribed] = await csvFile('short.csv', header + lines.slice(0, 3).join(''));
    expect(await readCsvLineStarts(short, shortDescribed, 4)).toBeNull();
    const [unended, unendedDescribed] = await csvFile('unended.csv', `${header}1,"A"\r\n2,"B"`);
    expect(await readCsvLineStarts(unended, unendedDescribed, 2)).toBeNull();
  });

  it('refuses a file that differs from the manifest', async () => {
    const text = header + lines.slice(0, 10).join('');
    const [file, described] = await csvFile('altered.csv', text.replace('Partai', 'Partei'), text);
    await expect(readCsvLineStarts(file, described, 10)).rejects.toThrow(
      'altered.csv does not match its size or SHA-256 in manifest.json',
    );
  });
});
