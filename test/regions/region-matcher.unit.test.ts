// The region matcher, pure: the normalization rules, the kinds a bare name may be, the crosswalk, the province
// splits, and the cases that must get no code (a name that matches nothing, an ambiguous one, a bad dapil id).
import { describe, expect, it } from 'vitest';
import { parseOfficialRegions, type OfficialRegions } from '../../scripts/datasets/regions/official-regions.ts';
import { createRegionMatcher } from '../../scripts/datasets/regions/region-matcher.ts';
import { normalizeRegionName } from '../../scripts/datasets/regions/region-names.ts';
import type { CrosswalkEntry } from '../../scripts/datasets/regions/region-crosswalk.ts';

const PROVINCES =
  'code,name\n12,Sumatera Utara\n31,DKI Jakarta\n32,Jawa Barat\n61,Kalimantan Barat\n91,Papua\n93,Papua Selatan\n';
const REGENCIES = [
  'code,province_code,name',
  '12.12,12,Kabupaten Toba',
  '12.74,12,Kota Tanjungbalai',
  '12.77,12,Kota Padangsidimpuan',
  '31.01,31,Kabupaten Administrasi Kepulauan Seribu',
  '31.73,31,Kota Administrasi Jakarta Barat',
  '32.01,32,Kabupaten Bogor',
  '32.71,32,Kota Bogor',
  '32.79,32,Kota Banjar',
  '61.02,61,Kabupaten Mempawah',
  '61.71,61,Kota Pontianak',
  '91.03,91,Kabupaten Jayapura',
  '91.71,91,Kota Jayapura',
  '93.01,93,Kabupaten Merauke',
  '',
].join('\n');

const CROSSWALK: readonly CrosswalkEntry[] = [
  { provinceCode: '12', name: 'TOBA SAMOSIR', regencyCode: '1212', reason: { en: 'renamed', id: 'berganti nama' } },
  { provinceCode: '61', name: 'PONTIANAK', regencyCode: '6102', reason: { en: 'renamed', id: 'berganti nama' } },
];

const official: OfficialRegions = parseOfficialRegions(PROVINCES, REGENCIES, { package: 'test', version: '0' });
const matcher = createRegionMatcher(official, CROSSWALK);

describe('normalizeRegionName', () => {
  it.each([
    ['ACEH BARAT', 'bare', 'ACEH BARAT', 'ACEHBARAT'],
    ['KAB. BOGOR', 'kabupaten', 'BOGOR', 'BOGOR'],
    ['Kabupaten  Bogor ', 'kabupaten', 'BOGOR', 'BOGOR'],
    ['KAB BOGOR', 'kabupaten', 'BOGOR', 'BOGOR'],
    ['Kota Bogor', 'kota', 'BOGOR', 'BOGOR'],
    ['KEP. SERIBU', 'bare', 'KEPULAUAN SERIBU', 'KEPULAUANSERIBU'],
    ['Kab. Kep.Seribu', 'kabupaten', 'KEPULAUAN SERIBU', 'KEPULAUANSERIBU'],
    ['TOLI-TOLI', 'bare', 'TOLI TOLI', 'TOLITOLI'],
    ['KOTA PADANG SIDIMPUAN', 'kota', 'PADANG SIDIMPUAN', 'PADANGSIDIMPUAN'],
    ['KOTA', 'bare', 'KOTA', 'KOTA'],
    ['LIMA PULUH KOTA', 'bare', 'LIMA PULUH KOTA', 'LIMAPULUHKOTA'],
  ])('%j → %s %j', (raw, kind, name, key) => {
    expect(normalizeRegionName(raw)).toMatchObject({ kind, name, key });
  });

  it('knows the administrative regency and cities of DKI Jakarta', () => {
    expect(normalizeRegionName('Kota Administrasi Jakarta Barat')).toEqual({
      kind: 'kota',
      administrative: true,
      name: 'JAKARTA BARAT',
      key: 'JAKARTABARAT',
    });
    expect(normalizeRegionName('Kabupaten Administrasi Kepulauan Seribu')).toMatchObject({
      kind: 'kabupaten',
      administrative: true,
    });
  });
});

