// The snapshot files as researchers use them: the real build command against the stand-in serving the
// real published files, then every format read back with a real reader (DuckDB for Parquet, apache-arrow
// for Arrow IPC, a CSV parser, JSON.parse, the Frictionless libraries, a ZIP reader, coreutils' sha256sum)
// and compared with the source records normalized by an independent expectation, and the provenance
// compared with what the stand-in saw of the harvest. The build is the real-data world the site and release tests
// read too (buildRealSite: built once, shared, read-only).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { parse } from 'csv-parse/sync';
import datapackage from 'datapackage';
import tableschema from 'tableschema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filterValueText,
  type ColumnDefinition,
  type DatasetDefinition,
  type RawRecord,
} from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS, DERIVED_DATASETS, UPSTREAM_DATASETS } from '../../scripts/datasets/datasets.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutLongDataset } from '../../scripts/datasets/turnout-long-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { PARQUET_METADATA_KEY } from '../../scripts/snapshot/parquet-writer.ts';
import { loadUpstreamData } from '../../scripts/upstream/upstream-data.ts';
import type { UpstreamData } from '../../scripts/upstream/upstream-data.ts';
import { queryDuckDb, sha256 } from '../support/build-fixtures.ts';
import { readLatestHarvested, type HarvestedData } from '../support/harvest-fixtures.ts';
import { readZipEntries, sha256sumCheck, unzipInto } from '../support/release-checks.ts';
import { canonicalFile, noticeSharedData } from '../support/shared-data.ts';
import {
  buildRealSite,
  realHarvestOf,
  REAL_FILES,
  REAL_PAGE_CAP,
  type PublishedSite,
  type RealHarvestLog,
} from '../site/site-fixtures.ts';
import { readXlsxRecords } from '../support/xlsx-records.ts';
import { expectRecords, expectValue, fromArrow, fromCsv, fromDuckDb, type Row } from './snapshot-expectations.ts';

const BROKEN_FLAGS: Record<string, string[]> = {
  BOGOR: ['total-list-sum-female', 'total-list-sum-male'],
  'SUMBA BARAT DAYA': ['dpk-sex-sum', 'dpt-sex-sum', 'dptb-sex-sum', 'total-list-sum-female', 'total-list-sum-male'],
  BANGGAI: ['total-list-sum-female', 'total-list-sum-male'],
  'KEPULAUAN YAPEN': ['total-list-sum-both', 'total-list-sum-female', 'total-list-sum-male'],
};

