// The project's tables of the official dapils against the compositions they were made from
// (../shared/data/sources/dapil_dpr_*.csv): the law's counts, every source regency in its dapil with its code,
// the two 2014 dapils completed from the law, and the dataset's records made from them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { dapilDataset, dapilRecordsOf } from '../../scripts/datasets/dapil-dataset.ts';
import { OFFICIAL_DAPILS, officialDapilsOf } from '../../scripts/datasets/dapils/official-dapil-tables.ts';
import type { OfficialDapilYear } from '../../scripts/datasets/dapils/official-dapils.ts';
import { checkDataset } from '../../scripts/check/quality-check.ts';
import { normalizeRegionName } from '../../scripts/datasets/regions/region-names.ts';
import { SHARED_DATA_DIR } from '../support/shared-data.ts';

const SOURCES = path.join(SHARED_DATA_DIR, 'sources');

function readSource(file: string): Record<string, string>[] {
  if (!existsSync(SOURCES))
    throw new Error(
      `${SOURCES} is absent: the dapil tables are checked against ../shared/data/sources/ (see /work/shared/data/README.md)`,
    );
  return parse(readFileSync(path.join(SOURCES, file), 'utf8'), { columns: true, skip_empty_lines: true });
}

function table(year: number): OfficialDapilYear {
  const found = officialDapilsOf(year);
  if (!found) throw new Error(`no table for ${year}`);
  return found;
}

/** A name as the region matcher compares it: its kind (a bare name is a kabupaten) and its key. */
function nameKey(name: string): string {
  const normalized = normalizeRegionName(name);
  return `${normalized.kind === 'bare' ? 'kabupaten' : normalized.kind} ${normalized.key}`;
}

/** (dapil id, name key) → code, for every member of a table. */
function membersOf(year: number): Map<string, string | null> {
  return new Map(
    table(year).dapils.flatMap((dapil) =>
      dapil.members.map(([code, name]) => [`${dapil.id}|${nameKey(name)}`, code] as const),
    ),
  );
}

describe('the official dapil tables', () => {
  it.each([
    [2014, 77, 560],
    [2019, 80, 575],
    [2024, 84, 580],
  ])('%i: %i dapils, %i seats, ids of province code + number', (year, dapils, seats) => {
    const { dapils: list } = table(year);
    expect(list).toHaveLength(dapils);
    expect(list.reduce((sum, dapil) => sum + dapil.seats, 0)).toBe(seats);
    expect(new Set(list.map((dapil) => dapil.id)).size).toBe(dapils);
    for (const dapil of list) {
      expect(dapil.id).toMatch(/^[0-9]{4}$/);
      expect(dapil.id.slice(0, 2)).toBe(dapil.provinceCode);
      expect(dapil.members.length).toBeGreaterThan(0);
    }
    expect(OFFICIAL_DAPILS.map((entry) => entry.year)).toEqual([2014, 2019, 2024]);
  });

  it('2014: every regency of the composition in its dapil, with the seats of dapil_dpr_2014.csv', () => {
    const members = membersOf(2014);
    const rows = readSource('dapil_dpr_2014_kabkota.csv');
    expect(rows).toHaveLength(491);
    for (const row of rows) {
      const name = row.nama_kabupaten === 'Lombok Tinur' ? 'Lombok Timur' : (row.nama_kabupaten as string);
      const key = `${row.id_dapil}|${nameKey(name)}`;
      expect(members.get(key), key).toMatch(/^[0-9]{4}$/);
    }
    const seats = new Map(
      readSource('dapil_dpr_2014.csv').map((row) => [row.id_dapil?.slice(0, 4), Number(row.jumlah_kursi)]),
    );
    expect(seats.size).toBe(77);
    for (const dapil of table(2014).dapils) expect(dapil.seats, dapil.id).toBe(seats.get(dapil.id));
    // The composition's members plus the two dapils completed from the law (3 + 4 members).
    expect(members.size).toBe(491 + 7);
  });

  it('2014: DKI JAKARTA II and JAWA BARAT X from the annex of UU 8/2012, Pangandaran with Ciamis, the voters abroad without a code', () => {
    const byId = new Map(table(2014).dapils.map((dapil) => [dapil.id, dapil]));
    expect(byId.get('3102')).toMatchObject({ name: 'DKI JAKARTA II', seats: 7 });
    expect(byId.get('3102')?.members.map(([code, name]) => [code, name])).toEqual([
      ['3171', 'JAKARTA PUSAT'],
      ['3174', 'JAKARTA SELATAN'],
      [null, 'LUAR NEGERI'],
    ]);
    expect(byId.get('3210')).toMatchObject({ name: 'JAWA BARAT X', seats: 7 });
    expect(byId.get('3210')?.members.map(([code, name]) => [code, name])).toEqual([
      ['3208', 'KUNINGAN'],
      ['3207', 'CIAMIS'],
      ['3279', 'KOTA BANJAR'],
      ['3218', 'PANGANDARAN'],
    ]);
    expect(byId.get('3210')?.members[3]?.[2]?.en).toContain('UU 21/2012');
  });

  it.each([
    [
      2019,
      'dapil_dpr_2019_kabkota.csv',
      (row: Record<string, string>) => `${row.kode_provinsi}${row.no_dapil?.padStart(2, '0')}`,
      'kursi',
    ],
    [
      2024,
      'dapil_dpr_2024_kabkota.csv',
      (row: Record<string, string>) => row.kode_dapil as string,
      'kursi_turunan_dct',
    ],
  ])('%i: every regency of %s in its dapil, with its code and the seats', (year, file, idOf, seatsColumn) => {
    const members = membersOf(year);
    const rows = readSource(file);
    expect(rows).toHaveLength(514);
    const dapils = new Map(table(year).dapils.map((dapil) => [dapil.id, dapil]));
    for (const row of rows) {
      const id = idOf(row);
      expect(dapils.get(id)?.seats, id).toBe(Number(row[seatsColumn]));
      for (const part of (row.nama_kabupaten as string).split(' + ')) {
        const key = `${id}|${nameKey(part)}`;
        expect(members.has(key), key).toBe(true);
        if (part === 'LUAR NEGERI') expect(members.get(key)).toBeNull();
        // The current Kemendagri code: a regency of a province split since (Papua, 2022) has a new one.
        else if (!['91', '92'].includes(row.kode_provinsi as string))
          expect(members.get(key), key).toBe(row.kode_kabupaten);
        else expect(members.get(key), key).toMatch(/^9[1-6][0-9]{2}$/);
      }
    }
    // The source's "JAKARTA PUSAT + LUAR NEGERI" is two members.
    expect(members.size).toBe(515);
  });

  it("the dataset's records: one per member, every rule obeyed", () => {
    for (const year of [2014, 2019, 2024]) {
      const records = dapilRecordsOf(table(year));
      const check = checkDataset(dapilDataset, records);
      expect(check.report.violationCount, String(year)).toBe(0);
      expect(new Set(records.map((record) => record.IdDapil)).size).toBe(table(year).dapils.length);
    }
    expect(dapilRecordsOf(table(2014)).find((record) => record.NamaKabupaten === 'LUAR NEGERI')).toMatchObject({
      IdDapil: '3102',
      KodeKabupaten: '',
      Catatan: expect.stringContaining('Voters abroad'),
    });
  });
});
