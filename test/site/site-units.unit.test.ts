// The site's pure parts: number and date formats per language, the URL scheme, chart SVG and its text
// alternative, the citation line, party matching across years and the per-page files' conventions (the changelog
// and the change histories: site-changes.unit.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { pageFileChunks, pageTable } from '../../scripts/site/page-file-writers.ts';
import { compareNumberedNames } from '../../scripts/foundation/text-order.ts';
import { buildSearchIndex, renderSearchIndex, searchIndexChunks } from '../../scripts/site/search-index.ts';
import { CREDITS } from '../../scripts/site/site-credits.ts';
import { SITE_ROOT } from '../../scripts/site/site-root.ts';
import { runSiteStage } from '../../scripts/site/site-stage.ts';
import {
  addTotals,
  buildSiteData,
  compareIdentifiers,
  parseSnapshotRecords,
  sumCounts,
  type SiteRecord,
} from '../../scripts/site/site-data.ts';
import { partyMatchKey } from '../../scripts/datasets/party-identity.ts';
import {
  formatBytes,
  formatCount,
  formatDate,
  formatDateTimeWib,
  formatDecimal,
  formatIsoDate,
  formatPercent,
} from '../../scripts/site/site-format.ts';
import {
  isUrlIdentifier,
  pageFileName,
  pagePath,
  releaseFilePath,
  withBase,
  type Lang,
} from '../../scripts/site/site-routes.ts';
import {
  citationLine,
  describeSexSplit,
  describeVoterLists,
  describeYears,
  upstreamOf,
} from '../../scripts/site/site-sentences.ts';
import {
  escapeXml,
  fitLabel,
  niceCeiling,
  renderMiniSplit,
  splitReach,
  renderSexSplitChart,
  renderVoterListChart,
} from '../../scripts/site/svg-charts.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

/** Each of `keys` summed over `rows`: the whole a chart's rows make. */
function sum<K extends string>(rows: ReadonlyArray<Record<K, number>>, keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, rows.reduce((total, row) => total + row[key], 0)])) as Record<
    K,
    number
  >;
}

describe('numbers and dates in each language', () => {
  it('groups thousands with a dot in Indonesian and a comma in English', () => {
    expect(formatCount('id', 1234567)).toBe('1.234.567');
    expect(formatCount('en', 1234567)).toBe('1,234,567');
    expect(formatCount('id', 999)).toBe('999');
    expect(formatCount('id', 0)).toBe('0');
  });

  it('writes decimals and percentages with the language’s separator', () => {
    expect(formatDecimal('id', 30.5)).toBe('30,5');
    expect(formatDecimal('en', 1234.25)).toBe('1,234.25');
    expect(formatDecimal('id', 37)).toBe('37');
    expect(formatPercent('id', 0.50612)).toBe('50,6%');
    expect(formatPercent('en', 0.51)).toBe('51.0%');
    expect(formatBytes('id', 1536)).toBe('1,5 KB');
    expect(formatBytes('en', 512)).toBe('512 B');
  });

  it('spells dates in UTC and times in WIB with UTC beside, the same on every machine', () => {
    expect(formatDate('id', '2026-11-22T23:59:00.000Z')).toBe('22 November 2026');
    // 20:43 UTC is 03:43 the next day in WIB: the date is WIB's too.
    expect(formatDateTimeWib('id', '2026-11-22T20:43:06.120Z')).toBe('23 November 2026 pukul 03.43 WIB (20.43 UTC)');
    expect(formatDateTimeWib('en', '2026-11-22T20:43:06.120Z')).toBe('23 November 2026, 03:43 WIB (20:43 UTC)');
    expect(formatIsoDate('id', '2008-02-06')).toBe('6 Februari 2008');
  });
});

