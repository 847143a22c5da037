// Writes the project's tables of the official DPR dapils (dapil-dpr-<year>.ts) from the compositions in
// ../shared/data/sources/ (their README says how each was derived), completed from the law where they fall short,
// with every member regency's Kemendagri code from the region matcher. A development tool, run by hand once:
// `npm run dapil-tables` (the tables are committed; test/datasets/dapil-tables.unit.test.ts checks them).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import prettier from 'prettier';
import type { Localized } from '../../languages.ts';
import { provincesOf } from '../regions/official-regions.ts';
import { officialRegionMatcher } from '../regions/region-matcher.ts';
import {
  ABROAD,
  ABROAD_NOTE,
  type OfficialDapil,
  type OfficialDapilMember,
  type OfficialDapilYear,
} from './official-dapils.ts';

type Row = Record<string, string>;

const LAWS: Record<number, Localized> = {
  2014: {
    id: 'Lampiran Undang-Undang Nomor 8 Tahun 2012 tentang Pemilihan Umum Anggota DPR, DPD, dan DPRD (77 dapil, 560 kursi).',
    en: 'Annex of Law 8/2012 on the elections of the DPR, DPD and DPRD (UU 8/2012): 77 dapils, 560 seats.',
  },
  2019: {
    id: 'Lampiran III Undang-Undang Nomor 7 Tahun 2017 tentang Pemilihan Umum (80 dapil, 575 kursi).',
    en: 'Annex III of Law 7/2017 on elections (UU 7/2017): 80 dapils, 575 seats.',
  },
  2024: {
    id: 'Lampiran III Undang-Undang Nomor 7 Tahun 2017 sebagaimana diubah dengan Peraturan Pemerintah Pengganti Undang-Undang Nomor 1 Tahun 2022, dan PKPU Nomor 6 Tahun 2023 (84 dapil, 580 kursi).',
    en: 'Annex III of Law 7/2017 as amended by Perppu 1/2022, with KPU Regulation 6/2023 (PKPU 6/2023): 84 dapils, 580 seats.',
  },
};

/** UU 21/2012 formed Kabupaten Pangandaran from Ciamis after UU 8/2012; the 2014 election counted it in JAWA BARAT X. */
const PANGANDARAN_NOTE: Localized = {
  id: 'Dibentuk dari Kabupaten Ciamis dengan UU 21/2012, setelah UU 8/2012; pada Pemilu 2014 termasuk dapil JAWA BARAT X bersama Ciamis.',
  en: 'Formed from Kabupaten Ciamis by UU 21/2012, after UU 8/2012; the 2014 election counted it in JAWA BARAT X, with Ciamis.',
};

/**
 * The two 2014 dapils the 2014 composition lacks, from the annex of UU 8/2012 (seats from dapil_dpr_2014.csv).
 * Names as the 2014 lists write them; codes from the region matcher like every other member.
 */
const MISSING_2014: Record<string, readonly (readonly [name: string, note?: Localized])[]> = {
  '3102': [['JAKARTA PUSAT'], ['JAKARTA SELATAN'], [ABROAD, ABROAD_NOTE]],
  '3210': [['KUNINGAN'], ['CIAMIS'], ['KOTA BANJAR'], ['PANGANDARAN', PANGANDARAN_NOTE]],
};

/** The 2014 composition's one misspelled name, written as the law does (the region crosswalk knows it too). */
const SPELLING_2014: Record<string, string> = { 'LOMBOK TINUR': 'LOMBOK TIMUR' };

function readCsv(dir: string, file: string): Row[] {
  return parse<Row>(readFileSync(path.join(dir, file), 'utf8'), { columns: true, skip_empty_lines: true, bom: true });
}

function codeOf(dapilId: string, name: string): string {
  const match = officialRegionMatcher().match(dapilId, name);
  if (match.method === 'none') throw new Error(`dapil ${dapilId}, ${name}: ${match.reason}`);
  return match.regencyCode;
}

/** KPU's 2019 and 2024 lists write DKI JAKARTA II's first member as "JAKARTA PUSAT + LUAR NEGERI": two members. */
function membersOf(dapilId: string, name: string, sourceCode: string | null): OfficialDapilMember[] {
  const parts = name.split(' + ').map((part) => part.trim());
  return parts.map((part): OfficialDapilMember => {
    if (part === ABROAD) return [null, ABROAD, ABROAD_NOTE];
    const code = codeOf(dapilId, part);
    // A regency of a province split since (Papua, 2022) has a new code; the source keeps the one of its time.
    const split = sourceCode !== null && provincesOf(sourceCode.slice(0, 2)).slice(1).includes(code.slice(0, 2));
    if (sourceCode !== null && code !== sourceCode && !split)
      throw new Error(`dapil ${dapilId}, ${part}: the source's code ${sourceCode}, the matcher's ${code}`);
    return [code, part];
  });
}

