// The synthetic generator: reproducible, shaped exactly like the upstream, obeying the data rules (region
// codes included), and unmistakably not real.
import { describe, expect, it } from 'vitest';
import { checkDataset } from '../../scripts/check/quality-check.ts';
import { withoutOfficialListRules } from '../../scripts/datasets/dapils/official-list-rules.ts';
import { officialRegionMatcher } from '../../scripts/datasets/regions/region-matcher.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { recordKey } from '../../scripts/datasets/dataset-definition.ts';
import {
  demoDataset,
  formatDapilNumber,
  generatePartyRecords,
  generateTurnoutRecords,
  iterateTurnoutRecords,
  spellIndonesianNumber,
} from '../../scripts/synthetic/synthetic-data.ts';
import { brokenTurnoutRules } from './upstream-test-helpers.ts';

const partyField = (column: string): string => {
  const source = partyDataset.columns.find((candidate) => candidate.name === column)?.source;
  if (!source) throw new Error(`no column ${column}`);
  return source;
};

function isRealDate(text: string): boolean {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The UPSTREAM.md party rules a record breaks. */
function brokenPartyRules(record: Record<string, unknown>): string[] {
  const text = (column: string): string => String(record[partyField(column)] ?? '');
  const broken: string[] = [];
  if (!/^\d{4}$/.test(text('election_year'))) broken.push('year');
  if (!/^\d+$/.test(text('ballot_number'))) broken.push('ballot number');
  if (text('party_name').trim() === '') broken.push('name');
  if (text('notarial_deed_date') !== '' && !isRealDate(text('notarial_deed_date'))) broken.push('deed date');
  const share = text('women_representation_pct');
  if (share !== '' && !(/^\d{1,3}(,\d+)?$/.test(share) && Number(share.replace(',', '.')) <= 100)) broken.push('share');
  if (text('email') !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text('email'))) broken.push('email');
  if (text('verification_link') !== '' && !URL.canParse(text('verification_link'))) broken.push('link');
  return broken;
}

