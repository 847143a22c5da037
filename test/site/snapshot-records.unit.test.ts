// The site's streaming read of a snapshot JSON file (scripts/site/snapshot-records.ts): the JSON writer's one
// record per line read line by line, anything else read whole, the bytes checked against the manifest either way.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { sha256Hex } from '../../scripts/foundation/hashing.ts';
import { streamSnapshotRecords, type CheckedRecord } from '../../scripts/site/snapshot-records.ts';
import type { PublishedFile } from '../../scripts/snapshot/snapshot-manifest.ts';

/** A party record that fits the declared columns; `name` fills every non-null text column. */
function partyRecord(name: string): Record<string, unknown> {
  return Object.fromEntries(
    partyDataset.columns.map((column) => [
      column.name,
      column.type === 'text_list' ? [] : column.nullable ? null : name,
    ]),
  );
}

/** The JSON writer's layout (json-writer.ts): `[`, one record per line with a comma but the last, `]`. */
function writerLayout(records: readonly unknown[]): string {
  return records.length === 0 ? '[]\n' : `[\n${records.map((record) => JSON.stringify(record)).join(',\n')}\n]\n`;
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-snapshot-records-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes `text` as data file `name` and describes it as the manifest would (size and SHA-256 of `listed`). */
async function dataFile(name: string, text: string, listed: string = text): Promise<PublishedFile> {
  await writeFile(path.join(dir, name), text);
  return {
    path: name,
    dataset: 'parties',
    year: 'all',
    format: 'json',
    mediaType: 'application/json',
    bytes: Buffer.byteLength(listed),
    records: null,
    sha256: sha256Hex(listed),
  };
}

async function readAll(
  file: PublishedFile,
): Promise<{ count: number; records: CheckedRecord[]; ranges: Array<[number, number]> }> {
  const records: CheckedRecord[] = [];
  const ranges: Array<[number, number]> = [];
  const count = await streamSnapshotRecords(dir, file, partyDataset, (record, start, end) => {
    records.push(record);
    ranges.push([start, end]);
  });
  return { count, records, ranges };
}

describe('the streaming read of a snapshot JSON file', () => {
  // Names with what JSON escapes and multi-byte text, so a line split across read chunks is decoded whole.
  const records = Array.from({ length: 3000 }, (_, index) =>
    partyRecord(`Partai "Contoh" ${index} — Kebangkitan ✓ ${'ä'.repeat(index % 50)}\\`),
  );

  it('reads the JSON writer’s one record per line as JSON.parse reads the whole file, in order, with positions', async () => {
    const file = await dataFile('lines.json', writerLayout(records));
    const { count, records: read } = await readAll(file);
    expect(count).toBe(records.length);
    expect(read.map((record) => record.values)).toEqual(records);
    expect(read.map((record) => record.position)).toEqual(records.map((_, index) => index));
  });

  it('gives the bytes of each record’s JSON text in the file, across read chunks and multi-byte text', async () => {
    const text = writerLayout(records);
    const file = await dataFile('ranges.json', text);
    const { ranges } = await readAll(file);
    const bytes = Buffer.from(text);
    expect(bytes.length).toBeGreaterThan(3 * 64 * 1024);
    expect(ranges.map(([start, end]) => bytes.subarray(start, end).toString('utf8'))).toEqual(
      records.map((record) => JSON.stringify(record)),
    );
  });

  it('reads an empty file and a file of another layout (pretty-printed, one line) whole', async () => {
    expect((await readAll(await dataFile('empty.json', '[]\n'))).count).toBe(0);
    const some = records.slice(0, 3);
    for (const [name, text] of [
      ['pretty.json', `${JSON.stringify(some, null, 2)}\n`],
      ['compact.json', JSON.stringify(some)],
    ] as const) {
      const { count, records: read, ranges } = await readAll(await dataFile(name, text));
      expect(count).toBe(3);
      expect(read.map((record) => record.values)).toEqual(some);
      // Read whole: no record's place in the file is known.
      expect(ranges).toEqual(some.map(() => [-1, -1]));
    }
  });

  it('reports altered bytes as a mismatch with the manifest, even when they break the JSON', async () => {
    const text = writerLayout(records.slice(0, 10));
    const broken = text.replace('{"', '{x"');
    await expect(readAll(await dataFile('altered.json', broken, text))).rejects.toThrow(
      /altered\.json .* does not match its size or SHA-256 in manifest\.json/,
    );
    const changed = text.replace('Contoh', 'Contah');
    await expect(readAll(await dataFile('changed.json', changed, text))).rejects.toThrow(/does not match its size/);
  });

  it('refuses a record that does not fit the declared columns, naming its position', async () => {
    const bad = [partyRecord('a'), { ...partyRecord('b'), extra: 1 }];
    await expect(readAll(await dataFile('extra.json', writerLayout(bad)))).rejects.toThrow(
      /extra\.json: record 1 has an undeclared key extra/,
    );
    const missing = [partyRecord('a'), partyRecord('b'), {}];
    await expect(readAll(await dataFile('missing.json', writerLayout(missing)))).rejects.toThrow(/record 2 has 0 keys/);
  });

  it('refuses a file cut off after its records began, instead of reading it whole', async () => {
    const text = writerLayout(records.slice(0, 5)).replace(/\]\n$/, '');
    await expect(readAll(await dataFile('cut.json', text))).rejects.toThrow(/not one record of a JSON array/);
  });
});
