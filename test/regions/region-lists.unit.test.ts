// The Kemendagri region lists the release ships (province-list, regency-list): the whole installed list in each
// election year, records that obey their own rules, keys that are the lists' codes; and the references of the
// tables holding region codes, to those keys (docs/data.md, "Region codes").
import { describe, expect, it } from 'vitest';
import { primaryKeyOf, recordKey, type RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS, findDataset } from '../../scripts/datasets/datasets.ts';
import {
  provinceListDataset,
  provinceListRecordsOf,
  regencyListDataset,
  regencyListRecordsOf,
} from '../../scripts/datasets/region-list-dataset.ts';
import { loadOfficialRegions, REGION_CODES_LICENCE } from '../../scripts/datasets/regions/official-regions.ts';
import { REGION_CROSSWALK } from '../../scripts/datasets/regions/region-crosswalk.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';

const official = loadOfficialRegions();
const BASIS = `Kepmendagri 300.2.2-2138/2025 (idn-area-data ${official.source.version})`;

async function collect(iterable: AsyncIterable<readonly RawRecord[]>): Promise<RawRecord[][]> {
  const batches: RawRecord[][] = [];
  for await (const batch of iterable) batches.push([...batch]);
  return batches;
}

describe('the region lists', () => {
  it('hold every province and regency of the installed list, with its legal basis and version', () => {
    const provinces = provinceListRecordsOf(2014);
    const regencies = regencyListRecordsOf(2014);
    expect([provinces.length, regencies.length]).toEqual([38, 514]);
    expect(provinces[0]).toEqual({ TahunPemilu: '2014', KodeProvinsi: '11', NamaProvinsi: 'Aceh', DasarHukum: BASIS });
    expect(regencies[0]).toEqual({
      TahunPemilu: '2014',
      KodeKabupaten: '1101',
      NamaKabupaten: 'Kabupaten Aceh Selatan',
      JenisKabupaten: 'kabupaten',
      KodeProvinsi: '11',
      DasarHukum: BASIS,
    });
    expect(regencies.find((record) => record.KodeKabupaten === '3101')).toMatchObject({
      NamaKabupaten: 'Kabupaten Administrasi Kepulauan Seribu',
      JenisKabupaten: 'kabupaten',
      KodeProvinsi: '31',
    });
    expect(new Set(regencies.map((record) => record.JenisKabupaten))).toEqual(new Set(['kabupaten', 'kota']));
    // Every regency's province is in the province list; every crosswalk code is in the regency list.
    const provinceCodes = new Set(provinces.map((record) => record.KodeProvinsi));
    expect(regencies.filter((record) => !provinceCodes.has(record.KodeProvinsi))).toEqual([]);
    const regencyCodes = new Set(regencies.map((record) => record.KodeKabupaten));
    expect(REGION_CROSSWALK.filter((entry) => !regencyCodes.has(entry.regencyCode))).toEqual([]);
  });

  it('break none of their own rules, and their keys are unique', () => {
    for (const [dataset, records] of [
      [provinceListDataset, provinceListRecordsOf(2019)],
      [regencyListDataset, regencyListRecordsOf(2019)],
    ] as const) {
      const findings = dataset.rules.flatMap((rule) =>
        rule.kind === 'record'
          ? records.flatMap((record) => {
              const finding = rule.test(record);
              return finding === null ? [] : [`${rule.id}: ${finding.message}`];
            })
          : [...rule.test(records, dataset).values()].map((finding) => `${rule.id}: ${finding.message}`),
      );
      expect(findings, dataset.id).toEqual([]);
      expect(new Set(records.map((record) => recordKey(dataset, record))).size, dataset.id).toBe(records.length);
    }
  });

  it('are one list written with each election year of the harvest, under the ODbL with its credit', async () => {
    for (const dataset of [provinceListDataset, regencyListDataset]) {
      const origin = dataset.origin;
      if (origin?.kind !== 'project') throw new Error(`${dataset.id} is not the project's`);
      const batches = await collect(
        origin.records({
          years: [2014, 2024],
          upstreamRecords: () => {
            throw new Error('the region lists read no upstream records');
          },
        }),
      );
      expect(batches.map((batch) => [...new Set(batch.map((record) => record.TahunPemilu))])).toEqual([
        ['2014'],
        ['2024'],
      ]);
      const withoutYear = (batch: RawRecord[]) => batch.map(({ TahunPemilu: _year, ...rest }) => rest);
      expect(withoutYear(batches[1] as RawRecord[])).toEqual(withoutYear(batches[0] as RawRecord[]));
      expect(dataset.addedContentLicence).toBe(REGION_CODES_LICENCE);
      expect(origin.source.en).toContain('ODbL');
      expect(origin.source.id).toContain('ODbL');
    }
    expect(REGION_CODES_LICENCE.source.title).toContain('province and regency lists');
  });

  it('are what the region codes refer to: every declared reference names a published dataset and its key', () => {
    const keyOf = (id: string) => {
      const dataset = findDataset(id);
      if (dataset === undefined) throw new Error(`no dataset ${id}`);
      return primaryKeyOf(dataset);
    };
    expect(primaryKeyOf(provinceListDataset)).toEqual(['election_year', 'code']);
    expect(primaryKeyOf(regencyListDataset)).toEqual(['election_year', 'code']);
    for (const dataset of DATASETS)
      for (const reference of dataset.references ?? []) {
        const columns = new Set(dataset.columns.map((column) => column.name));
        expect(
          reference.columns.filter((column) => !columns.has(column)),
          dataset.id,
        ).toEqual([]);
        expect(reference.referencedColumns, `${dataset.id} → ${reference.dataset}`).toEqual(keyOf(reference.dataset));
      }
    const regionReferences = DATASETS.flatMap((dataset) =>
      (dataset.references ?? [])
        .filter((reference) => reference.dataset.endsWith('-list') && reference.dataset !== 'dapil-list')
        .map((reference) => `${dataset.id}.${reference.columns.join('+')} → ${reference.dataset}`),
    );
    expect(regionReferences).toEqual([
      'turnout.election_year+province_code → province-list',
      'turnout.election_year+regency_code → regency-list',
      'dapil-list.election_year+province_code → province-list',
      'dapils.election_year+province_code → province-list',
      'regency-list.election_year+province_code → province-list',
    ]);
    expect(turnoutDataset.references?.map((reference) => reference.dataset)).toEqual([
      'dapil-list',
      'province-list',
      'regency-list',
    ]);
  });
});
