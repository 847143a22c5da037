// The official list of province and regency codes (Kemendagri, the same digits BPS uses), as the pinned npm
// package idn-area-data ships it (data under ODbL 1.0), and the province splits since 2012 that the matcher
// must know. Parsing is pure; loadOfficialRegions() reads the package's CSV files from node_modules, once.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { normalizeRegionName, type RegionKind } from './region-names.ts';

interface OfficialProvince {
  /** Two digits: "11". */
  code: string;
  /** As the list writes it: "Aceh". */
  name: string;
}

export interface OfficialRegency {
  /** Four digits, the province's two then the regency's two, without the list's dot: "1101" (list: "11.01"). */
  code: string;
  provinceCode: string;
  /** As the list writes it: "Kabupaten Aceh Selatan". */
  name: string;
  kind: RegionKind;
  administrative: boolean;
  /** The normalized name without its kind (region-names.ts): "ACEH SELATAN". */
  bareName: string;
  key: string;
}

export interface OfficialRegions {
  /** The package and version the list came from, for the manifest, datapackage.json and the about page. */
  source: { package: string; version: string };
  provinces: ReadonlyMap<string, OfficialProvince>;
  regencies: readonly OfficialRegency[];
}

/**
 * Provinces formed by splitting an older one after an election this project publishes: a regency of the old
 * province at that election has its current code under the new province. Keyed by the old province's code.
 * UU 20/2012 (Kalimantan Utara, from Kalimantan Timur; DPR 2014 still elected it in dapil KALIMANTAN TIMUR);
 * UU 14, 15 and 16/2022 (Papua Selatan, Papua Tengah, Papua Pegunungan, from Papua); UU 29/2022 (Papua Barat
 * Daya, from Papua Barat).
 */
export const PROVINCE_SPLITS: Readonly<Record<string, readonly string[]>> = {
  '64': ['65'],
  '91': ['93', '94', '95'],
  '92': ['96'],
};

/** The provinces a regency of `provinceCode` may be coded under today: itself, then those split from it. */
export function provincesOf(provinceCode: string): readonly string[] {
  return [provinceCode, ...(PROVINCE_SPLITS[provinceCode] ?? [])];
}

interface ProvinceRow {
  code: string;
  name: string;
}
interface RegencyRow {
  code: string;
  province_code: string;
  name: string;
}

/**
 * The package's two CSV files as tables. Example rows: "11,Aceh" and "11.01,11,Kabupaten Aceh Selatan"
 * → province {code: "11", name: "Aceh"}, regency {code: "1101", provinceCode: "11", kind: "kabupaten",
 * bareName: "ACEH SELATAN", …}. Throws on a row that is not of that form, so a changed package cannot slip by.
 */
export function parseOfficialRegions(
  provincesCsv: string,
  regenciesCsv: string,
  source: OfficialRegions['source'],
): OfficialRegions {
  const provinces = new Map<string, OfficialProvince>();
  for (const row of parse<ProvinceRow>(provincesCsv, { columns: true, skip_empty_lines: true, bom: true })) {
    if (!/^[0-9]{2}$/.test(row.code) || row.name.trim() === '')
      throw new Error(`provinces.csv: bad row ${JSON.stringify(row)}`);
    provinces.set(row.code, { code: row.code, name: row.name.trim() });
  }
  const regencies: OfficialRegency[] = [];
  for (const row of parse<RegencyRow>(regenciesCsv, { columns: true, skip_empty_lines: true, bom: true })) {
    const match = /^([0-9]{2})\.([0-9]{2})$/.exec(row.code);
    if (!match || match[1] !== row.province_code || !provinces.has(row.province_code))
      throw new Error(`regencies.csv: bad row ${JSON.stringify(row)}`);
    const normalized = normalizeRegionName(row.name);
    if (normalized.kind === 'bare') throw new Error(`regencies.csv: ${row.name} says neither Kabupaten nor Kota`);
    regencies.push({
      code: `${match[1]}${match[2]}`,
      provinceCode: row.province_code,
      name: row.name.trim(),
      kind: normalized.kind,
      administrative: normalized.administrative,
      bareName: normalized.name,
      key: normalized.key,
    });
  }
  return { source, provinces, regencies };
}

const OFFICIAL_REGIONS_PACKAGE = 'idn-area-data';

/** The decree the installed list follows (its package's README says so), as the region lists' records name it. */
export const REGION_LIST_LEGAL_BASIS = 'Kepmendagri 300.2.2-2138/2025';

/**
 * The licence of the region codes the project adds (province_code, regency_code) and of the region lists it ships
 * (province-list, regency-list): idn-area-data's data is under the Open Database License, which asks for this credit
 * wherever the codes are published (datapackage.json's licenses).
 */
export const REGION_CODES_LICENCE = {
  name: 'ODbL-1.0',
  title:
    'Open Database License 1.0: the province and regency lists, and the columns province_code and regency_code matched from them, are the Kemendagri region codes of the npm package idn-area-data by Fityan Nugroho (https://github.com/fityannugroho/idn-area-data)',
  path: 'https://opendatacommons.org/licenses/odbl/1-0/',
  // The list itself, credited among datapackage.json's sources as the licence asks.
  source: {
    title: `Kemendagri region codes (${REGION_LIST_LEGAL_BASIS}), from the npm package ${OFFICIAL_REGIONS_PACKAGE} ${installedVersion()} by Fityan Nugroho; its data is licensed under the Open Database License (ODbL) 1.0 (https://opendatacommons.org/licenses/odbl/1-0/). Used for the province and regency lists and the columns province_code and regency_code.`,
    path: 'https://github.com/fityannugroho/idn-area-data',
  },
};

let loaded: OfficialRegions | undefined;

/** The installed package's version (pinned in package.json). */
function installedVersion(): string {
  const packageJson = createRequire(import.meta.url).resolve('idn-area-data/package.json');
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

/** The official list from the installed package (offline: node_modules only), read once per process. */
export function loadOfficialRegions(): OfficialRegions {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('idn-area-data/package.json');
  const version = installedVersion();
  const dataDir = path.join(path.dirname(packageJson), 'data');
  loaded = parseOfficialRegions(
    readFileSync(path.join(dataDir, 'provinces.csv'), 'utf8'),
    readFileSync(path.join(dataDir, 'regencies.csv'), 'utf8'),
    { package: OFFICIAL_REGIONS_PACKAGE, version },
  );
  return loaded;
}