describe.skipIf(!noticeSharedData('the snapshot files built from the real data'))(
  'snapshot files from the real data',
  () => {
    let site: PublishedSite;
    let served: UpstreamData;
    let manifest: SnapshotManifest;
    let harvested: HarvestedData;
    /** What the stand-in saw: its address, every request, and the test's clock around the build command. */
    let log: RealHarvestLog;
    const data = (relative: string) => path.join(site.distDir, 'data', relative);
    const flagsOf = (record: RawRecord) => BROKEN_FLAGS[String(record.NamaKabupaten)] ?? [];

    /** Every format of one file stem (`2014/kpu-dpr-turnout-by-sex-2014`), read back, equals the source records normalized. */
    async function expectEveryFormat(dataset: DatasetDefinition, stem: string, source: RawRecord[]): Promise<void> {
      await expectEveryNormalizedFormat(dataset, stem, expectRecords(dataset, source, flagsOf));
      const raw = JSON.parse(await readFile(data(`${stem}.raw.json`), 'utf8')) as RawRecord[];
      expect(raw, `${stem}.raw.json`).toEqual(source);
    }

    /** JSON, CSV, Parquet, Arrow and XLSX of one file stem, read back, equal `expected`. */
    async function expectEveryNormalizedFormat(
      dataset: { columns: readonly ColumnDefinition[] },
      stem: string,
      expected: Row[],
    ): Promise<void> {
      expect(JSON.parse(await readFile(data(`${stem}.json`), 'utf8')), `${stem}.json`).toEqual(expected);
      const csvRows = parse(await readFile(data(`${stem}.csv`)), { bom: true }) as string[][];
      expect(csvRows[0], `${stem}.csv`).toEqual(dataset.columns.map((column) => column.name));
      expect(
        csvRows.slice(1).map((row) => fromCsv(dataset, row)),
        `${stem}.csv`,
      ).toEqual(expected);
      const parquetRows = await queryDuckDb(`SELECT * FROM read_parquet('${data(`${stem}.parquet`)}')`);
      expect(
        parquetRows.map((row) => fromDuckDb(dataset, row)),
        `${stem}.parquet`,
      ).toEqual(expected);
      const arrow = tableFromIPC(await readFile(data(`${stem}.arrow`)));
      expect(
        arrow.toArray().map((row: { toJSON(): Row }) => fromArrow(dataset, row.toJSON())),
        `${stem}.arrow`,
      ).toEqual(expected);
      const xlsx = await readXlsxRecords(await readFile(data(`${stem}.xlsx`)), dataset);
      expect(xlsx.records, `${stem}.xlsx`).toEqual(expected);
    }

    /**
     * The long rows the docs promise (docs/data.md, "The long turnout file"), written independently of
     * scripts/datasets/turnout-long-dataset.ts: per record, each upstream count field once, in this order.
     */
    function expectLongRows(source: RawRecord[]): Row[] {
      const codeColumn = (name: string) =>
        DATASETS.flatMap((dataset) => dataset.columns).find((column) => column.name === name) as ColumnDefinition;
      const cells: Array<[string, string, string, string]> = [];
      for (const [list, upstream] of [
        ['dpt', 'DPT'],
        ['dptb', 'DPTb'],
        ['dpk', 'DPK'],
      ] as const) {
        cells.push([list, 'male', `JumlahPenggunaHakPilihLakiLakiDalam${upstream}`, 'part']);
        cells.push([list, 'female', `JumlahPenggunaHakPilihPerempuanDalam${upstream}`, 'part']);
        cells.push([list, 'total', `JumlahPenggunaHakPilihLakiLakiDanPerempuanDalam${upstream}`, 'total']);
      }
      cells.push(['all', 'male', 'JumlahTotalPenggunaHakPilihLakiLaki', 'total']);
      cells.push(['all', 'female', 'JumlahTotalPenggunaHakPilihPerempuan', 'total']);
      cells.push(['all', 'total', 'JumlahSeluruhPenggunaHakPilih', 'total']);
      return source.flatMap((record) =>
        cells.map(([list, sex, field, kind]) => ({
          election_year: Number(record.TahunPemilu),
          election_type: record.JenisPemilu,
          dapil_id: record.IdDapil,
          dapil_name: record.NamaDapil,
          province_name: record.NamaProvinsi,
          regency_name: record.NamaKabupaten,
          province_code: expectValue(codeColumn('province_code'), record, []),
          regency_code: expectValue(codeColumn('regency_code'), record, []),
          voter_list: list,
          sex,
          voters: Number(record[field]),
          count_kind: kind,
          quality_flags: flagsOf(record),
        })),
      );
    }

    beforeAll(async () => {
      served = await loadUpstreamData(REAL_FILES.map(canonicalFile));
      site = await buildRealSite();
      manifest = site.manifest;
      const real = await realHarvestOf(site);
      log = real.log;
      harvested = await readLatestHarvested(real.cacheDir);
    });
    afterAll(() => site?.close());

    it('lists every file with its true size and SHA-256, and SHA256SUMS agrees', async () => {
      expect(manifest.years).toEqual([2014, 2019, 2024]);
      for (const file of manifest.files) {
        const content = await readFile(data(file.path));
        expect(content.length, file.path).toBe(file.bytes);
        expect(sha256(content), file.path).toBe(file.sha256);
      }
      // One SHA256SUMS per folder, listing that folder's files by bare name (the top one also the descriptors and
      // the history files).
      const listed = new Set<string>();
      for (const folder of ['', '2014', '2019', '2024', 'all-years']) {
        for (const line of (await readFile(data(path.join(folder, 'SHA256SUMS')), 'utf8')).trim().split('\n')) {
          const [digest, name] = line.split('  ') as [string, string];
          expect(name, folder).not.toContain('/');
          listed.add(`${digest}  ${path.posix.join(folder, name)}`);
        }
      }
      expect([...listed].sort()).toEqual(
        [
          ...manifest.files.map((file) => `${file.sha256}  ${file.path}`),
          `${sha256(await readFile(data('manifest.json')))}  manifest.json`,
          `${sha256(await readFile(data('datapackage.json')))}  datapackage.json`,
          `${sha256(await readFile(data('index.html')))}  index.html`,
          ...(await Promise.all(
            ['changes.json', 'history.json', 'releases.json'].map(
              async (name) => `${sha256(await readFile(data(name)))}  ${name}`,
            ),
          )),
        ].sort(),
      );
      expect(manifest.quality).toMatchObject({ recordsChecked: 267 + 59, recordsFlagged: 4 });
      expect(manifest.datasets.find((dataset) => dataset.id === 'turnout')?.valuesSeen).toEqual({
        JenisPemilu: ['DPR'],
      });
    });

    it.each(UPSTREAM_DATASETS.map((dataset) => [dataset.id, dataset] as const))(
      "%s: every value in every format of each year's files equals the normalized source",
      async (_id, dataset) => {
        const records = served[dataset.id] ?? [];
        for (const year of new Set(records.map((record) => Number(record[dataset.yearField])))) {
          const source = records.filter((record) => Number(record[dataset.yearField]) === year);
          await expectEveryFormat(dataset, `${year}/${dataset.fileStem}-${year}`, source);
        }
      },
    );

    it.each(UPSTREAM_DATASETS.map((dataset) => [dataset.id, dataset] as const))(
      '%s: every value in every format of the all-years files equals the normalized source',
      async (_id, dataset) => {
        expect(
          manifest.files
            .filter((file) => file.dataset === dataset.id && file.year === 'all')
            .map((file) => file.format),
        ).toEqual(['json', 'csv', 'parquet', 'arrow', 'xlsx', 'raw-json']);
        await expectEveryFormat(dataset, `all-years/${dataset.fileStem}-all-years`, served[dataset.id] ?? []);
      },
    );

    it('turnout-long: every format of the 2014 and all-years files holds each source count once, as the docs say', async () => {
      expect(
        manifest.files.filter((file) => file.dataset === 'turnout-long').map((file) => `${file.year} ${file.format}`),
      ).toEqual([
        '2014 json',
        '2014 csv',
        '2014 parquet',
        '2014 arrow',
        '2014 xlsx',
        'all json',
        'all csv',
        'all parquet',
        'all arrow',
        'all xlsx',
      ]);
      const expected = expectLongRows(served.turnout);
      expect(expected).toHaveLength(267 * 12);
      for (const file of manifest.files.filter((candidate) => candidate.dataset === 'turnout-long'))
        expect(file.records, file.path).toBe(267 * 12);
      for (const stem of ['2014/kpu-dpr-turnout-long-2014', 'all-years/kpu-dpr-turnout-long-all-years'])
        await expectEveryNormalizedFormat(turnoutLongDataset, stem, expected);
      // The sum the docs give: the part rows of the records without flags, or their all/total rows.
      const [sums] = await queryDuckDb(
        `SELECT SUM(voters) FILTER (WHERE count_kind = 'part') AS parts,
                SUM(voters) FILTER (WHERE voter_list = 'all' AND sex = 'total') AS totals
         FROM read_parquet('${data('2014/kpu-dpr-turnout-long-2014.parquet')}') WHERE len(quality_flags) = 0`,
      );
      expect([Number(sums?.parts), Number(sums?.totals)]).toEqual([102_564_049, 102_564_049]);
    });

    it('passes `sha256sum -c SHA256SUMS` (GNU coreutils) in every folder of the data folder and of the release folder, and in every unzipped bundle', async () => {
      expect(manifest.release?.path).toMatch(/^releases\/[^/]+\/$/);
      const checked: string[] = [];
      for (const base of ['', manifest.release?.path ?? '']) {
        for (const folder of ['', '2014', '2019', '2024', 'all-years']) {
          const check = await sha256sumCheck(data(path.join(base, folder)));
          expect(check, path.join(base, folder)).toMatchObject({ code: 0, stderr: '' });
          if (base === '') checked.push(...check.checked.map((name) => path.posix.join(folder, name)));
        }
      }
      expect(checked.sort()).toEqual(
        [
          ...manifest.files.map((file) => file.path),
          'manifest.json',
          'datapackage.json',
          'index.html',
          'changes.json',
          'history.json',
          'releases.json',
        ].sort(),
      );
      for (const bundle of manifest.files.filter((file) => file.format === 'zip')) {
        const into = await mkdtemp(path.join(os.tmpdir(), 'kpu-bundle-'));
        try {
          const names = await unzipInto(data(bundle.path), into);
          const check = await sha256sumCheck(path.join(into, path.dirname(names[0] ?? '')));
          expect(check, bundle.path).toMatchObject({ code: 0, stderr: '' });
          expect(check.checked.length, bundle.path).toBe(names.length - 1);
        } finally {
          await rm(into, { recursive: true, force: true });
        }
      }
    });

    /**
     * The evidence of the end of a dataset served whole, each last page shorter than the cap: the empty page after
     * its records, asked again; every value of the filter among the records read whole, giving them all; every value
     * the law names that the records lack asked too.
     */
    function endOf(dataset: DatasetDefinition, records: readonly RawRecord[], field: string) {
      const served = new Set(records.map((record) => filterValueText(record[field])));
      return {
        emptyPageOffset: records.length,
        confirmed: true,
        byValue: {
          parameter: dataset.filterParameter,
          valuesReturned: served.size,
          recordsAnswered: records.length,
          unseenValuesAsked: (dataset.knownFilterValues ?? []).filter((value) => !served.has(filterValueText(value)))
            .length,
          unanswered: null,
        },
      };
    }

    it('records in manifest.json when, from which upstream and in how many pages the harvest fetched the records, and how it knew the end', () => {
      const host = new URL(log.upstreamUrl).host;
      expect(manifest.demo).toBe(false);
      expect(manifest.source).toEqual({
        publisher: 'Komisi Pemilihan Umum (KPU)',
        upstreamHost: host,
        // KPU_SOURCE_URL unset: the base URL's origin, never its path or the key.
        url: `${new URL(log.upstreamUrl).origin}/`,
        queries: ['datahakpilihdpr', 'profilpartai'],
      });
      // The pages of a complete harvest under the cap of 100: on by the records received, up to the first empty page.
      expect(REAL_PAGE_CAP).toBe(100);
      const pageOffsets: Record<string, number[]> = { turnout: [0, 100, 200, 267], parties: [0, 59] };
      expect(manifest.harvest).toEqual({
        // The harvest kept on disk is the one the files were made from.
        harvestId: path.basename(harvested.dir),
        startedAt: harvested.manifest.startedAt,
        finishedAt: harvested.manifest.finishedAt,
        pages: { turnout: 4, parties: 2 },
        records: { turnout: 267, parties: 59 },
        // The stand-in injected no fault.
        retries: 0,
        warnings: [],
        ends: {
          turnout: endOf(turnoutDataset, served.turnout, 'IdDapil'),
          parties: endOf(partyDataset, served.parties, 'tahunPemilu'),
        },
      });
      for (const dataset of UPSTREAM_DATASETS) {
        expect(
          harvested.manifest.datasets[dataset.id]?.pageFiles.map((page) => page.offset),
          dataset.id,
        ).toEqual(pageOffsets[dataset.id]);
        expect(harvested.records[dataset.id], dataset.id).toEqual(served[dataset.id]);
      }

      // Times: ISO 8601 in UTC, within the build command's run, and around every page the stand-in answered.
      const startedAt = Date.parse(manifest.harvest.startedAt);
      const finishedAt = Date.parse(manifest.harvest.finishedAt);
      expect(new Date(startedAt).toISOString()).toBe(manifest.harvest.startedAt);
      expect(new Date(finishedAt).toISOString()).toBe(manifest.harvest.finishedAt);
      expect(log.buildStartedAt).toBeLessThanOrEqual(startedAt);
      expect(startedAt).toBeLessThanOrEqual(finishedAt);
      expect(finishedAt).toBeLessThanOrEqual(log.buildEndedAt);
      const dataRequests = log.requests.filter((request) => request.dataRequest !== null);
      expect(dataRequests.length).toBeGreaterThan(0);
      for (const request of dataRequests)
        expect(request.time, `${request.path} ${JSON.stringify(request.query)}`).toBeGreaterThanOrEqual(startedAt);
      for (const dataset of UPSTREAM_DATASETS) {
        for (const offset of pageOffsets[dataset.id] ?? []) {
          const answered = dataRequests.filter(
            (request) =>
              request.path === dataset.path && request.query.offset === String(offset) && request.status === 200,
          );
          expect(answered.length, `${dataset.path} offset ${offset}`).toBeGreaterThan(0);
          expect(
            Math.min(...answered.map((request) => request.time)),
            `${dataset.path} offset ${offset}`,
          ).toBeLessThanOrEqual(finishedAt);
        }
      }
    });

    it('names the upstream with its address and the time of retrieval as the source in datapackage.json', async () => {
      const descriptor = JSON.parse(await readFile(data('datapackage.json'), 'utf8')) as {
        created: string;
        version: string;
        sources: Array<{ title: string; path: string }>;
      };
      // KPU_SOURCE_URL unset: the base URL's origin, without the path or the key.
      expect(descriptor.sources[0]?.path).toBe(`${new URL(log.upstreamUrl).origin}/`);
      expect(descriptor.version).toBe(manifest.release?.id);
      const { finishedAt } = harvested.manifest;
      expect(descriptor.sources).toHaveLength(2);
      const title = descriptor.sources[0]?.title ?? '';
      expect(title).toContain('Komisi Pemilihan Umum (KPU)');
      expect(title).toContain(new URL(log.upstreamUrl).host);
      expect(title).toContain('datahakpilihdpr');
      expect(title).toContain('profilpartai');
      expect(title).toContain(`retrieved ${finishedAt}`);
      expect(descriptor.created).toBe(finishedAt);
      expect(manifest.harvest.finishedAt).toBe(finishedAt);
      // The region codes' list, credited as its ODbL 1.0 licence asks.
      expect(descriptor.sources[1]?.title).toMatch(
        /^Kemendagri region codes .* idn-area-data \d+\.\d+\.\d+ .*Open Database License \(ODbL\) 1\.0/,
      );
    });

    it('writes every normalized JSON file to the declared schema: the columns in order, each value of its type or a null the column allows', async () => {
      const jsonFiles = manifest.files.filter((file) => file.format === 'json');
      // Per dataset, each year and all years together.
      expect(jsonFiles.map((file) => `${file.dataset} ${file.year ?? 'all'}`).sort()).toEqual([
        'dapil-list 2014',
        'dapil-list 2019',
        'dapil-list 2024',
        'dapil-list all',
        'dapils 2014',
        'dapils 2019',
        'dapils 2024',
        'dapils all',
        'parties 2014',
        'parties 2019',
        'parties 2024',
        'parties all',
        'province-list 2014',
        'province-list 2019',
        'province-list 2024',
        'province-list all',
        'regency-list 2014',
        'regency-list 2019',
        'regency-list 2024',
        'regency-list all',
        'turnout 2014',
        'turnout all',
        'turnout-long 2014',
        'turnout-long all',
      ]);
      const fits: Record<ColumnDefinition['type'], (value: unknown) => boolean> = {
        integer: (value) => Number.isSafeInteger(value),
        decimal: (value) => typeof value === 'number' && Number.isFinite(value),
        // Trimmed, runs of spaces collapsed, never empty (an empty upstream value is null).
        text: (value) => typeof value === 'string' && value !== '' && value === value.trim() && !/\s\s/.test(value),
        date: (value) =>
          typeof value === 'string' &&
          /^\d{4}-\d{2}-\d{2}$/.test(value) &&
          new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
        text_list: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== ''),
      };
      for (const file of jsonFiles) {
        const dataset = [...DATASETS, ...DERIVED_DATASETS].find((candidate) => candidate.id === file.dataset) as {
          columns: readonly ColumnDefinition[];
        };
        const records = JSON.parse(await readFile(data(file.path), 'utf8')) as Row[];
        expect(records.length, file.path).toBe(file.records);
        // Every record checked, every misfit named at once (one assertion, not one per value: tens of thousands of
        // those were about a sixth of this file's CPU time in its own process, 3.0 → 2.5 s).
        const names = dataset.columns.map((column) => column.name);
        const misfits: string[] = [];
        for (const [index, record] of records.entries()) {
          const keys = Object.keys(record);
          if (keys.length !== names.length || keys.some((key, at) => key !== names[at]))
            misfits.push(`${file.path} record ${index}: columns ${JSON.stringify(keys)}`);
          for (const column of dataset.columns) {
            const value = record[column.name];
            const fitting = value === null ? column.nullable === true : fits[column.type](value);
            if (!fitting) misfits.push(`${file.path} record ${index} ${column.name}: ${JSON.stringify(value)}`);
          }
        }
        expect(misfits, file.path).toEqual([]);
      }
    });

    it('types the Parquet columns properly, as DuckDB reads them', async () => {
      const turnout = await queryDuckDb(
        `DESCRIBE SELECT * FROM read_parquet('${data('2014/kpu-dpr-turnout-by-sex-2014.parquet')}')`,
      );
      const types = Object.fromEntries(turnout.map((row) => [row.column_name, row.column_type]));
      expect(types).toMatchObject({
        election_year: 'BIGINT',
        dapil_id: 'VARCHAR',
        total_voters: 'BIGINT',
        quality_flags: 'VARCHAR[]',
      });
      const parties = await queryDuckDb(
        `DESCRIBE SELECT * FROM read_parquet('${data('2024/kpu-party-profiles-2024.parquet')}')`,
      );
      const partyTypes = Object.fromEntries(parties.map((row) => [row.column_name, row.column_type]));
      expect(partyTypes).toMatchObject({
        ballot_number: 'VARCHAR',
        notarial_deed_date: 'DATE',
        women_representation_pct: 'DOUBLE',
      });
      const [sum] = await queryDuckDb(
        `SELECT sum(total_voters)::BIGINT AS total FROM read_parquet('${data('2014/kpu-dpr-turnout-by-sex-2014.parquet')}') WHERE len(quality_flags) = 0`,
      );
      expect(Number(sum?.total)).toBe(102_564_049);
    });

    it('flags exactly the broken records, with exactly the broken rules listed beside them', async () => {
      const rows = await queryDuckDb(
        `SELECT regency_name, quality_flags FROM read_parquet('${data('2014/kpu-dpr-turnout-by-sex-2014.parquet')}') WHERE len(quality_flags) > 0 ORDER BY regency_name`,
      );
      expect(Object.fromEntries(rows.map((row) => [row.regency_name, row.quality_flags]))).toEqual(BROKEN_FLAGS);
      const report = JSON.parse(await readFile(data('quality-report.json'), 'utf8')) as { violationCount: number };
      expect(report.violationCount).toBe(12);
      expect(await readFile(data('quality-report.md'), 'utf8')).toContain('SUMBA BARAT DAYA');
    });

    it('describes the package in a datapackage.json that the Frictionless library validates, and whose schemas fit the CSV rows', async () => {
      const descriptor = JSON.parse(await readFile(data('datapackage.json'), 'utf8')) as {
        resources: Array<{ path: string; format: string; bytes: number; hash: string; schema?: object }>;
        description: string;
      };
      expect(await datapackage.validate(descriptor)).toEqual({ valid: true, errors: [] });
      const pkg = await datapackage.Package.load(descriptor, { basePath: data(''), strict: true });
      expect(pkg.valid).toBe(true);
      expect(descriptor.description).toMatch(/publishes no licence/);
      for (const resource of descriptor.resources) {
        const content = await readFile(data(resource.path));
        expect(resource.bytes).toBe(content.length);
        expect(resource.hash).toBe(`sha256:${sha256(content)}`);
        if (resource.format !== 'csv') continue;
        const schema = await tableschema.Schema.load(resource.schema as object);
        const rows = parse(content, { bom: true, from_line: 2 }) as string[][];
        for (const row of rows) expect(() => schema.castRow(row)).not.toThrow();
      }
    });

    it("carries each Parquet file's dataset, year, source and licence in its key-value metadata (DuckDB)", async () => {
      for (const file of manifest.files.filter((candidate) => candidate.format === 'parquet')) {
        const rows = await queryDuckDb(
          `SELECT decode(value) AS value FROM parquet_kv_metadata('${data(file.path)}') WHERE decode(key) = '${PARQUET_METADATA_KEY}'`,
        );
        expect(JSON.parse(String(rows[0]?.value)), file.path).toMatchObject({
          dataset: file.dataset,
          election_year: String(file.year),
          source: expect.stringContaining(
            file.dataset === 'dapils' || file.dataset === 'dapil-list'
              ? 'UU 8/2012'
              : file.dataset === 'province-list' || file.dataset === 'regency-list'
                ? 'Kepmendagri 300.2.2-2138/2025'
                : 'Komisi Pemilihan Umum (KPU)',
          ),
        });
      }
    });

    it("bundles each year's files with a README and its own descriptors in a ZIP", async () => {
      const bundle = manifest.files.find((file) => file.format === 'zip' && file.year === 2014);
      expect(bundle?.path).toBe('2014/kpu-election-data-2014.zip');
      const entries = new Map(
        [...(await readZipEntries(data(bundle?.path ?? '')))].map(([name, entry]) => [name, entry.content]),
      );
      const yearFiles = manifest.files.filter((file) => file.year === 2014 && file.dataset !== null);
      expect([...entries.keys()]).toEqual(
        [
          'README.md',
          'manifest.json',
          'datapackage.json',
          'SHA256SUMS',
          'quality-report.json',
          'quality-report.md',
          'CITATION.bib',
          'CITATION.ris',
          'CITATION.csl.json',
          'CITATION.cff',
          '.zenodo.json',
          ...yearFiles.map((file) => path.basename(file.path)),
        ].map((name) => `kpu-election-data-2014/${name}`),
      );
      for (const file of yearFiles)
        expect(sha256(entries.get(`kpu-election-data-2014/${path.basename(file.path)}`) ?? '')).toBe(file.sha256);
      const readme = entries.get('kpu-election-data-2014/README.md')?.toString() ?? '';
      expect(readme).toContain('How to cite');
      expect(readme).toContain('`total_voters`');
      expect(readme).toContain('`count_kind`');
    });
  },
);