describe('the URL scheme', () => {
  it('builds stable paths from identifiers, per language', () => {
    expect(pagePath('id', { kind: 'home' })).toBe('/');
    expect(pagePath('en', { kind: 'year', year: 2014 })).toBe('/en/2014/');
    expect(pagePath('id', { kind: 'dapil', year: 2014, dapilId: '1101' })).toBe('/2014/dapil/1101/');
    expect(pagePath('en', { kind: 'dapil', year: 2014, dapilId: '0101' })).toBe('/en/2014/dapil/0101/');
    expect(pagePath('id', { kind: 'profile', dataset: 'parties', year: 2024, id: '1' })).toBe('/2024/partai/1/');
    expect(pagePath('en', { kind: 'profile', dataset: 'parties', year: 2024, id: '1' })).toBe('/en/2024/party/1/');
    expect(pagePath('id', { kind: 'downloads' })).toBe('/unduh/');
    expect(pagePath('en', { kind: 'downloads' })).toBe('/en/downloads/');
    expect(pagePath('id', { kind: 'dictionary' })).toBe('/kamus-data/');
    expect(pagePath('id', { kind: 'quality' })).toBe('/kualitas-data/');
    expect(pagePath('id', { kind: 'about' })).toBe('/tentang/');
    expect(pagePath('id', { kind: 'changes' })).toBe('/perubahan/');
    expect(pagePath('en', { kind: 'changes' })).toBe('/en/changes/');
    expect(releaseFilePath('2026-11-22.2', 'SHA256SUMS')).toBe('/data/releases/2026-11-22.2/SHA256SUMS');
    expect(pageFileName('kpu-dpr-turnout-by-sex', 2014, 'dapil', '1101', 'csv')).toBe(
      'kpu-dpr-turnout-by-sex-2014-dapil-1101.csv',
    );
  });

  it('puts every path under the base', () => {
    expect(withBase('/', '/2014/')).toBe('/2014/');
    expect(withBase('/kpu/', '/2014/')).toBe('/kpu/2014/');
    expect(withBase('/kpu', '/')).toBe('/kpu/');
  });

  it('takes only digit identifiers into URLs', () => {
    expect(isUrlIdentifier('0101')).toBe(true);
    expect(isUrlIdentifier('11 01')).toBe(false);
    expect(isUrlIdentifier('../x')).toBe(false);
    expect(isUrlIdentifier(null)).toBe(false);
  });
});

describe('charts', () => {
  const percent = (share: number): string => formatPercent('en', share);

  it('draws an SVG whose accessible name is its one-sentence summary, with names escaped', () => {
    const svg = renderSexSplitChart({
      summary: 'In A & B, women were 50.0% of voters.',
      rows: [
        { label: 'KOTA <A>', male: 10, female: 10 },
        { label: 'B', male: null, female: 3 },
      ],
      labels: { male: 'Male', female: 'Female', unavailable: 'not available' },
      percent,
    });
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="In A &amp; B, women were 50.0% of voters.">/);
    expect(svg).toContain('KOTA &lt;A&gt;');
    expect(svg).toContain('not available');
    expect(svg).toContain('50.0%');
    expect(svg).not.toContain('NaN');
  });

  it('draws the women’s share as a bar from 50% towards the majority, on an axis zoomed around 50% with its labels', () => {
    const svg = renderSexSplitChart({
      summary: 'x',
      rows: [
        { label: 'A', male: 49, female: 51 },
        { label: 'B', male: 52, female: 48 },
      ],
      labels: { male: 'more men', female: 'more women', unavailable: 'not available' },
      percent,
    });
    // 302 units of bars: 151 either side of 50%, the axis reaching 2 points (B is 2 points from 50%).
    expect(svg).toContain('<rect class="f" x="151" y="40" width="75.5" height="14"/>');
    expect(svg).toContain('<rect class="m" x="0" y="78" width="151" height="14"/>');
    expect(svg).toContain('>51.0%</text>');
    expect(svg).toContain('>48.0%</text>');
    for (const tick of ['48.0%', '50.0%', '52.0%']) expect(svg).toMatch(new RegExp(`text-anchor="[a-z]+">${tick}<`));
    expect(svg).toContain('>more men</text>');
  });

  it('draws the year table’s small bars from 50% on the table’s shared axis, so close shares still differ', () => {
    // 49.3% and 53.4% women: 3.4 points from 50% at most, so the axis reaches 5 points either side of the middle (30).
    const rows = [
      { male: 507, female: 493 },
      { male: 466, female: 534 },
    ];
    expect(splitReach(rows)).toBe(5);
    expect(splitReach([{ male: null, female: 3 }])).toBe(1);
    const [fewer, more] = rows.map((row) => renderMiniSplit(row, splitReach(rows)));
    expect(fewer).toContain('<rect class="m" x="25.8" width="4.2" height="10"/>');
    expect(more).toContain('<rect class="f" x="30" width="20.4" height="10"/>');
    // The middle marked; an even split still shows a hairline.
    expect(more).toContain('<line class="ref" x1="30" x2="30" y1="0" y2="10"/>');
    expect(renderMiniSplit({ male: 5, female: 5 }, 1)).toContain('<rect class="f" x="30" width="1" height="10"/>');
  });

  it('zooms the voter-list axis to a round number above the largest share outside the DPT', () => {
    expect(niceCeiling(3.7)).toBe(5);
    expect(niceCeiling(0.4)).toBe(0.5);
    expect(niceCeiling(12)).toBe(20);
    const svg = renderVoterListChart({
      summary: 'x',
      rows: [{ label: 'A', dpt: 96, dptb: 1, dpk: 3 }],
      labels: { dpt: 'DPT', dptb: 'DPTb', dpk: 'DPK', unavailable: '-' },
      percent,
    });
    expect(svg).toContain('DPT 96.0%');
    expect(svg).toContain('>5.0%<');
  });

  it('shortens a label that does not fit, and draws nothing for an unknown split', () => {
    expect(fitLabel('KABUPATEN KEPULAUAN SERIBU UTARA', 100)).toMatch(/…$/);
    expect(fitLabel('NIAS', 100)).toBe('NIAS');
    expect(renderMiniSplit({ male: null, female: 5 }, 1)).toBe('');
    expect(renderMiniSplit({ male: 1, female: 1 }, 1)).toContain('aria-hidden="true"');
    expect(escapeXml('"a"&<b>')).toBe('&quot;a&quot;&amp;&lt;b&gt;');
  });
});