describe('generateTurnoutRecords', () => {
  const options = { years: [2019, 2024], dapils: 12, regenciesPerDapil: 3, seed: 7 };

  it('is deterministic: the same options give the same bytes, another seed other figures', () => {
    const first = JSON.stringify(generateTurnoutRecords(options));
    expect(JSON.stringify(generateTurnoutRecords(options))).toBe(first);
    expect(JSON.stringify(generateTurnoutRecords({ ...options, seed: 8 }))).not.toBe(first);
    expect(JSON.stringify([...iterateTurnoutRecords(options)])).toBe(first);
  });

  it('yields records with the seed fields in the seed order, every value a string', () => {
    const records = generateTurnoutRecords(options);
    expect(records).toHaveLength(2 * 12 * 3);
    for (const record of records) {
      expect(Object.keys(record)).toEqual([...turnoutDataset.upstreamFields]);
      for (const value of Object.values(record)) expect(typeof value).toBe('string');
    }
  });

  it('obeys every turnout rule of UPSTREAM.md, with unique keys', () => {
    const records = generateTurnoutRecords({
      years: [2014, 2019, 2024],
      dapils: 40,
      regenciesPerDapil: [1, 6],
      provinces: 7,
      seed: 3,
    });
    for (const record of records) expect(brokenTurnoutRules(record), JSON.stringify(record)).toEqual([]);
    expect(new Set(records.map((record) => recordKey(turnoutDataset, record))).size).toBe(records.length);
  });

  it('names dapils and provinces CONTOH, and takes real province codes and regency names so records get region codes', () => {
    const records = generateTurnoutRecords({ years: [2024], dapils: 6, regenciesPerDapil: 2, provinces: 3 });
    expect(records[0]).toMatchObject({
      TahunPemilu: '2024',
      JenisPemilu: 'DPR',
      IdDapil: '1101',
      NamaDapil: 'DAPIL CONTOH I',
      NamaProvinsi: 'PROVINSI CONTOH A',
      NamaKabupaten: 'ACEH SELATAN',
    });
    expect(records.map((record) => record.NamaDapil)).toContain('DAPIL CONTOH VI');
    expect(records.map((record) => record.NamaProvinsi)).toContain('PROVINSI CONTOH C');
    expect(records.map((record) => record.IdDapil)).toEqual([
      '1101',
      '1101',
      '1102',
      '1102',
      '1201',
      '1201',
      '1202',
      '1202',
      '1301',
      '1301',
      '1302',
      '1302',
    ]);
    const matcher = officialRegionMatcher();
    for (const record of records) {
      expect(matcher.match(String(record.IdDapil), String(record.NamaKabupaten)).method).toBe('rule');
    }
    // Checked as the check stage checks a demo harvest: its made-up dapils are not compared with the official list.
    expect(checkDataset(withoutOfficialListRules(turnoutDataset), records).flags.flat()).toEqual([]);
  });

  it('gives CONTOH names, which match no region, to regencies beyond the number its province has', () => {
    // Kalimantan Utara (65, the 24th province of the list) has 5 regencies; a dapil of 7 there gets 2 CONTOH names.
    const records = generateTurnoutRecords({ years: [2024], dapils: 24, regenciesPerDapil: 7, provinces: 24 });
    const last = records.slice(-7);
    expect(last.map((record) => record.IdDapil)).toEqual(Array(7).fill('6501'));
    expect(last.filter((record) => /CONTOH/.test(String(record.NamaKabupaten)))).toHaveLength(2);
    expect(new Set(last.map((record) => record.NamaKabupaten)).size).toBe(7);
  });

  it('keeps dapil names and ids unique at 100,000 dapils, streaming', () => {
    const names = new Set<string>();
    const ids = new Set<string>();
    let count = 0;
    for (const record of iterateTurnoutRecords({ years: [2024], dapils: 100_000, regenciesPerDapil: 1 })) {
      names.add(record.NamaDapil as string);
      ids.add(record.IdDapil as string);
      count += 1;
    }
    expect(count).toBe(100_000);
    expect(names.size).toBe(100_000);
    expect(ids.size).toBe(100_000);
    expect(formatDapilNumber(3999)).toBe('MMMCMXCIX');
    expect(formatDapilNumber(4000)).toBe('4000');
  });

  it('keeps the same regencies in every year, with figures that vary', () => {
    const records = generateTurnoutRecords(options);
    const byYear = (year: string) => records.filter((record) => record.TahunPemilu === year);
    expect(byYear('2019').map((record) => record.NamaKabupaten)).toEqual(
      byYear('2024').map((record) => record.NamaKabupaten),
    );
    expect(byYear('2019').map((record) => record.JumlahSeluruhPenggunaHakPilih)).not.toEqual(
      byYear('2024').map((record) => record.JumlahSeluruhPenggunaHakPilih),
    );
  });

  it('rejects impossible options', () => {
    expect(() => generateTurnoutRecords({ years: [2024], dapils: 0, regenciesPerDapil: 1 })).toThrow(/dapils/);
    expect(() => generateTurnoutRecords({ years: [2024], dapils: 2, regenciesPerDapil: [3, 2] })).toThrow(
      /regenciesPerDapil/,
    );
    expect(() => generateTurnoutRecords({ years: [2024], dapils: 2, provinces: 3, regenciesPerDapil: 1 })).toThrow(
      /provinces/,
    );
    expect(() => iterateTurnoutRecords({ years: [24], dapils: 2, regenciesPerDapil: 1 })).toThrow(/year/);
  });
});

