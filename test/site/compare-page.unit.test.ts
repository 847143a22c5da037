// The compare page's model and index, and the chart across years: the index's sums equal the records' sums for a
// year, a province and a dapil (an unreadable value left out and counted, a sum with no value null), the "compare
// with…" links choose the neighbouring year, the rows point at the right counts, and the chart across years is drawn
// only with two or more years, marking a year that covers fewer official dapils (for a province: fewer of its own).
// On the same years and coverage, the home page's line of each year.
import { describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { acrossYearsChart, nationalAcrossYears } from '../../scripts/site/across-years-chart.ts';
import { buildCompareIndex, compareIndexChunks, type CompareEntry } from '../../scripts/site/compare-index.ts';
import { compareLink, compareModel, isPartialYear } from '../../scripts/site/pages/compare-page.ts';
import { homeYearLine } from '../../scripts/site/pages/home-page.ts';
import { provinceAcrossYearsCharts } from '../../scripts/site/province-across-years.ts';
import { buildSiteData, type SiteData, type SiteRecord } from '../../scripts/site/site-data.ts';

let position = 0;

/** A turnout record whose lists add up (DPTb and DPK 10 each, split by sex); `male: null` is an unreadable count. */
function turnout(year: number, dapil: string, regency: string, male: number | null, female: number): SiteRecord {
  const dptMale = male === null ? null : male - 10;
  return {
    dataset: 'turnout',
    position: position++,
    values: {
      election_year: year,
      dapil_id: dapil,
      dapil_name: `DAPIL ${dapil}`,
      province_name: `PROVINSI ${dapil.slice(0, 2)}`,
      province_code: dapil.slice(0, 2),
      regency_name: regency,
      dpt_male: dptMale,
      dpt_female: female - 10,
      dpt_total: dptMale === null ? null : dptMale + female - 10,
      dptb_male: 5,
      dptb_female: 5,
      dptb_total: 10,
      dpk_male: 5,
      dpk_female: 5,
      dpk_total: 10,
      total_male: male,
      total_female: female,
      total_voters: male === null ? null : male + female,
      quality_flags: male === null ? ['count-digits'] : [],
    },
  };
}

/** The site of these records; `otherYears`: years of the release with no turnout record (its parties only). */
function site(records: SiteRecord[], coverage?: QualityReport['coverage'], otherYears: number[] = []): SiteData {
  const years = [...new Set([...records.map((record) => record.values.election_year as number), ...otherYears])].sort();
  const manifest = {
    years,
    harvest: { harvestId: 'h', finishedAt: '2026-03-01T03:00:00.000Z' },
  } as unknown as SnapshotManifest;
  return buildSiteData(
    manifest,
    { datasets: [], coverage } as unknown as QualityReport,
    {
      turnout: records,
      parties: [],
    } as Record<'turnout' | 'parties', SiteRecord[]>,
  );
}

const RECORDS = [
  turnout(2014, '1101', 'KAB A', 100, 120),
  turnout(2014, '1101', 'KAB B', 200, 180),
  turnout(2019, '1101', 'KAB A', 110, 130),
  turnout(2019, '1101', 'KAB B', null, 190),
  turnout(2019, '1102', 'KAB C', 300, 310),
  turnout(2019, '3201', 'KOTA D', 400, 420),
];

const COVERAGE = {
  compared: true,
  years: [
    {
      year: 2014,
      status: 'compared',
      law: null,
      dapils: { harvested: 53, official: 77 },
      regencies: { harvested: 300, official: 497 },
      missingDapils: [],
      incompleteDapils: [],
      unknownDapils: [],
      misplacedRegencies: 0,
      unmatchedRegencies: 0,
    },
    {
      year: 2019,
      status: 'compared',
      law: null,
      dapils: { harvested: 80, official: 80 },
      regencies: { harvested: 514, official: 514 },
      missingDapils: [],
      incompleteDapils: [],
      unknownDapils: [],
      misplacedRegencies: 0,
      unmatchedRegencies: 0,
    },
  ],
} as unknown as QualityReport['coverage'];

function entry(entries: CompareEntry[], key: string): CompareEntry {
  const found = entries.find((candidate) => candidate[0] === key);
  if (!found) throw new Error(`no entry ${key}`);
  return found;
}

describe('the compare index', () => {
  const data = site(RECORDS);
  const { columns, entries } = buildCompareIndex(data);
  const at = (column: string): number => columns.indexOf(column);

  it('has every year, province and dapil, keyed as the page address holds them', () => {
    expect(entries.map((each) => each[0])).toEqual([
      '2014',
      '2014-p11',
      '2014-d1101',
      '2019',
      '2019-p11',
      '2019-p32',
      '2019-d1101',
      '2019-d1102',
      '2019-d3201',
    ]);
    expect(entry(entries, '2019-d1102').slice(1, 7)).toEqual(['dapil', 2019, 'DAPIL 1102', 'PROVINSI 11', 1, 1]);
    expect(entry(entries, '2019-p11').slice(1, 7)).toEqual(['province', 2019, 'PROVINSI 11', '11', 2, 3]);
    expect(entry(entries, '2019').slice(5, 7)).toEqual([3, 4]);
  });

  it('sums the records, leaving an unreadable value out and counting it', () => {
    const year = entry(entries, '2019');
    expect(year[7][at('total_female')]).toBe(130 + 190 + 310 + 420);
    expect(year[7][at('total_male')]).toBe(110 + 300 + 400);
    expect(year[7][at('dptb_total')]).toBe(40);
    // total_male, total_voters and dpt_male, dpt_total of KAB B are unreadable.
    expect(year[8]).toBe(4);
    expect(entry(entries, '2019-p11')[7][at('total_female')]).toBe(130 + 190 + 310);
    expect(entry(entries, '2014-d1101')[7][at('total_voters')]).toBe(600);
    expect(entry(entries, '2014-d1101')[8]).toBe(0);
  });

  it('gives no sum where no record gave a value', () => {
    const alone = buildCompareIndex(site([turnout(2024, '5101', 'KAB E', null, 50)]));
    expect(entry(alone.entries, '2024-d5101')[7][at('total_male')]).toBeNull();
    expect(entry(alone.entries, '2024-d5101')[7][at('total_female')]).toBe(50);
  });

  it('writes one entry a line, the text parsing back to the index', () => {
    const text = [...compareIndexChunks(data)].join('');
    expect(JSON.parse(text)).toEqual({ columns, entries });
    expect(text.split('\n')).toHaveLength(entries.length + 3);
  });

  it('has rows whose counts and shares point at the right columns', () => {
    const rows = compareModel(data, 'en').rows;
    const year = entry(entries, '2014');
    const value = (label: string): number | null => {
      const row = rows.find((candidate) => candidate.label === label);
      if (!row) throw new Error(`no row ${label}`);
      if ('count' in row) return year[7][row.count] ?? null;
      if ('size' in row) return row.size === 'dapils' ? year[5] : year[6];
      const sum = (positions: number[]) => positions.reduce((total, index) => total + (year[7][index] ?? 0), 0);
      return sum(row.share[0]) / sum(row.share[1]);
    };
    expect(value('Voters who voted')).toBe(600);
    expect(value('Female')).toBe(300);
    expect(value('Women’s share')).toBe(300 / 600);
    expect(value('DPK')).toBe(20);
    expect(value('Outside the DPT')).toBe(40 / 600);
    expect(value('Regencies and cities')).toBe(2);
  });
});

describe('the compare page’s links and years', () => {
  const data = site(RECORDS, COVERAGE);

  it('compares a dapil with the same dapil of the year before, or after, or alone', () => {
    expect(compareLink('en', '/kpu/', data, 2019, '1101')).toBe('/kpu/en/compare/?a=2019-d1101&b=2014-d1101');
    expect(compareLink('id', '/', data, 2014, '1101')).toBe('/bandingkan/?a=2014-d1101&b=2019-d1101');
    expect(compareLink('id', '/', data, 2019, '1102')).toBe('/bandingkan/?a=2019-d1102');
    expect(compareLink('en', '/', data, 2019)).toBe('/en/compare/?a=2019&b=2014');
  });

  it('never names a year without turnout records (its parties only) as the other choice', () => {
    const withPartiesOnly = site(RECORDS, COVERAGE, [2009, 2024]);
    expect(withPartiesOnly.years.map((year) => year.year)).toEqual([2009, 2014, 2019, 2024]);
    expect(compareLink('en', '/', withPartiesOnly, 2014)).toBe('/en/compare/?a=2014&b=2019');
    expect(compareLink('en', '/', withPartiesOnly, 2019)).toBe('/en/compare/?a=2019&b=2014');
    expect(compareModel(withPartiesOnly, 'en').years.map((year) => [year.year, year.turnout])).toEqual([
      [2009, false],
      [2014, true],
      [2019, true],
      [2024, false],
    ]);
  });

  it('marks a year that covers fewer official dapils as partial', () => {
    expect(isPartialYear(data, 2014)).toBe(true);
    expect(isPartialYear(data, 2019)).toBe(false);
    expect(compareModel(data, 'en').years.map((year) => [year.year, year.partial, year.coverage])).toEqual([
      [2014, true, '53 of 77 dapils, 300 of 497 regencies of the official list'],
      [2019, false, '80 of 80 dapils, 514 of 514 regencies of the official list'],
    ]);
  });
});

describe('the chart across years', () => {
  it('is drawn only with two or more years that have a value', () => {
    expect(acrossYearsChart('en', 'X', [{ year: 2019, value: 5, partial: null }])).toBeNull();
    expect(
      acrossYearsChart('en', 'X', [
        { year: 2019, value: 5, partial: null },
        { year: 2024, value: null, partial: null },
      ]),
    ).toBeNull();
    const chart = acrossYearsChart('id', 'X', [
      { year: 2024, value: 2000, partial: null },
      { year: 2019, value: 1000, partial: null },
    ]);
    expect(chart?.summary).toBe('Pengguna hak pilih di X, per tahun pemilu: 2019: 1.000; 2024: 2.000.');
    expect(chart?.svg?.match(/<rect [^>]*width="([0-9.]+)"/g)).toEqual([
      expect.stringContaining('width="180"'),
      expect.stringContaining('width="360"'),
    ]);
  });

  it('gives the national totals per year, a partial year marked with its coverage', () => {
    const chart = nationalAcrossYears(site(RECORDS, COVERAGE), 'en');
    expect(chart?.summary).toBe(
      'Voters who voted in all dapils in the data, per election year: 2014*: 600; 2019*: 1,670. * 2014: only 53 of 77 official dapils, not a national total; 2019: partial, values unreadable in the source are left out.',
    );
  });
});

describe('the chart across years of a province', () => {
  it('gives each province with two years its voters per year, a year missing dapils of the province marked', () => {
    // 2014 leaves out dapil 1102 of province 11 (and 3201 of province 32, which has no 2014 record at all).
    const coverage = structuredClone(COVERAGE) as NonNullable<typeof COVERAGE>;
    const first = coverage.years[0] as (typeof coverage.years)[number];
    first.missingDapils = [
      { id: '1102', name: 'DAPIL 1102' },
      { id: '3201', name: 'DAPIL 3201' },
    ];
    const charts = provinceAcrossYearsCharts(site(RECORDS, coverage), 'en');
    // Province 32 has a value in 2019 only: no chart.
    expect(charts.map((chart) => chart.id)).toEqual(['11']);
    const chart = charts[0]?.chart;
    expect(chart?.name).toBe('across-years-p11');
    expect(chart?.title).toBe('Voters who voted per year: PROVINSI 11');
    expect(chart?.summary).toBe(
      'Voters who voted in PROVINSI 11, per election year: 2014*: 600; 2019*: 850. * 2014: only 1 of the province’s 2 official dapils; 2019: partial, values unreadable in the source are left out.',
    );
    expect(chart?.data.rows).toEqual([
      [2014, 600, 'only 1 of the province’s 2 official dapils'],
      [2019, 850, 'partial, values unreadable in the source are left out'],
    ]);
  });

  it('says "not available" for a year with turnout records but none of the province', () => {
    const charts = provinceAcrossYearsCharts(
      site([...RECORDS, turnout(2024, '1101', 'KAB A', 10, 10), turnout(2024, '3201', 'KOTA D', 20, 20)]),
      'id',
    );
    expect(charts.map((chart) => [chart.id, chart.chart.summary])).toEqual([
      [
        '11',
        'Pengguna hak pilih di PROVINSI 11, per tahun pemilu: 2014: 600; 2019*: 850; 2024: 20. * 2019: sebagian, nilai yang tidak terbaca di sumber tidak termasuk.',
      ],
      ['32', 'Pengguna hak pilih di PROVINSI 32, per tahun pemilu: 2014: tidak tersedia; 2019: 820; 2024: 40.'],
    ]);
  });
});

describe('the home page’s line of each year', () => {
  it('says a compared year’s counts once, in its coverage, then its parties; a year not compared, its counts', () => {
    const data = site(RECORDS, COVERAGE);
    const lines = data.years.map((view) => homeYearLine(data, 'en', view));
    expect(lines).toEqual([
      [
        { text: '53 of 77 dapils, 300 of 497 regencies of the official list', coverage: true },
        { text: 'no party data', coverage: false },
      ],
      [
        { text: '80 of 80 dapils, 514 of 514 regencies of the official list', coverage: true },
        { text: 'no party data', coverage: false },
      ],
    ]);
    // Without a coverage to say them, the counts themselves.
    const uncompared = site(RECORDS);
    expect(uncompared.years.map((view) => homeYearLine(uncompared, 'id', view))).toEqual([
      [{ text: '1 dapil, 2 kabupaten/kota, tanpa data partai', coverage: false }],
      [{ text: '3 dapil, 4 kabupaten/kota, tanpa data partai', coverage: false }],
    ]);
  });
});