describe('sentences', () => {
  it('states the gap between women and men, and where women’s share is highest and lowest, in one sentence', () => {
    const rows = [
      { label: 'A', male: 40, female: 60 },
      { label: 'B', male: 55, female: 45 },
    ];
    const en = describeSexSplit('en', 'ACEH I', { male: 95, female: 105 }, rows);
    expect(en).toBe(
      "In ACEH I, women were 52.5% of voters who voted and men 47.5%, 10 more women than men; women's share was highest in A (60.0%) and lowest in B (45.0%).",
    );
    const id = describeSexSplit('id', 'ACEH I', { male: 1500, female: 500 }, rows.slice(0, 1));
    expect(id).toBe(
      'Di ACEH I, perempuan adalah 25,0% pengguna hak pilih dan laki-laki 75,0%, selisih 1.000 orang lebih banyak laki-laki.',
    );
    expect(describeVoterLists('en', 'X', { dpt: 90, dptb: 5, dpk: 5 }, [])).toBe(
      'In X, 90.0% of voters who voted were on the final voter list (DPT), 5.0% on the DPTb (registered elsewhere, moved) and 5.0% on the DPK (on no list).',
    );
    expect(
      describeYears('id', [
        { label: '2019', male: 1, female: 1 },
        { label: '2024', male: 1, female: 3 },
      ]),
    ).toBe('Perempuan adalah 50,0% pengguna hak pilih pada 2019 dan 75,0% pada 2024.');
  });

  it('says shares written alike at one decimal barely differed, with the decimals that tell them apart, and a tie as one share', () => {
    // 51.71% and 51.68% (both "51.7%" with one decimal); 51.7% each; 60.0% and 45.0%.
    const close = [
      { label: 'KOTA CIMAHI', male: 4829, female: 5171 },
      { label: 'KOTA BANDUNG', male: 4832, female: 5168 },
    ];
    const tied = [
      { label: 'KOTA CIMAHI', male: 483, female: 517 },
      { label: 'KOTA BANDUNG', male: 966, female: 1034 },
    ];
    const apart = [
      { label: 'A', male: 40, female: 60 },
      { label: 'B', male: 55, female: 45 },
    ];
    const sexSplit = (lang: Lang, rows: Array<{ label: string; male: number; female: number }>) =>
      describeSexSplit(lang, 'X', sum(rows, ['male', 'female']), rows);
    expect(sexSplit('en', close)).toContain(
      "; women's share barely differed, from 51.68% in KOTA BANDUNG to 51.71% in KOTA CIMAHI.",
    );
    expect(sexSplit('id', close)).toContain(
      '; bagian perempuan nyaris sama, dari 51,68% di KOTA BANDUNG hingga 51,71% di KOTA CIMAHI.',
    );
    expect(sexSplit('en', tied)).toContain("; women's share was the same in KOTA CIMAHI and KOTA BANDUNG, 51.7% each.");
    expect(sexSplit('id', tied)).toContain(
      '; bagian perempuan sama di KOTA CIMAHI dan KOTA BANDUNG, masing-masing 51,7%.',
    );
    expect(sexSplit('en', apart)).toContain("; women's share was highest in A (60.0%) and lowest in B (45.0%).");

    // 1.44% and 1.43% outside the DPT (both "1.4%" with one decimal); 3.0% each.
    const nearLists = [
      { label: 'JEMBER', dpt: 9856, dptb: 100, dpk: 44 },
      { label: 'LUMAJANG', dpt: 9857, dptb: 100, dpk: 43 },
    ];
    const tiedLists = [
      { label: 'A', dpt: 970, dptb: 10, dpk: 20 },
      { label: 'B', dpt: 1940, dptb: 20, dpk: 40 },
    ];
    const voterLists = (lang: Lang, rows: Array<{ label: string; dpt: number; dptb: number; dpk: number }>) =>
      describeVoterLists(lang, 'X', sum(rows, ['dpt', 'dptb', 'dpk']), rows);
    expect(voterLists('en', nearLists)).toContain(
      '; the share outside the DPT barely differed, from 1.43% in LUMAJANG to 1.44% in JEMBER.',
    );
    expect(voterLists('id', nearLists)).toContain(
      '; bagian di luar DPT nyaris sama, dari 1,43% di LUMAJANG hingga 1,44% di JEMBER.',
    );
    expect(voterLists('en', tiedLists)).toContain('; the share outside the DPT was the same in A and B, 3.0% each.');
  });

  it('cites the KPU, the dataset, the query and the release', () => {
    const manifest = {
      title: { id: 'Data pemilu', en: 'Election data' },
      source: {
        publisher: 'Komisi Pemilihan Umum (KPU)',
        upstreamHost: 'x',
        queries: ['datahakpilihdpr', 'profilpartai'],
      },
      harvest: { harvestId: '20261122T034306120Z', finishedAt: '2026-11-22T03:43:06.120Z' },
    } as unknown as SnapshotManifest;
    expect(citationLine('en', manifest, turnoutDataset, 2014)).toBe(
      'Komisi Pemilihan Umum (KPU). Voters who voted in the DPR election, by sex, 2014. KPU open-data API, query datahakpilihdpr; release 20261122T034306120Z, retrieved 22 November 2026, 10:43 WIB (03:43 UTC).',
    );
    expect(citationLine('id', manifest)).toBe(
      'Komisi Pemilihan Umum (KPU). Data pemilu. API data terbuka KPU, kueri datahakpilihdpr dan profilpartai; rilis 20261122T034306120Z, diambil 22 November 2026 pukul 10.43 WIB (03.43 UTC).',
    );
    const released = {
      ...manifest,
      release: { id: '2026-11-22', previous: null, fingerprint: 'x', new: true, path: 'releases/2026-11-22/' },
    } as SnapshotManifest;
    expect(citationLine('en', released, partyDataset, 2024)).toContain(
      'query profilpartai; release 2026-11-22, retrieved 22 November 2026, 10:43 WIB (03:43 UTC).',
    );
  });
});