describe('generatePartyRecords', () => {
  it('is deterministic and keeps the seed field order', () => {
    const options = { years: [2019, 2024], parties: 10, seed: 11 };
    const records = generatePartyRecords(options);
    expect(JSON.stringify(generatePartyRecords(options))).toBe(JSON.stringify(records));
    expect(records).toHaveLength(20);
    for (const record of records) expect(Object.keys(record)).toEqual([...partyDataset.upstreamFields]);
  });

  it('writes values in the upstream forms and obeys every party rule', () => {
    const records = generatePartyRecords({ years: [2014, 2019, 2024], parties: 30, seed: 5 });
    for (const record of records) {
      expect(brokenPartyRules(record), JSON.stringify(record)).toEqual([]);
      expect(record.NamaPartai).toMatch(/^Partai Contoh /);
      expect(record.Email).toMatch(/^sekretariat@contoh-[a-z-]+\.example$/);
      expect(record.Website).toMatch(/^(www\.)?contoh-[a-z-]+\.example$/);
      expect(record.Link).toMatch(/^https:\/\/contoh\.example\/partai\/\d+$/);
      expect(record.TanggalAkteNotaris).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(record.PersentaseKeterwakilanPerempuan).toMatch(/^(\d+(,\d)?)?$/);
    }
    const values = (column: string) => new Set(records.map((record) => record[partyField(column)]));
    expect(values('office_address')).toContain('');
    expect(values('women_representation_pct')).toContain('');
    expect([...values('women_representation_pct')].some((value) => value?.includes(','))).toBe(true);
    expect(new Set(records.map((record) => recordKey(partyDataset, record))).size).toBe(records.length);
    expect(new Set(records.map((record) => `${record.tahunPemilu}|${record.NamaPartai}`)).size).toBe(records.length);
  });

  it('carries some parties into the next year under the same name and acronym', () => {
    const records = generatePartyRecords({ years: [2019, 2024], parties: 8, newPartiesPerYear: 3 });
    const names = (year: string) =>
      new Set(
        records
          .filter((record) => record.tahunPemilu === year)
          .map((record) => `${record.NamaPartai}|${record.AkronimNamaPartai}`),
      );
    const shared = [...names('2019')].filter((name) => names('2024').has(name));
    expect(shared).toHaveLength(5);
  });

  it('spells ballot identities in Indonesian', () => {
    expect([1, 11, 12, 20, 99, 100, 115, 1000, 2024].map(spellIndonesianNumber)).toEqual([
      'satu',
      'sebelas',
      'dua belas',
      'dua puluh',
      'sembilan puluh sembilan',
      'seratus',
      'seratus lima belas',
      'seribu',
      'dua ribu dua puluh empat',
    ]);
  });
});

describe('demoDataset', () => {
  const demo = demoDataset();

  it('has two years of turnout over 6 dapils in 3 provinces, 2–4 regencies each', () => {
    const years = new Set(demo.turnout.map((record) => record.TahunPemilu));
    expect([...years]).toEqual(['2019', '2024']);
    const of2024 = demo.turnout.filter((record) => record.TahunPemilu === '2024');
    expect(new Set(of2024.map((record) => record.NamaDapil)).size).toBe(6);
    expect(new Set(of2024.map((record) => record.NamaProvinsi)).size).toBe(3);
    const perDapil = new Map<unknown, number>();
    for (const record of of2024) perDapil.set(record.IdDapil, (perDapil.get(record.IdDapil) ?? 0) + 1);
    for (const count of perDapil.values()) expect(count).toBeGreaterThanOrEqual(2);
    for (const count of perDapil.values()) expect(count).toBeLessThanOrEqual(4);
  });

  it('has exactly one broken turnout record: its DPTb total', () => {
    const broken = demo.turnout
      .map((record) => ({ record, rules: brokenTurnoutRules(record) }))
      .filter(({ rules }) => rules.length > 0);
    expect(broken).toHaveLength(1);
    expect(broken[0]?.record.TahunPemilu).toBe('2024');
    expect(broken[0]?.rules).toEqual(['DPTb: male+female != both', 'LakiLakiDanPerempuan: DPT+DPTb+DPK != total']);
  });

  it('has exactly one regency name that matches no official one, so one record has no region code', () => {
    const { flags } = checkDataset(turnoutDataset, demo.turnout);
    const unmatched = demo.turnout.filter((_, position) => flags[position]?.includes('region-code-match'));
    expect(unmatched.map((record) => [record.TahunPemilu, record.IdDapil, record.NamaKabupaten])).toEqual([
      ['2019', '1101', 'ACEH TENGGRA'],
    ]);
  });

  it('has parties for both years, some in both, and exactly one invalid deed date', () => {
    for (const year of ['2019', '2024'])
      expect(demo.parties.filter((record) => record.tahunPemilu === year)).toHaveLength(8);
    const broken = demo.parties.filter((record) => brokenPartyRules(record).length > 0);
    expect(broken).toHaveLength(1);
    expect(brokenPartyRules(broken[0] as Record<string, unknown>)).toEqual(['deed date']);
    expect(broken[0]?.TanggalAkteNotaris).toBe('31-02-2009');
  });

  it('is unmistakably synthetic and identical every time', () => {
    const text = JSON.stringify(demo);
    expect(JSON.stringify(demoDataset())).toBe(text);
    for (const record of demo.turnout) expect(`${record.NamaDapil} ${record.NamaProvinsi}`).toMatch(/CONTOH.*CONTOH/);
    for (const record of demo.parties) expect(record.NamaPartai).toMatch(/Contoh/);
  });
});
