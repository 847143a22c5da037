// The release bundles' shared pieces (scripts/release/bundle-pieces.ts): an all-years file joined from the year
// files, in any order of years, is written from the year bundles' deflated bytes, checked against its own bytes;
// one byte different and it is deflated on its own. Every archive read back by yauzl, entry by entry.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinFileParts } from '../../scripts/foundation/file-splice.ts';
import { ZipWriter } from '../../scripts/foundation/zip-writer.ts';
import { BundlePieces, PIECE_BYTES } from '../../scripts/release/bundle-pieces.ts';
import { csvJoinParts } from '../../scripts/snapshot/csv-writer.ts';
import { joinJsonFiles } from '../../scripts/snapshot/json-writer.ts';
import { readZipEntries } from '../support/release-checks.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'bundle-pieces-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A year's records as the JSON writer frames them: more than one piece's worth, so the join spans pieces. */
function yearJson(year: number, records: number): string {
  const lines = Array.from(
    { length: records },
    (_, index) =>
      `{"election_year":${year},"dapil_id":"${String(index % 84).padStart(4, '0')}","voters":${index * 37}}`,
  );
  return `[\n${lines.join(',\n')}\n]\n`;
}

/** Writes `files` into a ZIP at `zip`, each text entry through `pieces`; returns the ZIP's bytes. */
async function writeZip(zip: string, files: readonly string[], pieces: BundlePieces): Promise<Buffer> {
  const sink = createWriteStream(zip);
  const writer = new ZipWriter(sink, { level: 6 });
  for (const file of files) {
    const entry = await pieces.entryOf(file, zip);
    await writer.addDeflated(path.basename(file), entry, entry.pieces, entry.onPiece);
  }
  await writer.finish();
  sink.end();
  await finished(sink);
  return readFile(zip);
}

async function expectEntriesExact(zip: string, files: readonly string[]): Promise<void> {
  const entries = await readZipEntries(zip);
  expect([...entries.keys()]).toEqual(files.map((file) => path.basename(file)));
  for (const file of files) expect(entries.get(path.basename(file))?.content.equals(await readFile(file))).toBe(true);
}

describe('BundlePieces', () => {
  it("copies the year bundles' deflated bytes into the all-years entry, whatever the order of the years", async () => {
    const [y2019, y2024, all] = ['t-2019.json', 't-2024.json', 't-all-years.json'].map((name) =>
      path.join(folder, name),
    ) as [string, string, string];
    await writeFile(y2019, yearJson(2019, 90_000));
    await writeFile(y2024, yearJson(2024, 60_000));
    expect((await readFile(y2019)).length).toBeGreaterThan(PIECE_BYTES);
    // The all-years file takes 2024's records first, as a harvest that met 2024 first writes it.
    await joinJsonFiles([y2024, y2019], all);
    const pieces = new BundlePieces(6);
    await pieces.plan('json', all, [y2019, y2024]);
    const years = [
      await writeZip(path.join(folder, '2019.zip'), [y2019], pieces),
      await writeZip(path.join(folder, '2024.zip'), [y2024], pieces),
    ];
    const entry = await pieces.entryOf(all, path.join(folder, 'all.zip'));
    // A CRC-32 known before the data: the entry is copied, not deflated.
    expect(entry.crc).toBeTypeOf('number');
    const allZip = await writeZip(path.join(folder, 'all.zip'), [all], pieces);
    await expectEntriesExact(path.join(folder, 'all.zip'), [all]);
    for (const [index, year] of years.entries()) {
      await expectEntriesExact(path.join(folder, `${index === 0 ? 2019 : 2024}.zip`), [
        [y2019, y2024][index] as string,
      ]);
      // The year's records, deflated once: the middle of the year entry's bytes is in the all-years archive.
      const middle = year.subarray(Math.floor(year.length / 3), Math.floor(year.length / 2));
      expect(allZip.includes(middle)).toBe(true);
    }
    expect(allZip.length).toBeLessThan(years[0]!.length + years[1]!.length + 400);
  });

  it('joins CSV files after their header line, byte-order mark included', async () => {
    const header = '\ufeffelection_year,dapil_id\r\n';
    const files = [2014, 2019].map((year) => path.join(folder, `c-${year}.csv`));
    for (const [index, file] of files.entries())
      await writeFile(file, header + `${2014 + index * 5},0101\r\n`.repeat(50_000 + index));
    const all = path.join(folder, 'c-all-years.csv');
    await joinFileParts(all, await csvJoinParts(Buffer.from(header), files));
    const pieces = new BundlePieces(6);
    await pieces.plan('csv', all, files);
    for (const file of files) await writeZip(`${file}.zip`, [file], pieces);
    expect((await pieces.entryOf(all, path.join(folder, 'c-all.zip'))).crc).toBeTypeOf('number');
    await writeZip(path.join(folder, 'c-all.zip'), [all], pieces);
    await expectEntriesExact(path.join(folder, 'c-all.zip'), [all]);
  });

  it('deflates the all-years file on its own when a byte differs from the join, and stays exact', async () => {
    const years = [2019, 2024].map((year) => path.join(folder, `d-${year}.json`));
    await writeFile(years[0] as string, yearJson(2019, 30_000));
    await writeFile(years[1] as string, yearJson(2024, 30_000));
    const all = path.join(folder, 'd-all-years.json');
    await joinJsonFiles(years, all);
    const changed = await readFile(all);
    // Same size, one digit changed inside the second year's records.
    const at = changed.lastIndexOf('"voters":');
    changed[at + 9] = changed[at + 9] === 0x31 ? 0x32 : 0x31;
    await writeFile(all, changed);
    const pieces = new BundlePieces(6);
    await pieces.plan('json', all, years);
    for (const file of years) await writeZip(`${file}.zip`, [file], pieces);
    expect((await pieces.entryOf(all, path.join(folder, 'd-all.zip'))).crc).toBeUndefined();
    await writeZip(path.join(folder, 'd-all.zip'), [all], pieces);
    await expectEntriesExact(path.join(folder, 'd-all.zip'), [all]);
  });
});
