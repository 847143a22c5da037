// Deterministic synthetic records shaped exactly like the upstream's (seed 2.2 and 2.3), for the demo,
// the tests and the benchmark. Every name says CONTOH ("example"): nothing here is a real figure.
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import type { ShippedDatasetId } from '../datasets/datasets.ts';
import { partyDataset } from '../datasets/party-dataset.ts';
import { loadOfficialRegions } from '../datasets/regions/official-regions.ts';
import { turnoutDataset } from '../datasets/turnout-dataset.ts';
import { romanNumeral } from '../foundation/text-order.ts';

/** The label every consumer of synthetic data shows next to it. */
export const DEMO_DATA_NOTICE = 'DEMO DATA, NOT REAL FIGURES';

/** An upstream-shaped record whose values are all strings, fields in the seed's order. */
export type SyntheticRecord = Record<string, string>;

export interface TurnoutGeneratorOptions {
  years: readonly number[];
  dapils: number;
  /** A fixed number, or an inclusive [min, max] range drawn per dapil (the same in every year). */
  regenciesPerDapil: number | readonly [min: number, max: number];
  /** Number of provinces the dapils are spread over; default: one per two dapils. */
  provinces?: number;
  seed?: number;
}

export interface PartyGeneratorOptions {
  years: readonly number[];
  /** Parties per year. */
  parties: number;
  /**
   * Parties that appear for the first time in each later year (the rest carry over under the same name and
   * acronym, with a new ballot number); default: a third of `parties`, rounded up.
   */
  newPartiesPerYear?: number;
  seed?: number;
}

const DEFAULT_SEED = 1;

/** The upstream field a normalized column is read from; throws when the declaration has no such column. */
function sourceOfColumn(dataset: DatasetDefinition, columnName: string): string {
  const source = dataset.columns.find((column) => column.name === columnName)?.source;
  if (!source) throw new Error(`dataset ${dataset.id} has no column ${columnName} read from the upstream`);
  return source;
}

/** mulberry32: a tiny 32-bit PRNG, good enough for plausible figures and fully reproducible. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A 32-bit hash of three integers (murmur3-style mixing). Per-record streams are seeded from it, so a record
 * depends only on its coordinates (seed, year, regency), not on how many records were generated before it.
 * Fixed arity on purpose: this runs once or more per record on the benchmark's hot path.
 */