describe('the source named on every page', () => {
  it('is the upstream’s host, or on demo data the stand-in in the page’s language', () => {
    const manifest = (demo: boolean, upstreamHost: string) =>
      ({
        demo,
        source: { publisher: 'Komisi Pemilihan Umum (KPU)', upstreamHost, queries: [] },
      }) as unknown as SnapshotManifest;
    expect(upstreamOf('id', manifest(false, 'opendata.kpu.go.id'))).toBe('opendata.kpu.go.id');
    expect(upstreamOf('en', manifest(false, 'opendata.kpu.go.id'))).toBe('opendata.kpu.go.id');
    expect(upstreamOf('id', manifest(true, 'stand-in upstream (demo)'))).toBe('server pengganti (demo)');
    expect(upstreamOf('en', manifest(true, 'stand-in upstream (demo)'))).toBe('stand-in upstream (demo)');
  });
});

describe('the search index', () => {
  const turnout = (
    position: number,
    year: number,
    dapilId: string | null,
    dapilName: string | null,
    province: string | null,
    regency: string | null,
  ): SiteRecord => ({
    dataset: 'turnout',
    position,
    values: {
      election_year: year,
      dapil_id: dapilId,
      dapil_name: dapilName,
      province_name: province,
      regency_name: regency,
    },
  });
  const party = (
    position: number,
    year: number,
    ballot: string,
    name: string | null,
    acronym: string | null,
  ): SiteRecord => ({
    dataset: 'parties',
    position,
    values: { election_year: year, ballot_number: ballot, party_name: name, party_acronym: acronym },
  });

  it('lists every dapil, regency and party page once per name, with each year and id it has a page for', () => {
    const manifest = { years: [2014, 2019] } as unknown as SnapshotManifest;
    const records = {
      turnout: [
        turnout(0, 2019, '1101', 'CONTOH I', 'PROVINSI CONTOH A', 'KOTA CONTOH'),
        turnout(1, 2019, '1101', 'CONTOH I', 'PROVINSI CONTOH A', 'KABUPATEN CONTOH BESAR'),
        turnout(2, 2014, '1101', 'CONTOH I', 'PROVINSI CONTOH A', 'KOTA CONTOH'),
        // Renumbered in 2019: one entry, both pages.
        turnout(3, 2014, '0011', 'DAPIL CONTOH II', 'PROVINSI CONTOH B', 'KABUPATEN CONTOH TENGAH'),
        turnout(4, 2019, '9', 'DAPIL CONTOH II', 'PROVINSI CONTOH B', 'KABUPATEN CONTOH TENGAH'),
        // The same regency name in another dapil is another entry; a regency without a name is none.
        turnout(5, 2019, '10', null, 'PROVINSI CONTOH C', 'KABUPATEN CONTOH TENGAH'),
        turnout(6, 2019, '10', null, 'PROVINSI CONTOH C', null),
        // No page for an id that is not digits (flagged dapil-id-digits): not searchable either.
        turnout(7, 2019, '11 01', 'CONTOH X', 'PROVINSI CONTOH A', 'KABUPATEN CONTOH PULAU'),
      ],
      parties: [
        party(0, 2014, '2', 'Partai Contoh Bangsa', 'PCB'),
        party(1, 2019, '1', 'Partai Contoh Bangsa', 'PCB'),
        party(2, 2019, '10', 'Partai Tanpa Akronim', null),
        party(3, 2019, 'x', 'Partai Tanpa Nomor', 'PTN'),
      ],
    };
    const site = buildSiteData(manifest, { datasets: [] } as unknown as QualityReport, records);
    const index = buildSearchIndex(site);
    // The file is the index's compact JSON, as JSON.stringify writes it.
    expect(renderSearchIndex(site)).toBe(JSON.stringify(index));
    expect(index).toEqual({
      dapils: [
        ['10', 'PROVINSI CONTOH C', [[2019, '10']]],
        [
          'CONTOH I',
          'PROVINSI CONTOH A',
          [
            [2014, '1101'],
            [2019, '1101'],
          ],
        ],
        [
          'DAPIL CONTOH II',
          'PROVINSI CONTOH B',
          [
            [2014, '0011'],
            [2019, '9'],
          ],
        ],
      ],
      regencies: [
        ['KABUPATEN CONTOH BESAR', 'CONTOH I', [[2019, '1101']]],
        ['KABUPATEN CONTOH TENGAH', '10', [[2019, '10']]],
        [
          'KABUPATEN CONTOH TENGAH',
          'DAPIL CONTOH II',
          [
            [2014, '0011'],
            [2019, '9'],
          ],
        ],
        [
          'KOTA CONTOH',
          'CONTOH I',
          [
            [2014, '1101'],
            [2019, '1101'],
          ],
        ],
      ],
      parties: [
        [
          'Partai Contoh Bangsa',
          'PCB',
          [
            [2014, '2'],
            [2019, '1'],
          ],
        ],
        ['Partai Tanpa Akronim', '', [[2019, '10']]],
      ],
    });
  });

  it('lists dapils numbered in Roman numerals in the order of their numerals, as the search page shows them', () => {
    const manifest = { years: [2014] } as unknown as SnapshotManifest;
    const names = ['JAWA BARAT XI', 'JAWA BARAT IX', 'JAWA BARAT V', 'JAWA BARAT I', 'JAWA BARAT', 'JAWA BARAT IV'];
    const site = buildSiteData(manifest, { datasets: [] } as unknown as QualityReport, {
      turnout: names.map((name, index) =>
        turnout(index, 2014, String(3201 + index), name, 'JAWA BARAT', `KAB ${index}`),
      ),
      parties: [],
    });
    expect(buildSearchIndex(site).dapils.map(([name]) => name)).toEqual([
      'JAWA BARAT',
      'JAWA BARAT I',
      'JAWA BARAT IV',
      'JAWA BARAT V',
      'JAWA BARAT IX',
      'JAWA BARAT XI',
    ]);
    // Numerals past C count too (the synthetic data's hundreds of dapils: DAPIL CONTOH DXXX).
    expect(['DAPIL CONTOH DXXX', 'DAPIL CONTOH CD', 'DAPIL CONTOH MI'].sort(compareNumberedNames)).toEqual([
      'DAPIL CONTOH CD',
      'DAPIL CONTOH DXXX',
      'DAPIL CONTOH MI',
    ]);
    // Letters that are no numeral as written are a name's own word: those names follow the numbered ones of their
    // stem ("KOTA" before "KOTA CIVIC"), in code-unit order.
    expect(['KOTA CIVIC', 'KOTA CIV', 'KOTA IIII', 'KOTA C'].sort(compareNumberedNames)).toEqual([
      'KOTA C',
      'KOTA CIV',
      'KOTA CIVIC',
      'KOTA IIII',
    ]);
  });

  it('writes an index of more entries than one chunk holds as the same compact JSON', () => {
    const manifest = { years: [2019] } as unknown as SnapshotManifest;
    // 25,000 regency names, each in both dapils: 50,000 entries, five chunks of 10,000 (searchIndexChunks).
    const turnoutRecords = Array.from({ length: 50_000 }, (_, n) =>
      turnout(n, 2019, String(1 + (n % 2)), `DAPIL ${1 + (n % 2)}`, 'PROVINSI', `KABUPATEN ${Math.floor(n / 2)}`),
    );
    const site = buildSiteData(manifest, { datasets: [] } as unknown as QualityReport, {
      turnout: turnoutRecords,
      parties: [],
    });
    const chunks = [...searchIndexChunks(site)];
    const index = JSON.parse(chunks.join('')) as ReturnType<typeof buildSearchIndex>;
    expect(chunks.join('')).toBe(JSON.stringify(index));
    expect(index.regencies).toHaveLength(50_000);
    expect(index.regencies[0]).toEqual(['KABUPATEN 0', 'DAPIL 1', [[2019, '1']]]);
    expect(index.regencies[1]).toEqual(['KABUPATEN 0', 'DAPIL 2', [[2019, '2']]]);
    expect(index.dapils.map(([name]) => name)).toEqual(['DAPIL 1', 'DAPIL 2']);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(chunks.join('').length / 4);
  });
});