describe('createRegionMatcher', () => {
  it('matches by rule: the province from the dapil id, the name normalized, without dots in the codes', () => {
    expect(matcher.match('3205', 'BOGOR')).toEqual({
      method: 'rule',
      provinceCode: '32',
      regencyCode: '3201',
      officialName: 'Kabupaten Bogor',
    });
    expect(matcher.match('3203', 'KOTA BOGOR')).toMatchObject({ method: 'rule', regencyCode: '3271' });
    expect(matcher.match('3205', 'Kab.  Bogor')).toMatchObject({ method: 'rule', regencyCode: '3201' });
    expect(matcher.match('1202', 'KOTA TANJUNG BALAI')).toMatchObject({ method: 'rule', regencyCode: '1274' });
    expect(matcher.match('1201', 'KOTA PADANG SIDIMPUAN')).toMatchObject({ method: 'rule', regencyCode: '1277' });
  });

  it('reads a bare name as a kabupaten, or as one of DKI Jakarta administrative cities, never as an ordinary city', () => {
    expect(matcher.match('3103', 'JAKARTA BARAT')).toMatchObject({ method: 'rule', regencyCode: '3173' });
    expect(matcher.match('3103', 'KEPULAUAN SERIBU')).toMatchObject({ method: 'rule', regencyCode: '3101' });
    // Kota Banjar is the only region named Banjar in Jawa Barat, but a bare BANJAR would be a kabupaten: no code.
    expect(matcher.match('3210', 'BANJAR')).toMatchObject({ method: 'none', provinceCode: '32', regencyCode: null });
    expect(matcher.match('3210', 'KOTA BANJAR')).toMatchObject({ method: 'rule', regencyCode: '3279' });
    // A city name given as KABUPATEN is not the city.
    expect(matcher.match('3210', 'KABUPATEN BANJAR')).toMatchObject({ method: 'none' });
  });

  it('takes renamed regencies from the crosswalk, and never the city that shares the old name', () => {
    expect(matcher.match('1202', 'TOBA SAMOSIR')).toEqual({
      method: 'crosswalk',
      provinceCode: '12',
      regencyCode: '1212',
      officialName: 'Kabupaten Toba',
    });
    expect(matcher.match('1202', 'KABUPATEN TOBA SAMOSIR')).toMatchObject({ method: 'crosswalk', regencyCode: '1212' });
    // Kabupaten Pontianak became Mempawah in 2014; Kota Pontianak is another place.
    expect(matcher.match('6101', 'PONTIANAK')).toMatchObject({ method: 'crosswalk', regencyCode: '6102' });
    expect(matcher.match('6101', 'KOTA PONTIANAK')).toMatchObject({ method: 'rule', regencyCode: '6171' });
    // The crosswalk is per province: TOBA SAMOSIR under another province's dapil gets nothing.
    expect(matcher.match('3201', 'TOBA SAMOSIR')).toMatchObject({ method: 'none' });
  });

  it('finds a regency of a province split after the election under its current code, keeping the dapil province', () => {
    expect(matcher.match('9101', 'MERAUKE')).toEqual({
      method: 'rule',
      provinceCode: '91',
      regencyCode: '9301',
      officialName: 'Kabupaten Merauke',
    });
    // A dapil of the new province looks only there.
    expect(matcher.match('9301', 'MERAUKE')).toMatchObject({ method: 'rule', provinceCode: '93', regencyCode: '9301' });
    expect(matcher.match('9301', 'JAYAPURA')).toMatchObject({ method: 'none', provinceCode: '93' });
  });

  it('gives a name that matches nothing no code, and says what it looked for', () => {
    expect(matcher.match('3205', 'BOGOR BARAT')).toEqual({
      method: 'none',
      provinceCode: '32',
      regencyCode: null,
      reason: 'no kabupaten named "BOGOR BARAT" in province 32 of the official list, nor in the project\'s crosswalk',
    });
    expect(matcher.match('9101', 'KOTA MERAUKE')).toMatchObject({
      method: 'none',
      reason:
        'no kota named "MERAUKE" in province 91 or those split from it (93, 94, 95) of the official list, nor in the project\'s crosswalk',
    });
  });

  it('gives no province for a dapil id that is not a known province code and two digits', () => {
    for (const dapilId of ['0101', '3205a', '320', '32051', '9901', '']) {
      expect(matcher.match(dapilId, 'BOGOR')).toMatchObject({ method: 'none', provinceCode: null, regencyCode: null });
    }
  });

  it('gives no code when two official regencies fit one name', () => {
    const twins = parseOfficialRegions(
      'code,name\n32,Jawa Barat\n',
      'code,province_code,name\n32.01,32,Kabupaten Bogor\n32.02,32,Kabupaten Bo Gor\n',
      { package: 'test', version: '0' },
    );
    expect(createRegionMatcher(twins, []).match('3201', 'BOGOR')).toMatchObject({
      method: 'none',
      regencyCode: null,
      reason: expect.stringContaining('ambiguous'),
    });
  });

  it('refuses a list row that is not of the package form', () => {
    const parse = (regencies: string) => () =>
      parseOfficialRegions('code,name\n32,Jawa Barat\n', `code,province_code,name\n${regencies}\n`, {
        package: 'test',
        version: '0',
      });
    expect(parse('3201,32,Kabupaten Bogor')).toThrow(/bad row/);
    expect(parse('33.01,32,Kabupaten Bogor')).toThrow(/bad row/);
    expect(parse('32.01,32,Bogor')).toThrow(/neither Kabupaten nor Kota/);
  });
});