function byId(a: OfficialDapil, b: OfficialDapil): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function table2014(dir: string): OfficialDapilYear {
  const seats = new Map(readCsv(dir, 'dapil_dpr_2014.csv').map((row) => [row.id_dapil?.slice(0, 4), row]));
  const members = new Map<string, OfficialDapilMember[]>();
  const rows = readCsv(dir, 'dapil_dpr_2014_kabkota.csv');
  for (const row of rows) {
    const id = row.id_dapil as string;
    const upper = (row.nama_kabupaten as string).toUpperCase();
    const name = SPELLING_2014[upper] ?? upper;
    members.set(id, [...(members.get(id) ?? []), ...membersOf(id, name, null)]);
  }
  for (const [id, added] of Object.entries(MISSING_2014)) {
    if (members.has(id)) throw new Error(`dapil ${id} is in the 2014 composition now: drop it from MISSING_2014`);
    members.set(
      id,
      added.map(([name, note]) =>
        name === ABROAD
          ? ([null, name, note] as const)
          : note
            ? [codeOf(id, name), name, note]
            : [codeOf(id, name), name],
      ),
    );
  }
  const provinceNames = new Map(rows.map((row) => [row.kode_provinsi, (row.nama_provinsi as string).toUpperCase()]));
  const dapils = [...seats].map(([id, row]): OfficialDapil => {
    const dapilMembers = members.get(id as string);
    if (!dapilMembers) throw new Error(`2014 dapil ${id} has no members`);
    return {
      id: id as string,
      name: (row.nama_dapil as string).toUpperCase(),
      provinceCode: row.kode_provinsi as string,
      provinceName: provinceNames.get(row.kode_provinsi) ?? (row.nama_provinsi as string).toUpperCase(),
      seats: Number(row.jumlah_kursi),
      members: dapilMembers,
    };
  });
  return { year: 2014, law: LAWS[2014] as Localized, dapils: dapils.sort(byId) };
}

/** The 2019 and 2024 compositions: one row per member regency, with the dapil's seats on every row. */
function tableOf(
  dir: string,
  year: 2019 | 2024,
  file: string,
  columns: { id: (row: Row) => string; seats: string },
): OfficialDapilYear {
  const dapils = new Map<string, OfficialDapil & { members: OfficialDapilMember[] }>();
  for (const row of readCsv(dir, file)) {
    const id = columns.id(row);
    let dapil = dapils.get(id);
    if (!dapil) {
      dapil = {
        id,
        name: row.nama_dapil as string,
        provinceCode: row.kode_provinsi as string,
        provinceName: row.nama_provinsi as string,
        seats: Number(row[columns.seats]),
        members: [],
      };
      dapils.set(id, dapil);
    }
    dapil.members.push(...membersOf(id, row.nama_kabupaten as string, row.kode_kabupaten as string));
  }
  return { year, law: LAWS[year] as Localized, dapils: [...dapils.values()].sort(byId) };
}

/** Every year's table from the sources folder. */
export function buildDapilTables(sourcesDir: string): OfficialDapilYear[] {
  return [
    table2014(sourcesDir),
    tableOf(sourcesDir, 2019, 'dapil_dpr_2019_kabkota.csv', {
      id: (row) => `${row.kode_provinsi}${String(row.no_dapil).padStart(2, '0')}`,
      seats: 'kursi',
    }),
    tableOf(sourcesDir, 2024, 'dapil_dpr_2024_kabkota.csv', {
      id: (row) => row.kode_dapil as string,
      seats: 'kursi_turunan_dct',
    }),
  ];
}

const SOURCE_NOTES: Record<number, string> = {
  2014: 'dapil_dpr_2014.csv (seats) and dapil_dpr_2014_kabkota.csv (75 of the 77 dapils); DKI JAKARTA II and JAWA BARAT X from the annex of UU 8/2012',
  2019: 'dapil_dpr_2019_kabkota.csv',
  2024: 'dapil_dpr_2024_kabkota.csv (seats derived from the longest candidate list, as its README says; they sum to the law’s 580)',
};

async function renderTable(table: OfficialDapilYear): Promise<string> {
  const text = [
    `// The DPR electoral districts (dapils) of the ${table.year} election: ${table.law.en}`,
    `// ${table.law.id}`,
    '// A fact of public law (not covered by copyright: UU 28/2014 art. 42). Generated by dapil-tables-generator.ts',
    `// from ../shared/data/sources/ ${SOURCE_NOTES[table.year]}; regency codes from the region matcher. Do not edit.`,
    "import type { OfficialDapilYear } from './official-dapils.ts';",
    '',
    `export const DAPILS_${table.year}: OfficialDapilYear = ${JSON.stringify(table)};`,
    '',
  ].join('\n');
  const config = (await prettier.resolveConfig(fileURLToPath(import.meta.url))) ?? {};
  return prettier.format(text, { ...config, parser: 'typescript' });
}

async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const sourcesDir = path.resolve(here, '../../../../shared/data/sources');
  if (!existsSync(sourcesDir)) throw new Error(`${sourcesDir} is absent: the tables are generated from it`);
  for (const table of buildDapilTables(sourcesDir)) {
    const file = path.join(here, `dapil-dpr-${table.year}.ts`);
    writeFileSync(file, await renderTable(table));
    const seats = table.dapils.reduce((sum, dapil) => sum + dapil.seats, 0);
    console.log(`${path.basename(file)}: ${table.dapils.length} dapils, ${seats} seats`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