describe('the site data', () => {
  it('matches a party across years whatever the case, accents or punctuation', () => {
    expect(partyMatchKey('PARTAI KEBANGKITAN BANGSA')).toBe(partyMatchKey('Partai Kebangkitan  Bangsa'));
    expect(partyMatchKey('Partai NasDem')).toBe('partai nasdem');
    expect(partyMatchKey('  ')).toBeNull();
    expect(['10', '2', '0101', '0011'].sort(compareIdentifiers)).toEqual(['2', '10', '0011', '0101']);
  });

  it('refuses a snapshot record that does not fit the declared columns', () => {
    const good = Object.fromEntries(
      partyDataset.columns.map((column) => [
        column.name,
        column.type === 'text_list' ? [] : column.nullable ? null : 'partai-contoh',
      ]),
    );
    expect(parseSnapshotRecords(partyDataset, JSON.stringify([good]), 'f.json')).toHaveLength(1);
    expect(() =>
      parseSnapshotRecords(partyDataset, JSON.stringify([{ ...good, election_year: '2014' }]), 'f.json'),
    ).toThrow(/election_year/);
    expect(() => parseSnapshotRecords(partyDataset, JSON.stringify([{ ...good, extra: 1 }]), 'f.json')).toThrow(
      /keys|undeclared/,
    );
  });

  it('sums counts, counting the unreadable values apart', () => {
    const record = (dpt: number | null): SiteRecord => ({ dataset: 'turnout', position: 0, values: { dpt_male: dpt } });
    expect(sumCounts([record(5), record(null), record(7)]).dpt_male).toEqual({ sum: 12, missing: 1, given: 2 });
  });

  it('adds groups’ totals up to the totals of all their records', () => {
    const record = (dpt: number | null, dpk: number | null): SiteRecord => ({
      dataset: 'turnout',
      position: 0,
      values: { dpt_male: dpt, dpk_female: dpk },
    });
    const groups = [[record(5, null), record(null, 2)], [], [record(7, 3), record(2 ** 40, null)]];
    expect(addTotals(groups.map(sumCounts))).toEqual(sumCounts(groups.flat()));
    expect(addTotals(groups.map(sumCounts)).dpt_male).toEqual({ sum: 12 + 2 ** 40, missing: 1, given: 3 });
    expect(addTotals([])).toEqual(sumCounts([]));
  });

  it('writes a page’s records with the downloads’ CSV and JSON conventions', () => {
    const values = Object.fromEntries(
      turnoutDataset.columns.map((column) => [
        column.name,
        column.type === 'text_list'
          ? ['dpt-sex-sum']
          : column.type === 'integer'
            ? 7
            : column.name === 'dapil_id'
              ? '0101'
              : 'A "B"',
      ]),
    );
    const records: SiteRecord[] = [{ dataset: 'turnout', position: 3, values }];
    const table = pageTable(turnoutDataset, records);
    const csv = [...pageFileChunks(table, 'csv')].join('');
    const json = [...pageFileChunks(table, 'json')].join('');
    expect(csv.startsWith('\uFEFF"election_year","election_type","dapil_id"')).toBe(true);
    expect(csv).toContain('7,"A ""B""","0101"');
    expect(csv.endsWith('"dpt-sex-sum"\r\n')).toBe(true);
    expect(JSON.parse(json)).toEqual([values]);
  });
});

describe('the about page’s credits', () => {
  it('name every runtime dependency with the licence its package states', () => {
    const readPackage = (file: string) =>
      JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as {
        dependencies?: Record<string, string>;
        license?: string;
      };
    const dependencies = Object.keys(readPackage('../../package.json').dependencies ?? {}).sort();
    expect(CREDITS.map((credit) => credit.name).sort()).toEqual(dependencies);
    for (const credit of CREDITS)
      expect(credit.licence, credit.name).toBe(readPackage(`../../node_modules/${credit.name}/package.json`).license);
  });
});

describe('the site stage', () => {
  it('refuses to empty a folder that holds the site’s sources, before reading anything', async () => {
    for (const outDir of [PROJECT_ROOT, SITE_ROOT, path.join(SITE_ROOT, 'dist')]) {
      await expect(runSiteStage({ dataDir: '/nonexistent', outDir })).rejects.toThrow(/site's sources/);
    }
  });
});
