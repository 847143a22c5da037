// The official list as installed (idn-area-data from node_modules) and the project's crosswalk, checked against
// the copies and KPU's own 2019 region list in ../shared/data/sources, and every real turnout record coded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  loadOfficialRegions,
  parseOfficialRegions,
  PROVINCE_SPLITS,
  provincesOf,
} from '../../scripts/datasets/regions/official-regions.ts';
import { REGION_CROSSWALK } from '../../scripts/datasets/regions/region-crosswalk.ts';
import { createRegionMatcher, officialRegionMatcher } from '../../scripts/datasets/regions/region-matcher.ts';
import { normalizeRegionName } from '../../scripts/datasets/regions/region-names.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';
import { HAS_SHARED_DATA, noticeSharedData, readCanonicalCsv, SHARED_DATA_DIR } from '../support/shared-data.ts';

noticeSharedData('the checks of the region codes against ../shared/data in test/regions/official-regions.unit.test.ts');

const official = loadOfficialRegions();
const matcher = officialRegionMatcher();

function readSourceCsv(name: string): Record<string, string>[] {
  return parse(readFileSync(path.join(SHARED_DATA_DIR, 'sources', name), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
    bom: true,
  });
}

describe('the official list (idn-area-data in node_modules)', () => {
  it('is the version package.json pins exactly', () => {
    const pinned = (
      JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      }
    ).dependencies['idn-area-data'];
    expect(pinned).toMatch(/^[0-9]+\.[0-9]+\.[0-9]+$/);
    expect(official.source).toEqual({ package: 'idn-area-data', version: pinned });
  });

  it('has the 38 provinces and 514 regencies of Kepmendagri, each code once', () => {
    expect(official.provinces.size).toBe(38);
    expect(official.regencies).toHaveLength(514);
    expect(new Set(official.regencies.map((regency) => regency.code)).size).toBe(514);
    for (const [parent, split] of Object.entries(PROVINCE_SPLITS)) {
      for (const code of [parent, ...split]) expect(official.provinces.has(code)).toBe(true);
    }
  });

  it('never has two regencies of one kind whose names compare equal within a province and those split from it', () => {
    // The rules drop spaces and dashes before comparing: this proves that can never merge two regencies.
    for (const province of official.provinces.keys()) {
      const family = provincesOf(province);
      const keys = official.regencies
        .filter((regency) => family.includes(regency.provinceCode))
        .map((regency) => `${regency.kind}|${regency.key}`);
      expect(new Set(keys).size, `province ${province}`).toBe(keys.length);
    }
  });
});

describe('the crosswalk', () => {
  it('points every entry at an official regency of its province (or one split from it) that the rules do not find', () => {
    const withoutCrosswalk = createRegionMatcher(official, []);
    for (const entry of REGION_CROSSWALK) {
      const regency = official.regencies.find((candidate) => candidate.code === entry.regencyCode);
      expect(regency, entry.name).toBeDefined();
      expect(provincesOf(entry.provinceCode)).toContain(regency?.provinceCode);
      expect(withoutCrosswalk.match(`${entry.provinceCode}01`, entry.name).method, entry.name).toBe('none');
      expect(matcher.match(`${entry.provinceCode}01`, entry.name)).toMatchObject({
        method: 'crosswalk',
        regencyCode: entry.regencyCode,
      });
      expect(entry.reason.en).not.toBe('');
      expect(entry.reason.id).not.toBe('');
    }
    const ids = REGION_CROSSWALK.map((entry) => `${entry.provinceCode}|${normalizeRegionName(entry.name).key}`);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.skipIf(!HAS_SHARED_DATA)('against ../shared/data', () => {
  it('is the same list as the copies in sources/idn_area_data_*.csv', () => {
    const copy = parseOfficialRegions(
      readFileSync(path.join(SHARED_DATA_DIR, 'sources/idn_area_data_provinces.csv'), 'utf8'),
      readFileSync(path.join(SHARED_DATA_DIR, 'sources/idn_area_data_regencies.csv'), 'utf8'),
      official.source,
    );
    expect(copy).toEqual(official);
  });

  it("codes every regency of KPU's own 2019 region list: its Kemendagri code, or today's code for those the 2022 split moved", () => {
    const rows = readSourceCsv('kpu2019_wilayah_kabupaten.csv');
    expect(rows).toHaveLength(514);
    const tally = { same: 0, moved: 0 };
    for (const row of rows) {
      const { kodePro = '', kodeKab = '', namaKab = '' } = row;
      const found = matcher.match(`${kodePro}01`, namaKab);
      expect(found.regencyCode, `${kodePro} ${namaKab}`).not.toBeNull();
      if (found.regencyCode === kodeKab) {
        tally.same += 1;
      } else {
        // Only the Papua provinces' regencies moved to the provinces formed in 2022, under new codes.
        expect(PROVINCE_SPLITS[kodePro], `${namaKab}: ${kodeKab} → ${found.regencyCode}`).toContain(
          found.regencyCode?.slice(0, 2),
        );
        tally.moved += 1;
      }
    }
    expect(tally).toEqual({ same: 488, moved: 26 });
  });

  it('codes every regency of the 2014, 2019 and 2024 dapil lists (the same code as the 2024 list gives)', () => {
    const lists = [
      { file: 'dapil_dpr_2014_kabkota.csv', dapil: (row: Record<string, string>) => row.id_dapil ?? '' },
      { file: 'dapil_dpr_2019_kabkota.csv', dapil: (row: Record<string, string>) => `${row.kode_provinsi ?? ''}01` },
      { file: 'dapil_dpr_2024_kabkota.csv', dapil: (row: Record<string, string>) => row.kode_dapil ?? '' },
    ];
    for (const { file, dapil } of lists) {
      for (const row of readSourceCsv(file)) {
        const name = row.nama_kabupaten ?? '';
        // Not a regency: the dapil list's way of saying Jakarta Pusat's dapil also counts voters abroad.
        if (name === 'JAKARTA PUSAT + LUAR NEGERI') continue;
        const found = matcher.match(dapil(row), name);
        expect(found.regencyCode, `${file}: ${name}`).not.toBeNull();
        if (file.includes('2024')) expect(found.regencyCode, `${file}: ${name}`).toBe(row.kode_kabupaten);
      }
    }
  });

  it('codes every real turnout record: by rule, but for one through the crosswalk', () => {
    const dapilField = turnoutDataset.columns.find((column) => column.name === 'dapil_id')?.source ?? '';
    const regencyField = turnoutDataset.columns.find((column) => column.name === 'regency_name')?.source ?? '';
    const tally: Record<string, number> = {};
    const crosswalked: string[] = [];
    for (const file of ['datahakpilihdpr_2014_sumatra_jawa.csv', 'datahakpilihdpr_2014_broken.csv']) {
      for (const record of readCanonicalCsv(file)) {
        const found = matcher.match(String(record[dapilField]), String(record[regencyField]));
        tally[found.method] = (tally[found.method] ?? 0) + 1;
        if (found.method === 'crosswalk') crosswalked.push(`${String(record[regencyField])} → ${found.officialName}`);
        expect(found.provinceCode).toBe(String(record[dapilField]).slice(0, 2));
      }
    }
    expect(tally).toEqual({ rule: 266, crosswalk: 1 });
    expect(crosswalked).toEqual(['TOBA SAMOSIR → Kabupaten Toba']);
  });
});