function hashIntegers(a: number, b: number, c: number): number {
  let hash = 0x811c9dc5;
  hash = Math.imul(hash ^ (a >>> 0), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
  hash = Math.imul(hash ^ (b >>> 0), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
  hash = Math.imul(hash ^ (c >>> 0), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

function hashUnit(a: number, b: number, c: number): number {
  return hashIntegers(a, b, c) / 4294967296;
}

/**
 * Builds records in the dataset's declared field order from values keyed by normalized column name, so no
 * upstream field name (nor a list of the columns) is spelled twice in the project.
 */
function createRecordBuilder(dataset: DatasetDefinition): (values: Record<string, string>) => SyntheticRecord {
  const fields = dataset.upstreamFields.map((field) => {
    const column = dataset.columns.find((candidate) => candidate.source === field);
    if (!column) throw new Error(`synthetic ${dataset.id} records have no value for upstream field ${field}`);
    return { field, column: column.name };
  });
  return (values) => {
    const record: SyntheticRecord = {};
    for (const { field, column } of fields) {
      const value = values[column];
      if (value === undefined) throw new Error(`synthetic ${dataset.id} record has no value for column ${column}`);
      record[field] = value;
    }
    return record;
  };
}

/** 14 → "XIV". Roman numerals stop at 3999; beyond that the plain number keeps names unique (no digit is a numeral). */
export function formatDapilNumber(value: number): string {
  return romanNumeral(value) ?? String(value);
}

/** 1 → "A", 26 → "Z", 27 → "AA": spreadsheet-style letters, unique for any count. */
function formatProvinceLetters(value: number): string {
  let rest = value;
  let text = '';
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    text = String.fromCharCode(65 + digit) + text;
    rest = Math.floor((rest - 1) / 26);
  }
  return text;
}

/**
 * A turnout field by role, resolved from the declaration's normalized columns. The name is passed through an
 * object key so V8 hands back its internalized copy: the declaration builds some names with template literals,
 * and computed keys from non-internalized strings made buildTurnoutRecord ten times slower.
 */
const turnoutField = (column: string): string =>
  Object.keys({ [sourceOfColumn(turnoutDataset, column)]: true })[0] as string;
const YEAR = turnoutField('election_year');
const TYPE = turnoutField('election_type');
const DAPIL_ID = turnoutField('dapil_id');
const DAPIL_NAME = turnoutField('dapil_name');
const PROVINCE = turnoutField('province_name');
const REGENCY = turnoutField('regency_name');
const DPT_MALE = turnoutField('dpt_male');
const DPT_FEMALE = turnoutField('dpt_female');
const DPT_BOTH = turnoutField('dpt_total');
const DPTB_MALE = turnoutField('dptb_male');
const DPTB_FEMALE = turnoutField('dptb_female');
const DPTB_BOTH = turnoutField('dptb_total');
const DPK_MALE = turnoutField('dpk_male');
const DPK_FEMALE = turnoutField('dpk_female');
const DPK_BOTH = turnoutField('dpk_total');
const TOTAL_MALE = turnoutField('total_male');
const TOTAL_FEMALE = turnoutField('total_female');
const TOTAL = turnoutField('total_voters');

/**
 * One turnout record. An object literal rather than createRecordBuilder's loop: it is several times faster,
 * which the million-record benchmark notices. Its key order is checked against the declaration when the module loads.
 */
function buildTurnoutRecord(
  year: number,
  dapilId: string,
  dapilName: string,
  province: string,
  regency: string,
  dptMale: number,
  dptFemale: number,
  dptbMale: number,
  dptbFemale: number,
  dpkMale: number,
  dpkFemale: number,
): SyntheticRecord {
  return {
    [YEAR]: String(year),
    [TYPE]: 'DPR',
    [DAPIL_ID]: dapilId,
    [DAPIL_NAME]: dapilName,
    [PROVINCE]: province,
    [REGENCY]: regency,
    [DPT_MALE]: String(dptMale),
    [DPT_FEMALE]: String(dptFemale),
    [DPT_BOTH]: String(dptMale + dptFemale),
    [DPTB_MALE]: String(dptbMale),
    [DPTB_FEMALE]: String(dptbFemale),
    [DPTB_BOTH]: String(dptbMale + dptbFemale),
    [DPK_MALE]: String(dpkMale),
    [DPK_FEMALE]: String(dpkFemale),
    [DPK_BOTH]: String(dpkMale + dpkFemale),
    [TOTAL_MALE]: String(dptMale + dptbMale + dpkMale),
    [TOTAL_FEMALE]: String(dptFemale + dptbFemale + dpkFemale),
    [TOTAL]: String(dptMale + dptFemale + dptbMale + dptbFemale + dpkMale + dpkFemale),
  };
}

if (
  Object.keys(buildTurnoutRecord(2000, '', '', '', '', 0, 0, 0, 0, 0, 0)).join() !==
  turnoutDataset.upstreamFields.join()
) {
  throw new Error('synthetic turnout records no longer follow the declared upstream field order');
}

function checkCount(name: string, value: number, minimum: number): void {
  if (!Number.isInteger(value) || value < minimum)
    throw new RangeError(`${name} must be an integer of at least ${minimum}, got ${value}`);
}

function splitBySex(total: number, random: () => number): [male: number, female: number] {
  const male = Math.round(total * (0.47 + 0.05 * random()));
  return [male, total - male];
}

/**
 * Yields turnout records year by year, dapil by dapil, regency by regency, without holding them: a million
 * records cost only the memory of the consumer. Every record obeys every arithmetic rule of UPSTREAM.md.
 */
export function iterateTurnoutRecords(options: TurnoutGeneratorOptions): Generator<SyntheticRecord> {
  const seed = (options.seed ?? DEFAULT_SEED) >>> 0;
  const dapils = options.dapils;
  checkCount('dapils', dapils, 1);
  const provinces = options.provinces ?? Math.ceil(dapils / 2);
  checkCount('provinces', provinces, 1);
  if (provinces > dapils) throw new RangeError(`provinces (${provinces}) cannot exceed dapils (${dapils})`);
  const [minRegencies, maxRegencies] =
    typeof options.regenciesPerDapil === 'number'
      ? [options.regenciesPerDapil, options.regenciesPerDapil]
      : options.regenciesPerDapil;
  checkCount('regenciesPerDapil', minRegencies, 1);
  checkCount('regenciesPerDapil maximum', maxRegencies, minRegencies);
  for (const year of options.years) checkCount('year', year, 1000);
  // Checked here rather than in the generator body, so bad options fail at the call, not at the first next().
  return yieldTurnoutRecords(options.years, seed, dapils, provinces, minRegencies, maxRegencies);
}

/**
 * The official regencies of each province as KPU writes their names (a kabupaten bare, a city with KOTA, DKI
 * Jakarta's administrative ones bare), so synthetic records get real region codes: "ACEH SELATAN", "KOTA BANDA ACEH".
 */
function officialRegencyNames(): { codes: readonly string[]; names: ReadonlyMap<string, readonly string[]> } {
  const official = loadOfficialRegions();
  const names = new Map<string, string[]>();
  for (const regency of official.regencies) {
    const name = regency.kind === 'kota' && !regency.administrative ? `KOTA ${regency.bareName}` : regency.bareName;
    names.set(regency.provinceCode, [...(names.get(regency.provinceCode) ?? []), name]);
  }
  return { codes: [...official.provinces.keys()].sort(), names };
}

function* yieldTurnoutRecords(
  years: readonly number[],
  seed: number,
  dapils: number,
  provinces: number,
  minRegencies: number,
  maxRegencies: number,
): Generator<SyntheticRecord> {
  // IdDapil = a real province code (synthetic province n takes the n-th code of the official list, round the
  // list again past 38) + the dapil's number among that code's dapils, two digits or more, so the records get
  // real region codes (docs/data.md, "Region codes"). Names of dapils and provinces still say CONTOH.
  const official = officialRegencyNames();
  const codeOf = (province: number): string => official.codes[province % official.codes.length] as string;
  const mostDapilsOfCode = Math.ceil(provinces / official.codes.length) * Math.ceil(dapils / provinces);
  const dapilWidth = Math.max(2, String(mostDapilsOfCode).length);

  for (const year of years) {
    let regencyNumber = 0;
    const dapilsOfCode = new Map<string, number>();
    const regenciesOfCode = new Map<string, number>();
    for (let dapil = 0; dapil < dapils; dapil += 1) {
      const province = Math.floor((dapil * provinces) / dapils);
      const provinceCode = codeOf(province);
      const dapilNumber = (dapilsOfCode.get(provinceCode) ?? 0) + 1;
      dapilsOfCode.set(provinceCode, dapilNumber);
      const dapilId = `${provinceCode}${String(dapilNumber).padStart(dapilWidth, '0')}`;
      const dapilName = `DAPIL CONTOH ${formatDapilNumber(dapil + 1)}`;
      const provinceName = `PROVINSI CONTOH ${formatProvinceLetters(province + 1)}`;
      const regencyNames = official.names.get(provinceCode) ?? [];
      const usedInDapil = new Set<string>();
      const regencies = minRegencies + Math.floor(hashUnit(seed, 0xd4b1, dapil) * (maxRegencies - minRegencies + 1));
      for (let regency = 0; regency < regencies; regency += 1) {
        regencyNumber += 1;
        // The province's regencies in turn; a dapil asking for more than its province has gets CONTOH names
        // for the rest, which match no official name (flagged region-code-match).
        const nth = regenciesOfCode.get(provinceCode) ?? 0;
        regenciesOfCode.set(provinceCode, nth + 1);
        const officialName = regencyNames[nth % Math.max(1, regencyNames.length)];
        const isCity = hashUnit(seed, 0xc17e, regencyNumber) < 0.2;
        // The regency's size is stable across years; each year varies it a little.
        const size = Math.exp(Math.log(40_000) + hashUnit(seed, 0x512e, regencyNumber) * Math.log(50));
        const random = createRandom(hashIntegers(seed, year, regencyNumber));
        const total = Math.round(size * (0.92 + 0.2 * random()));
        const dptb = Math.round(total * (0.0005 + 0.008 * random()));
        const dpk = Math.round(total * (0.003 + 0.03 * random()));
        const dpt = total - dptb - dpk;
        const [dptMale, dptFemale] = splitBySex(dpt, random);
        const [dptbMale, dptbFemale] = splitBySex(dptb, random);
        const [dpkMale, dpkFemale] = splitBySex(dpk, random);
        const regencyName =
          officialName !== undefined && !usedInDapil.has(officialName)
            ? officialName
            : `${isCity ? 'KOTA' : 'KABUPATEN'} CONTOH ${regencyNumber}`;
        usedInDapil.add(regencyName);
        yield buildTurnoutRecord(
          year,
          dapilId,
          dapilName,
          provinceName,
          regencyName,
          dptMale,
          dptFemale,
          dptbMale,
          dptbFemale,
          dpkMale,
          dpkFemale,
        );
      }
    }
  }
}

export function generateTurnoutRecords(options: TurnoutGeneratorOptions): SyntheticRecord[] {
  return Array.from(iterateTurnoutRecords(options));
}

const UNITS = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'] as const;

/** Indonesian number words: 12 → "dua belas", 101 → "seratus satu", 2024 → "dua ribu dua puluh empat". */
export function spellIndonesianNumber(value: number): string {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`cannot spell ${value}`);
  const spell = (n: number): string[] => {
    if (n === 0) return [];
    if (n < 10) return [UNITS[n] as string];
    if (n === 10) return ['sepuluh'];
    if (n === 11) return ['sebelas'];
    if (n < 20) return [UNITS[n - 10] as string, 'belas'];
    if (n < 100) return [UNITS[Math.floor(n / 10)] as string, 'puluh', ...spell(n % 10)];
    if (n < 200) return ['seratus', ...spell(n - 100)];
    if (n < 1000) return [UNITS[Math.floor(n / 100)] as string, 'ratus', ...spell(n % 100)];
    if (n < 2000) return ['seribu', ...spell(n - 1000)];
    if (n < 1_000_000) return [...spell(Math.floor(n / 1000)), 'ribu', ...spell(n % 1000)];
    return [...spell(Math.floor(n / 1_000_000)), 'juta', ...spell(n % 1_000_000)];
  };
  return spell(value).join(' ');
}

const GIVEN_NAMES = [
  'Adi',
  'Budi',
  'Citra',
  'Dewi',
  'Eka',
  'Fajar',
  'Gita',
  'Hadi',
  'Indah',
  'Joko',
  'Kartika',
  'Lestari',
  'Maya',
  'Nur',
  'Putri',
  'Rudi',
  'Sari',
  'Tono',
  'Wati',
  'Yuni',
] as const;

const buildPartyRecord = createRecordBuilder(partyDataset);

function pickName(random: () => number): string {
  return `${GIVEN_NAMES[Math.floor(random() * GIVEN_NAMES.length)] as string} Contoh`;
}

function formatDeedDate(random: () => number, beforeYear: number): string {
  const year = 1999 + Math.floor(random() * Math.max(1, beforeYear - 1999));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;
}

/**
 * Party profiles per year. A party is an identity (number n → "Partai Contoh <n in words>", acronym "PC<n>");
 * later years keep most identities and add a few new ones, so cross-year links have something to show.
 * Ballot numbers are reshuffled every year, as in real elections.
 */
export function generatePartyRecords(options: PartyGeneratorOptions): SyntheticRecord[] {
  const seed = (options.seed ?? DEFAULT_SEED) >>> 0;
  checkCount('parties', options.parties, 1);
  const newPerYear = options.newPartiesPerYear ?? Math.ceil(options.parties / 3);
  checkCount('newPartiesPerYear', newPerYear, 0);
  const records: SyntheticRecord[] = [];
  options.years.forEach((year, yearIndex) => {
    checkCount('year', year, 1000);
    const identities = Array.from({ length: options.parties }, (_, index) => yearIndex * newPerYear + index + 1);
    // Fisher–Yates with a per-year stream: the ballot order is reproducible but differs between years.
    const shuffle = createRandom(hashIntegers(seed, 0xba11, year));
    for (let index = identities.length - 1; index > 0; index -= 1) {
      const other = Math.floor(shuffle() * (index + 1));
      [identities[index], identities[other]] = [identities[other] as number, identities[index] as number];
    }
    identities.forEach((identity, position) => {
      // Stable per party: name, contacts, notary, deed. Per year: leadership, women's share.
      const stable = createRandom(hashIntegers(seed, 0x9a27, identity));
      const yearly = createRandom(hashIntegers(seed, year, identity));
      const words = spellIndonesianNumber(identity);
      const slug = words.replaceAll(' ', '-');
      const title = words.replace(/(^|\s)\p{Ll}/gu, (letter) => letter.toUpperCase());
      const hasOffice = stable() >= 0.25;
      const street = 1 + Math.floor(stable() * 200);
      const city = 1 + Math.floor(stable() * 9);
      const website = `${stable() < 0.5 ? 'www.' : ''}contoh-${slug}.example`;
      const notary = `${pickName(stable).toUpperCase()}, S.H.`;
      const deedNumber = String(1 + Math.floor(stable() * 150));
      const deedDate = formatDeedDate(stable, 2014);
      const share = yearly() < 0.3 ? '' : (280 + Math.floor(yearly() * 170)) / 10;
      records.push(
        // Values in the declaration's column order: the random draws happen in this order.
        buildPartyRecord({
          election_year: String(year),
          ballot_number: String(position + 1),
          party_name: `Partai Contoh ${title}`,
          party_acronym: `PC${identity}`,
          office_address: hasOffice ? `Jalan Contoh Raya No. ${street}, Kota Contoh ${city}` : '',
          email: `sekretariat@contoh-${slug}.example`,
          website: website,
          notary_name: notary,
          notary_address: `Jalan Notaris Contoh No. ${1 + Math.floor(stable() * 90)}, Kota Contoh ${city}`,
          notarial_deed_number: deedNumber,
          notarial_deed_date: deedDate,
          women_representation_pct: share === '' ? '' : String(share).replace('.', ','),
          decree_number: `SK-CONTOH/${identity}/${year}`,
          general_chair: pickName(yearly),
          secretary_general: pickName(yearly),
          general_treasurer: pickName(yearly),
          verification_link: `https://contoh.example/partai/${identity}`,
        }),
      );
    });
  });
  return records;
}

/** Seed of the demo data: the 2024 election day, 14-02-2024. */
const DEMO_SEED = 20240214;

/**
 * The small dataset the out-of-the-box demo serves: turnout 2019 and 2024 (6 dapils in 3 provinces, 2–4
 * regencies each) and 8 parties per year (5 of them in both years). It contains exactly one turnout record
 * that breaks an arithmetic rule, one whose regency name matches no official name, and one broken party
 * record, so the quality report has something to show.
 */
export function demoDataset(): Record<ShippedDatasetId, RawRecord[]> {
  const turnout: RawRecord[] = generateTurnoutRecords({
    years: [2019, 2024],
    dapils: 6,
    provinces: 3,
    regenciesPerDapil: [2, 4],
    seed: DEMO_SEED,
  });
  const parties: RawRecord[] = generatePartyRecords({
    years: [2019, 2024],
    parties: 8,
    newPartiesPerYear: 3,
    seed: DEMO_SEED,
  });

  // DELIBERATELY BROKEN (demo quality report): the DPTb "both" count of one 2024 record is 100 too high, so
  // it breaks "DPTb: male + female = both" and, with it, "DPT + DPTb + DPK = JumlahSeluruhPenggunaHakPilih".
  const brokenTurnout = turnout.filter((record) => record[turnoutDataset.yearField] === '2024')[3];
  if (brokenTurnout) brokenTurnout[DPTB_BOTH] = String(Number(brokenTurnout[DPTB_BOTH]) + 100);

  // DELIBERATELY BROKEN (demo quality report): a misspelt regency name (ACEH TENGGARA as ACEH TENGGRA) in 2019
  // matches no official name, so the record gets no regency code and the flag region-code-match.
  const misspelt = turnout.find(
    (record) => record[turnoutDataset.yearField] === '2019' && record[REGENCY] === 'ACEH TENGGARA',
  );
  if (misspelt) misspelt[REGENCY] = 'ACEH TENGGRA';

  // DELIBERATELY BROKEN (demo quality report): a notarial deed dated 31 February, which does not exist.
  const brokenParty = parties.find((record) => record[partyDataset.yearField] === '2019');
  if (brokenParty) brokenParty[sourceOfColumn(partyDataset, 'notarial_deed_date')] = '31-02-2009';

  return { turnout, parties };
}
