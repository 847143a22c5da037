// The year page's story, the dapil and party pages across years and the quality findings in words:
// the figures equal the sums of the records, and the sentences say only what the figures support, in both
// languages, for one year, two years, ties, a single dapil and unreadable counts.
import { describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import {
  dapilAcrossYears,
  dapilCharts,
  dapilListing,
  dapilListingNote,
  DAPIL_REGENCIES_LISTED,
  TABLE_COUNT_GROUPS,
  totalCountCells,
} from '../../scripts/site/pages/dapil-page.ts';
import { profileAcrossYears } from '../../scripts/site/pages/profile-page.ts';
import { violationFinding } from '../../scripts/site/pages/quality-page.ts';
import { partyQuotaChart, yearStory } from '../../scripts/site/pages/year-page.ts';
import { buildSiteData, type SiteData, type SiteRecord } from '../../scripts/site/site-data.ts';
import { describeQuota, describeViolation, pointsChange } from '../../scripts/site/site-sentences.ts';
import { dapilDescription, yearDescription } from '../../scripts/site/site-share.ts';
import { TEXT } from '../../scripts/site/site-text.ts';

interface Counts {
  male: number | null;
  female: number;
  /** DPTb and DPK voters (both sexes together, split evenly between them in the records). */
  dptb?: number;
  dpk?: number;
}

let position = 0;

/** A turnout record whose lists add up: DPT holds what DPTb and DPK do not; `male: null` is an unreadable count. */
function turnout(year: number, dapil: string, regency: string, counts: Counts): SiteRecord {
  const dptb = counts.dptb ?? 0;
  const dpk = counts.dpk ?? 0;
  const male = counts.male;
  const half = (value: number): [number, number] => [Math.floor(value / 2), value - Math.floor(value / 2)];
  const [dptbMale, dptbFemale] = half(dptb);
  const [dpkMale, dpkFemale] = half(dpk);
  const dptMale = male === null ? null : male - dptbMale - dpkMale;
  const dptFemale = counts.female - dptbFemale - dpkFemale;
  return {
    dataset: 'turnout',
    position: position++,
    values: {
      election_year: year,
      dapil_id: dapil,
      dapil_name: `DAPIL ${dapil}`,
      province_name: `PROVINSI ${dapil.slice(0, 2)}`,
      regency_name: regency,
      dpt_male: dptMale,
      dpt_female: dptFemale,
      dpt_total: dptMale === null ? null : dptMale + dptFemale,
      dptb_male: dptbMale,
      dptb_female: dptbFemale,
      dptb_total: dptb,
      dpk_male: dpkMale,
      dpk_female: dpkFemale,
      dpk_total: dpk,
      total_male: male,
      total_female: counts.female,
      total_voters: male === null ? null : male + counts.female,
      quality_flags: male === null ? ['count-digits'] : [],
    },
  };
}

function party(
  year: number,
  ballot: string,
  id: string,
  name: string,
  acronym: string,
  pct: number | null,
): SiteRecord {
  return {
    dataset: 'parties',
    position: position++,
    values: {
      election_year: year,
      ballot_number: ballot,
      party_id: id,
      party_name: name,
      party_acronym: acronym,
      women_representation_pct: pct,
      quality_flags: [],
    },
  };
}

function site(years: number[], turnoutRecords: SiteRecord[], parties: SiteRecord[] = []): SiteData {
  const manifest = {
    years,
    harvest: { harvestId: 'h', finishedAt: '2026-03-01T03:00:00.000Z' },
  } as unknown as SnapshotManifest;
  return buildSiteData(
    manifest,
    { datasets: [] } as unknown as QualityReport,
    {
      turnout: turnoutRecords,
      parties,
    } as Record<'turnout' | 'parties', SiteRecord[]>,
  );
}

const sum = (records: SiteRecord[], column: string): number =>
  records.reduce((total, record) => total + ((record.values[column] as number | null) ?? 0), 0);

describe('the year story', () => {
  const records = [
    turnout(2024, '1101', 'A', { male: 1000, female: 1100, dptb: 40, dpk: 10 }),
    turnout(2024, '1101', 'B', { male: 500, female: 480, dptb: 4, dpk: 2 }),
    turnout(2024, '1102', 'C', { male: 2000, female: 2000, dptb: 100, dpk: 100 }),
    turnout(2024, '1201', 'D', { male: 900, female: 1000 }),
  ];
  const world = site([2024], records, [party(2024, '1', 'satu', 'Partai Satu', 'PS', 31.5)]);

  it('has figures equal to the sums of the records, and one row per dapil', () => {
    const story = yearStory(world, 'en', 2024);
    expect(story).not.toBeNull();
    const voters = sum(records, 'total_voters');
    const female = sum(records, 'total_female');
    const outside = sum(records, 'dptb_total') + sum(records, 'dpk_total');
    expect(story?.total.voters.value).toBe(voters);
    expect(story?.total.women.value).toBe(female / (sum(records, 'total_male') + female));
    expect(story?.total.outside.value).toBe(outside / voters);
    expect(story?.figures.map((figure) => [figure.label, figure.text])).toEqual([
      ['Voters who voted', '8,980'],
      ["Women's share", `${((female / voters) * 100).toFixed(1)}%`],
      ['Outside the DPT (DPTb and DPK)', `${((outside / voters) * 100).toFixed(1)}%`],
      ['Dapils', '3'],
      ['Regencies and cities', '4'],
      ['Parties', '1'],
    ]);
    expect(story?.rows.map((row) => [row.id, row.regencies, row.voters.value])).toEqual([
      ['1101', 2, sum(records.slice(0, 2), 'total_voters')],
      ['1102', 1, 4000],
      ['1201', 1, 1900],
    ]);
    expect(story?.rows.map((row) => row.women.value)).toEqual([1580 / 3080, 0.5, 1000 / 1900]);
  });

  it('says what stands out in both languages, and no change for the only year', () => {
    const en = yearStory(world, 'en', 2024)?.sentences;
    expect(en?.year).toEqual([
      'In the 2024 election, 8,980 people voted in the 3 dapils of this data; women were 51.0% of them, and 2.9% voted outside the DPT (through the DPTb or DPK).',
      "Women's share was highest in DAPIL 1201 (52.6%) and lowest in DAPIL 1102 (50.0%).",
      'The share outside the DPT was largest in DAPIL 1102 (5.0%) and smallest in DAPIL 1201 (0.0%).',
    ]);
    expect(en?.change).toEqual([]);
    const id = yearStory(world, 'id', 2024)?.sentences;
    expect(id?.year[0]).toBe(
      'Pada pemilu 2024, 8.980 orang menggunakan hak pilih di 3 dapil dalam data ini; perempuan adalah 51,0% dari mereka, dan 2,9% memilih di luar DPT (lewat DPTb atau DPK).',
    );
    expect(id?.year[1]).toBe('Bagian perempuan tertinggi di DAPIL 1201 (52,6%) dan terendah di DAPIL 1102 (50,0%).');
    expect(yearStory(world, 'en', 2019)).toBeNull();
  });

  it('names every tied dapil, and says when all are equal', () => {
    const tied = site(
      [2024],
      [
        turnout(2024, '1101', 'A', { male: 40, female: 60 }),
        turnout(2024, '1102', 'B', { male: 50, female: 50 }),
        turnout(2024, '1103', 'C', { male: 40, female: 60 }),
      ],
    );
    expect(yearStory(tied, 'en', 2024)?.sentences.year[1]).toBe(
      "Women's share was highest in DAPIL 1101 and DAPIL 1103 (60.0%) and lowest in DAPIL 1102 (50.0%).",
    );
    expect(yearStory(tied, 'id', 2024)?.sentences.year[1]).toBe(
      'Bagian perempuan tertinggi di DAPIL 1101 dan DAPIL 1103 (60,0%) dan terendah di DAPIL 1102 (50,0%).',
    );
    const equal = site(
      [2024],
      [turnout(2024, '1101', 'A', { male: 5, female: 5 }), turnout(2024, '1102', 'B', { male: 7, female: 7 })],
    );
    expect(yearStory(equal, 'en', 2024)?.sentences.year).toContain(
      "Women's share was the same in every dapil (50.0%).",
    );
    expect(yearStory(equal, 'id', 2024)?.sentences.year).toContain('Bagian perempuan sama di setiap dapil (50,0%).');
  });

  it('says a single dapil cannot be compared', () => {
    const one = site([2024], [turnout(2024, '1101', 'A', { male: 5, female: 6 })]);
    expect(yearStory(one, 'en', 2024)?.sentences.year).toEqual([
      'In the 2024 election, 11 people voted in the one dapil of this data; women were 54.5% of them, and 0.0% voted outside the DPT (through the DPTb or DPK).',
      "This year's data holds one dapil only, DAPIL 1101, so there is no comparison between dapils.",
    ]);
    expect(yearStory(one, 'id', 2024)?.sentences.year[1]).toBe(
      'Data tahun ini hanya memuat satu dapil, DAPIL 1101, jadi tidak ada perbandingan antardapil.',
    );
  });

  it('leaves a dapil with unreadable counts out of the comparison, marks its figures, and says so', () => {
    const partial = site(
      [2024],
      [
        turnout(2024, '1101', 'A', { male: 10, female: 90 }),
        turnout(2024, '1101', 'B', { male: null, female: 5 }),
        turnout(2024, '1102', 'C', { male: 50, female: 50 }),
        turnout(2024, '1103', 'D', { male: 60, female: 40 }),
      ],
    );
    const story = yearStory(partial, 'en', 2024);
    const row = story?.rows.find((candidate) => candidate.id === '1101');
    expect(row?.women.partial).toBe(true);
    expect(row?.voters).toMatchObject({ value: 100, partial: true });
    expect(story?.partial).toBe(true);
    expect(story?.figures[0]?.partial).toBe(true);
    // 1101 would be the highest (90/95 of what is readable): left out, 1102 is.
    expect(story?.sentences.year).toEqual([
      expect.stringContaining('In the 2024 election, 300 people voted'),
      "Women's share was highest in DAPIL 1102 (50.0%) and lowest in DAPIL 1103 (40.0%).",
      '1 dapil whose counts are unreadable or do not add up (see its quality notes) is left out of this comparison.',
      '1 record of this year has quality notes (marked ⚠ in the table).',
    ]);
    expect(yearStory(partial, 'id', 2024)?.sentences.year.slice(2)).toEqual([
      '1 dapil yang jumlahnya tidak terbaca atau tidak cocok (lihat catatan kualitasnya) tidak diikutkan dalam perbandingan ini.',
      '1 rekaman tahun ini memiliki catatan kualitas (ditandai ⚠ di tabel).',
    ]);
  });

  it('never shows an empty count as 0: a year whose records give no count says "not available" in both languages', () => {
    const empty = (record: SiteRecord): SiteRecord => ({
      ...record,
      values: { ...record.values, total_male: null, total_female: null, total_voters: null },
    });
    const none = site(
      [2014],
      [
        empty(turnout(2014, '1101', 'A', { male: 10, female: 90 })),
        empty(turnout(2014, '1102', 'B', { male: 50, female: 50 })),
      ],
    );
    const en = yearStory(none, 'en', 2014);
    expect(en?.figures[0]).toMatchObject({ text: 'not available', value: null, partial: false });
    expect(en?.rows.map((row) => row.voters)).toEqual([
      { text: 'not available', value: null, partial: false },
      { text: 'not available', value: null, partial: false },
    ]);
    // The decorative bar beside women's share draws nothing rather than two zeros.
    expect(en?.rows.map((row) => row.split)).toEqual([
      { male: null, female: null },
      { male: null, female: null },
    ]);
    expect(en?.sentences.year[0]).toMatch(
      /^In the 2014 election, the source gives no count of the people who voted in the 2 dapils of this data[,.]/,
    );
    expect(yearStory(none, 'id', 2014)?.sentences.year[0]).toMatch(
      /^Pada pemilu 2014, sumber tidak memberi jumlah orang yang menggunakan hak pilih di 2 dapil dalam data ini[,.]/,
    );
    const view = none.dapils[0];
    expect(view).toBeDefined();
    const cells = totalCountCells('id', view?.totals ?? {});
    const columns = TABLE_COUNT_GROUPS.flatMap((group) => group.cells.map((cell) => cell.column));
    expect(cells[columns.indexOf('total_voters')]).toEqual({ text: 'tidak tersedia', value: null, missing: 1 });
    expect(cells[columns.indexOf('dpt_male')]?.text).toBe('10');
    for (const lang of ['id', 'en'] as const) {
      expect(yearDescription(lang, 2014, none.years[0]?.totals ?? {}, 2, 0)).not.toMatch(/\b0 /);
      expect(dapilDescription(lang, 'DAPIL 1101', view as NonNullable<typeof view>)).toContain(': – ');
    }
  });

  it('leaves out a dapil whose record breaks a rule on its counts, not one whose name matched no region', () => {
    const flagged = (record: SiteRecord, rule: string): SiteRecord => ({
      ...record,
      values: { ...record.values, quality_flags: [rule] },
    });
    const records = [
      flagged(turnout(2024, '1101', 'A', { male: 10, female: 90 }), 'dpt-sex-sum'),
      flagged(turnout(2024, '1102', 'B', { male: 20, female: 80 }), 'region-code-match'),
      turnout(2024, '1103', 'C', { male: 50, female: 50 }),
    ];
    const rule = (id: string, fields: string[]) => ({ id, kind: 'record', title: { id, en: id }, fields });
    const quality = {
      datasets: [
        {
          dataset: 'turnout',
          rules: [
            rule('dpt-sex-sum', ['JumlahPenggunaHakPilihLakiLakiDalamDPT', 'JumlahPenggunaHakPilihPerempuanDalamDPT']),
            rule('region-code-match', ['IdDapil', 'NamaKabupaten']),
          ],
          violations: [],
        },
      ],
    } as unknown as QualityReport;
    const manifest = { years: [2024], harvest: { harvestId: 'h', finishedAt: '2026-03-01T03:00:00.000Z' } };
    const world = buildSiteData(manifest as unknown as SnapshotManifest, quality, {
      turnout: records,
      parties: [],
    } as Record<'turnout' | 'parties', SiteRecord[]>);
    // Every share outside the DPT is 0: equal, so no sentence on it.
    expect(yearStory(world, 'en', 2024)?.sentences.year.slice(1)).toEqual([
      "Women's share was highest in DAPIL 1102 (80.0%) and lowest in DAPIL 1103 (50.0%).",
      '1 dapil whose counts are unreadable or do not add up (see its quality notes) is left out of this comparison.',
      '2 records of this year have quality notes (marked ⚠ in the table).',
    ]);
  });

  it('says the change from the previous year, and that the years cover different dapils', () => {
    const two = site(
      [2019, 2024],
      [
        turnout(2019, '1101', 'A', { male: 51, female: 49, dptb: 1 }),
        turnout(2024, '1101', 'A', { male: 50, female: 50, dptb: 2 }),
        turnout(2024, '1102', 'B', { male: 50, female: 50, dptb: 2 }),
      ],
    );
    expect(yearStory(two, 'en', 2024)?.sentences.change).toEqual([
      "Compared with the 2019 election, women's share rose by 1.0 percentage points (from 49.0% to 50.0%).",
      'The share outside the DPT rose by 1.0 percentage points since 2019 (from 1.0% to 2.0%).',
      "The 2019 data holds 1 dapil and this year's 2, so this comparison covers different areas.",
    ]);
    expect(yearStory(two, 'id', 2024)?.sentences.change[0]).toBe(
      'Dibandingkan pemilu 2019, bagian perempuan naik 1,0 poin persentase (dari 49,0% menjadi 50,0%).',
    );
    expect(yearStory(two, 'en', 2019)?.sentences.change).toEqual([]);
  });
});

describe('pointsChange', () => {
  it('is the difference of the written percentages, with one decimal', () => {
    expect(pointsChange('id', 0.499, 0.509)).toEqual({ points: '1,0', direction: 'up' });
    expect(pointsChange('en', 0.5123, 0.5081)).toEqual({ points: '0.4', direction: 'down' });
    expect(pointsChange('en', 0.50001, 0.50004)).toEqual({ points: '0.0', direction: 'same' });
  });
});

describe('across years', () => {
  const world = site(
    [2014, 2019, 2024],
    [
      turnout(2014, '1101', 'A', { male: 60, female: 40 }),
      turnout(2014, '1101', 'B', { male: 50, female: 50 }),
      turnout(2019, '1101', 'A', { male: 50, female: 50, dpk: 10 }),
      turnout(2024, '1101', 'A', { male: 45, female: 55, dpk: 5 }),
      turnout(2024, '1102', 'C', { male: 1, female: 1 }),
    ],
    [
      party(2014, '5', 'satu', 'PARTAI LAMA', 'PL', null),
      party(2019, '2', 'satu', 'PARTAI BARU', 'PB', 28),
      party(2024, '1', 'satu', 'PARTAI BARU', 'PB', 33.3),
      party(2024, '2', 'dua', 'PARTAI DUA', 'PD', null),
    ],
  );
  const dapil = (year: number, id: string) =>
    world.dapils.find((view) => view.year === year && view.dapilId === id) as SiteData['dapils'][number];

  it('gives a dapil every year of its id, the change from the previous year and a warning when its area differs', () => {
    const across = dapilAcrossYears(world, 'en', dapil(2019, '1101'));
    expect(across.rows.map((row) => [row.year, row.page === null, row.regencies, row.voters.value])).toEqual([
      [2014, false, 2, 200],
      [2019, true, 1, 100],
      [2024, false, 1, 100],
    ]);
    expect(across.sentences).toEqual([
      "From 2014 to 2019, the voters who voted in this dapil went from 200 to 100; women's share rose by 5.0 percentage points and the share outside the DPT rose by 10.0 percentage points.",
      'Its area is not the same: 2 regencies in 2014, 1 now.',
    ]);
    // The earliest year's page says the change to the next one.
    expect(dapilAcrossYears(world, 'id', dapil(2014, '1101')).sentences).toEqual([
      'Dari 2014 ke 2019, pengguna hak pilih di dapil ini berubah dari 200 menjadi 100; bagian perempuan naik 5,0 poin persentase dan bagian di luar DPT naik 10,0 poin persentase.',
      'Wilayahnya tidak sama: 1 kabupaten/kota pada 2019, 2 sekarang.',
    ]);
    expect(dapilAcrossYears(world, 'en', dapil(2024, '1102')).sentences).toEqual([
      'In this data, only 2024 has voter figures for dapil 1102.',
    ]);
    expect(dapilAcrossYears(world, 'id', dapil(2024, '1102')).sentences).toEqual([
      'Dalam data ini, hanya tahun 2024 yang memuat angka pengguna hak pilih dapil 1102.',
    ]);
  });

  it('gives a party every year of its party_id, its ballot numbers, names and women’s representation, "not given" when empty', () => {
    const view = world.partyViews.find((candidate) => candidate.year === 2024 && candidate.id === '1');
    const across = profileAcrossYears(world, 'en', view as SiteData['partyViews'][number]);
    expect(across.headers).toEqual(["Women's representation (%)"]);
    expect(across.rows.map((row) => [row.year, row.id, row.name, row.page === null, row.values[0]])).toEqual([
      [2014, '5', 'PARTAI LAMA', false, { text: 'not given', value: null }],
      [2019, '2', 'PARTAI BARU', false, { text: '28.0%', value: 28 }],
      [2024, '1', 'PARTAI BARU', true, { text: '33.3%', value: 33.3 }],
    ]);
    expect(across.sentences).toEqual(['Its name in the source changed: PARTAI LAMA (2014); PARTAI BARU (2019, 2024).']);
    const id = profileAcrossYears(world, 'id', view as SiteData['partyViews'][number]);
    expect(id.sentences).toEqual(['Namanya dalam sumber berubah: PARTAI LAMA (2014); PARTAI BARU (2019, 2024).']);
    expect(id.rows[0]?.values[0]?.text).toBe('tidak diberikan');
  });

  it('leaves out of a party’s table across years a percentage no year gives, and says so', () => {
    const silent = site(
      [2019, 2024],
      [turnout(2024, '1101', 'A', { male: 1, female: 1 })],
      [party(2019, '2', 'satu', 'PARTAI SATU', 'PS', null), party(2024, '1', 'satu', 'PARTAI SATU', 'PS', null)],
    );
    const view = silent.partyViews.find((candidate) => candidate.year === 2024) as SiteData['partyViews'][number];
    const en = profileAcrossYears(silent, 'en', view);
    expect(en.headers).toEqual([]);
    expect(en.rows.map((row) => [row.year, row.id, row.values])).toEqual([
      [2019, '2', []],
      [2024, '1', []],
    ]);
    expect(en.sentences).toEqual([
      "The source gives no “Women's representation (%)” for this party in any year, so the table leaves it out.",
    ]);
    expect(profileAcrossYears(silent, 'id', view).sentences).toEqual([
      'Sumber tidak memberi “Keterwakilan perempuan (%)” partai ini pada tahun mana pun, jadi tabel tidak memuatnya.',
    ]);
  });

  it('says no name change when a party’s name differs only in capital letters', () => {
    const cased = site(
      [2019, 2024],
      [turnout(2024, '1101', 'A', { male: 1, female: 1 })],
      [party(2019, '2', 'satu', 'PARTAI BURUH', 'PB', 28), party(2024, '1', 'satu', 'Partai  Buruh', 'PB', 33.3)],
    );
    const view = cased.partyViews.find((candidate) => candidate.year === 2024);
    expect(profileAcrossYears(cased, 'en', view as SiteData['partyViews'][number]).sentences).toEqual([]);
  });

  it('says a year without party records has no party data, not "0 parties"', () => {
    for (const t of Object.values(TEXT)) {
      expect(t.home.yearLine({ dapils: 6, regencies: 16, parties: 0 })).not.toMatch(/\b0 (parties|partai)/);
      expect(t.coverage.noTurnoutLine(0)).not.toMatch(/\b0 (parties|partai)/);
    }
    expect(TEXT.en.home.yearLine({ dapils: 6, regencies: 16, parties: 0 })).toBe(
      '6 dapils, 16 regencies and cities, no party data',
    );
    expect(TEXT.id.home.yearLine({ dapils: 6, regencies: 16, parties: 8 })).toBe(
      '6 dapil, 16 kabupaten/kota, 8 partai',
    );
  });

  it('never calls one party’s share, or shares written alike at one decimal, highest and lowest', () => {
    const rows = (shares: Array<number | null>) =>
      shares.map((share, index) => ({ label: `P${index + 1}`, share, partial: false }));
    expect(describeQuota('en', 2024, rows([33.31, 33.34, null]), 30)).toBe(
      "For 2024, the source gives a women's representation percentage for 2 of 3 parties; 2 of them reach the 30% quota. They barely differ, from 33.31% (P1) to 33.34% (P2).",
    );
    expect(describeQuota('id', 2024, rows([33.31, 33.34, null]), 30)).toBe(
      'Untuk 2024, sumber memberi persentase keterwakilan perempuan bagi 2 dari 3 partai; 2 di antaranya mencapai kuota 30%. Nyaris sama, dari 33,31% (P1) hingga 33,34% (P2).',
    );
    expect(describeQuota('en', 2024, rows([31.2, 33.34, null]), 30)).toBe(
      "For 2024, the source gives a women's representation percentage for 2 of 3 parties; 2 of them reach the 30% quota. Highest P2 (33.3%), lowest P1 (31.2%).",
    );
    expect(describeQuota('id', 2024, rows([33.3, 33.3]), 30)).toBe(
      'Untuk 2024, sumber memberi persentase keterwakilan perempuan bagi 2 dari 2 partai; 2 di antaranya mencapai kuota 30%. P1 dan P2: masing-masing 33,3%.',
    );
    expect(describeQuota('en', 2024, rows([null, 25]), 30)).toBe(
      "For 2024, the source gives a women's representation percentage for 1 of 2 parties; 0 of them reach the 30% quota. P2: 25.0%.",
    );
  });

  it('charts the parties against the 30% quota where the source gives a percentage, and says when it gives none', () => {
    const chart = partyQuotaChart(world, 'en', 2024);
    // The party without a percentage is named in a sentence, not drawn (as 0, or as a row saying "not given").
    expect(chart.note).toBe('The source gives no percentage for 1 party: PD.');
    expect(chart.chart?.summary).toBe(
      "For 2024, the source gives a women's representation percentage for 1 of 2 parties; 1 of them reach the 30% quota. PB: 33.3%.",
    );
    expect(chart.chart?.svg).not.toContain('not given');
    expect(chart.chart?.svg).not.toContain('>PD<');
    expect(chart.chart?.svg).toContain('>PB<');
    expect(chart.chart?.svg).not.toMatch(/width="0"/);
    expect(partyQuotaChart(world, 'id', 2014)).toEqual({
      chart: null,
      note: 'Untuk 2014, sumber tidak memberi persentase keterwakilan perempuan bagi partai mana pun, jadi tidak ada grafik.',
    });
    expect(partyQuotaChart(world, 'en', 2019).chart?.summary).toContain('0 of them reach the 30% quota');
  });
});

describe('quality findings in words', () => {
  const sumViolation = {
    values: { DPTbLakiLaki: '1312', DPTbPerempuan: '1275', DPTbJumlah: '2687', sum: '2587' },
  };

  it('says a broken sum as the sum and the source figure, in each language', () => {
    expect(describeViolation('id', sumViolation, () => null)).toBe(
      '1.312 + 1.275 = 2.587, tetapi sumber mencatat 2.687 (selisih 100).',
    );
    expect(describeViolation('en', sumViolation, () => null)).toBe(
      '1,312 + 1,275 = 2,587, but the source records 2,687 (a difference of 100).',
    );
    // Exact past doubles' precision.
    expect(
      describeViolation(
        'en',
        { values: { a: '9007199254740993', b: '1', t: '9007199254740993', sum: '9007199254740994' } },
        () => null,
      ),
    ).toBe(
      '9,007,199,254,740,993 + 1 = 9,007,199,254,740,994, but the source records 9,007,199,254,740,993 (a difference of 1).',
    );
  });

  it('says the values given by their column titles, a shared key by its positions', () => {
    expect(
      violationFinding('id', 'turnout', { values: { IdDapil: '1101', NamaKabupaten: 'ACEH TENGGRA' } } as never),
    ).toBe('Sumber memberi Kode dapil “1101” dan Kabupaten/kota “ACEH TENGGRA”.');
    expect(violationFinding('en', 'turnout', { values: { NamaDapil: '  ' } } as never)).toBe(
      'The source gives Dapil name "  " (empty).',
    );
    // The official list's placement is said as the law's, not as a value the source gave.
    const placed = {
      values: { TahunPemilu: '2024', IdDapil: '1101', NamaKabupaten: 'ACEH TIMUR', officialDapil: '1102' },
    };
    expect(violationFinding('en', 'turnout', placed as never)).toBe(
      "The source gives Election year “2024”, Dapil id “1101” and Regency or city “ACEH TIMUR”. That election year's official list puts it in dapil 1102.",
    );
    expect(
      violationFinding('id', 'turnout', { values: { ...placed.values, officialDapil: '1101,1102' } } as never),
    ).toBe(
      'Sumber memberi Tahun pemilu “2024”, Kode dapil “1101” dan Kabupaten/kota “ACEH TIMUR”. Daftar resmi tahun pemilu itu menempatkannya di dapil 1101 dan 1102.',
    );
    expect(describeViolation('en', { values: { NomorUrutPartai: '3', positions: [2, 7] } }, () => null)).toBe(
      'The same key is used by the records at positions 2 and 7 (counted from 0).',
    );
  });
});

describe("a dapil page's listing (a page stays small whatever the source gives per dapil)", () => {
  // 120 regencies in one dapil, every seventh with an unreadable count (flagged); 3 in another.
  const many = Array.from({ length: 120 }, (_, index) =>
    turnout(2024, '1101', `KAB ${String(index).padStart(3, '0')}`, {
      male: index % 7 === 6 ? null : 1000 + index,
      female: 900 + index,
    }),
  );
  const few = ['X', 'Y', 'Z'].map((regency) => turnout(2024, '1102', regency, { male: 10, female: 11 }));
  const world = site([2024], [...many, ...few]);
  const view = (id: string) => {
    const found = world.dapils.find((dapil) => dapil.dapilId === id);
    if (!found) throw new Error(`no dapil ${id}`);
    return found;
  };

  it('lists the first regencies in the source order, and counts what it leaves to the files', () => {
    const listing = dapilListing(view('1101'));
    expect(DAPIL_REGENCIES_LISTED).toBe(50);
    expect(listing.records).toEqual(many.slice(0, 50));
    expect(listing.notListed).toBe(70);
    const flagged = (records: SiteRecord[]) =>
      records.filter((record) => (record.values.quality_flags as string[]).length > 0).length;
    expect(view('1101').flagged).toBe(flagged(many));
    expect(listing.flaggedNotListed).toBe(flagged(many.slice(50)));
    expect(listing.flaggedNotListed).toBeGreaterThan(0);
    // The totals still count every record.
    expect(view('1101').totals.total_female?.sum).toBe(sum(many, 'total_female'));
  });

  it('says so in both languages, and the charts have a row per listed regency only', () => {
    const listing = dapilListing(view('1101'));
    expect(dapilListingNote('en', view('1101'), listing)).toBe(
      "The table and the charts list the first 50 of 120 regencies and cities, in the source's order; the dapil total counts them all. Every record, with all its figures, is in this page's files below.",
    );
    expect(dapilListingNote('id', view('1101'), listing)).toContain('50 kabupaten/kota pertama dari 120');
    expect(TEXT.en.qualityNotesNotListed(1, '1')).toMatch(/^1 more flagged record is not listed on this page: it is/);
    expect(TEXT.en.qualityNotesNotListed(1200, '1,200')).toMatch(/^1,200 more flagged records are not listed/);
    expect(TEXT.id.qualityNotesNotListed(1200, '1.200')).toMatch(/^1\.200 rekaman lain yang ditandai tidak tercantum/);
    const charts = dapilCharts('en', view('1101'), listing.records);
    for (const chart of [charts.sex, charts.lists]) {
      expect(chart.svg).toContain('KAB 049');
      expect(chart.svg).not.toContain('KAB 050');
    }
  });

  it('lists a dapil of the official size whole, with no note', () => {
    const listing = dapilListing(view('1102'));
    expect(listing).toEqual({ records: few, notListed: 0, flaggedNotListed: 0 });
    expect(dapilListingNote('id', view('1102'), listing)).toBeNull();
    expect(dapilListing(view('1101'), 200).notListed).toBe(0);
  });
});
