// The release's descriptors from a hand-made manifest (pure, no build): the citation files with a permanent URL
// and text that needs escaping, parsed back; datapackage.json with KPU_SITE_URL and KPU_SOURCE_URL set and a
// dataset declaring a reference to another (foreign keys), through the official validator; and the fingerprint,
// which leaves out the files that name the release from manifest schema version 2 on.
import datapackage from 'datapackage';
import { describe, expect, it } from 'vitest';
import type { DatasetDefinition } from '../../scripts/datasets/dataset-definition.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import {
  citationOf,
  renderBibtex,
  renderCitationFiles,
  renderCitationText,
  renderCslJson,
  renderRis,
} from '../../scripts/release/citation-files.ts';
import { buildDataPackage } from '../../scripts/release/data-package.ts';
import { fingerprintOf } from '../../scripts/release/release-history.ts';
import type { PublishedFile, SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { parseBibtexEntry, parseRisRecord } from '../support/release-checks.ts';

const SITE = 'https://data.example.org/kpu/';
const RELEASE_URL = `${SITE}data/releases/2026-11-22.2/`;

function fileOf(
  path: string,
  dataset: PublishedFile['dataset'],
  year: PublishedFile['year'],
  format: PublishedFile['format'],
): PublishedFile {
  return {
    path,
    dataset,
    year,
    format,
    mediaType: 'application/octet-stream',
    bytes: 1,
    records: 1,
    sha256: 'a'.repeat(64),
  };
}

const FILES: PublishedFile[] = [
  fileOf('2024/kpu-dpr-turnout-by-sex-2024.csv', 'turnout', 2024, 'csv'),
  fileOf('2024/kpu-dpr-turnout-by-sex-2024.parquet', 'turnout', 2024, 'parquet'),
  fileOf('2024/kpu-party-profiles-2024.csv', 'parties', 2024, 'csv'),
  fileOf('all-years/kpu-party-profiles-all-years.parquet', 'parties', 'all', 'parquet'),
  fileOf('2024/kpu-election-data-2024.zip', null, 2024, 'zip'),
  fileOf('CITATION.bib', null, 'all', 'citation-bibtex'),
];

const MANIFEST = {
  schemaVersion: 2,
  title: { id: 'Data pemilu', en: "Indonesia's election data from the KPU open-data API" },
  demo: false,
  source: {
    publisher: 'Komisi Pemilihan Umum (KPU)',
    upstreamHost: 'api.example.go.id',
    url: 'https://api.example.go.id/',
    queries: ['datahakpilihdpr', 'profilpartai'],
  },
  harvest: { finishedAt: '2026-11-23T01:00:00.000Z' },
  release: {
    id: '2026-11-22.2',
    previous: '2026-11-22',
    fingerprint: 'b'.repeat(64),
    new: true,
    path: 'releases/2026-11-22.2/',
    retrievedAt: '2026-11-22T08:30:00.000Z',
    url: RELEASE_URL,
  },
  files: FILES,
} as unknown as SnapshotManifest;

describe('the citation files', () => {
  const citation = citationOf(MANIFEST);

  it('give CITATION.cff a structure no value can change, and .zenodo.json the same facts', () => {
    // A title and a note holding what YAML reads as structure: a colon, quotes, a new line, a list marker, a comment.
    const hostile = { ...citation, title: 'Data: "x"\n- y # z', note: "'a': [b] {c} & *d" };
    const files = new Map(renderCitationFiles(hostile).map((file) => [file.name, file.content]));
    const cff = files.get('CITATION.cff') ?? '';
    const values = new Map<string, unknown>();
    for (const line of cff.trimEnd().split('\n')) {
      // Every line a key, a key opening a list, or a list item; every string one JSON-quoted scalar.
      const match = /^(?:([a-z-]+):(?: (.+))?| {2}- (?:(\w+): )?(".*"))$/.exec(line);
      expect(match, line).not.toBeNull();
      if (match?.[1] && match[2]) values.set(match[1], match[2].startsWith('"') ? JSON.parse(match[2]) : match[2]);
    }
    expect(Object.fromEntries(values)).toMatchObject({
      'cff-version': '1.2.0',
      type: 'dataset',
      title: hostile.title,
      version: '2026-11-22.2',
      'date-released': '2026-11-22',
      url: RELEASE_URL,
    });
    expect(values.get('abstract')).toContain(hostile.note);
    const zenodo = JSON.parse(files.get('.zenodo.json') ?? '') as Record<string, unknown>;
    expect(zenodo).toMatchObject({
      title: hostile.title,
      version: '2026-11-22.2',
      publication_date: '2026-11-22',
      description: values.get('abstract'),
      license: 'notspecified',
      related_identifiers: [{ identifier: RELEASE_URL, relation: 'isIdenticalTo', resource_type: 'dataset' }],
    });
  });

  it('give BibTeX a reference manager imports: the KPU kept whole as author, the release, its URL and retrieval date', () => {
    const entry = parseBibtexEntry(renderBibtex({ ...citation, note: `${citation.note} 100% & {braces} #1_a` }));
    expect(entry).toEqual({
      type: 'misc',
      key: 'kpu-election-data-2026-11-22.2',
      fields: {
        author: '{Komisi Pemilihan Umum (KPU)}',
        title: "{Indonesia's election data from the KPU open-data API}",
        year: '2026',
        version: '2026-11-22.2',
        howpublished: 'KPU open-data API (https://api.example.go.id/), queries datahakpilihdpr and profilpartai',
        url: RELEASE_URL,
        urldate: '2026-11-22',
        note: expect.stringMatching(/retrieved 2026-11-22T08:30:00\.000Z\. .* 100\\% \\& braces \\#1\\_a$/),
      },
    });
  });

  it('give RIS with CRLF lines from TY to ER, and CSL-JSON of type dataset', () => {
    const tags = parseRisRecord(renderRis(citation));
    expect(tags).toContainEqual(['UR', RELEASE_URL]);
    expect(tags).toContainEqual(['ET', '2026-11-22.2']);
    expect(tags).toContainEqual(['Y2', '2026/11/22']);
    const csl = JSON.parse(renderCslJson(citation)) as Array<Record<string, unknown>>;
    expect(csl).toEqual([
      expect.objectContaining({
        id: 'kpu-election-data-2026-11-22.2',
        type: 'dataset',
        URL: RELEASE_URL,
        version: '2026-11-22.2',
        issued: { 'date-parts': [[2026, 11, 22]] },
      }),
    ]);
    expect(renderCitationText(citation)).toBe(
      `Komisi Pemilihan Umum (KPU). Indonesia's election data from the KPU open-data API. KPU open-data API (https://api.example.go.id/), queries datahakpilihdpr and profilpartai; release 2026-11-22.2, retrieved 2026-11-22 15:30 WIB (08:30 UTC). ${RELEASE_URL}`,
    );
  });
});

describe('datapackage.json', () => {
  // A turnout declaring that its year refers to the party list's (a stand-in for turnout → official dapils).
  const referring: DatasetDefinition = {
    ...turnoutDataset,
    references: [{ columns: ['election_year'], dataset: 'parties', referencedColumns: ['election_year'] }],
    addedContentLicence: {
      name: 'ODbL-1.0',
      title: 'Open Data Commons Open Database License 1.0 (region codes)',
      path: 'https://opendatacommons.org/licenses/odbl/1-0/',
    },
  };

  it('names the release, the homepage, the source with its URL, honest licences and foreign keys, and validates', async () => {
    const descriptor = buildDataPackage({
      manifest: MANIFEST,
      datasets: [referring, partyDataset],
      files: FILES,
      pathOf: (file) => file.path,
      homepage: SITE,
      brokenReferences: new Map(),
    });
    expect(await datapackage.validate(descriptor)).toEqual({ valid: true, errors: [] });
    expect(descriptor).toMatchObject({
      id: RELEASE_URL,
      version: '2026-11-22.2',
      created: '2026-11-22T08:30:00.000Z',
      homepage: SITE,
      sources: [{ path: 'https://api.example.go.id/' }],
      // The upstream's "no licence", and the licence of what the project adds.
      licenses: [
        { name: 'notspecified' },
        { name: 'ODbL-1.0', path: 'https://opendatacommons.org/licenses/odbl/1-0/' },
      ],
    });
    // Data files only: the bundle and the citation are not resources.
    expect(descriptor.resources.map((resource) => resource.path)).toEqual(FILES.slice(0, 4).map((file) => file.path));
    const schemas = descriptor.resources.map((resource) => ('schema' in resource ? resource.schema : undefined));
    // The 2024 turnout files refer to the 2024 party file of their format, or to the all-years one.
    expect(schemas[0]?.foreignKeys).toEqual([
      { fields: ['election_year'], reference: { resource: 'kpu-party-profiles-2024-csv', fields: ['election_year'] } },
    ]);
    expect(schemas[1]?.foreignKeys).toEqual([
      {
        fields: ['election_year'],
        reference: { resource: 'kpu-party-profiles-all-years-parquet', fields: ['election_year'] },
      },
    ]);
    expect(schemas[2]?.foreignKeys).toBeUndefined();
    // A list is an array in Parquet, one text field in CSV.
    const flags = (index: number) => schemas[index]?.fields.find((field) => field.name === 'quality_flags')?.type;
    expect([flags(0), flags(1)]).toEqual(['string', 'array']);
  });

  it('declares no foreign key where a record breaks it: the year files of that year and the all-years files', () => {
    const descriptor = buildDataPackage({
      manifest: MANIFEST,
      datasets: [referring, partyDataset],
      files: FILES,
      pathOf: (file) => file.path,
      homepage: SITE,
      brokenReferences: new Map([['turnout → parties', new Set([2024])]]),
    });
    const keys = descriptor.resources.map((resource) => ('schema' in resource ? resource.schema.foreignKeys : null));
    expect(keys.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    const holding = buildDataPackage({
      manifest: MANIFEST,
      datasets: [referring, partyDataset],
      files: FILES,
      pathOf: (file) => file.path,
      homepage: SITE,
      brokenReferences: new Map([['turnout → parties', new Set([2019])]]),
    });
    const kept = holding.resources.map((resource) => ('schema' in resource ? resource.schema.foreignKeys : null));
    expect(kept[0]).toHaveLength(1);
  });
});

describe('the fingerprint', () => {
  it('leaves out the files that name the release from schema version 2 on, and covers every file of version 1', () => {
    const dataOnly = { ...MANIFEST, files: FILES.slice(0, 4) } as SnapshotManifest;
    expect(fingerprintOf(MANIFEST)).toBe(fingerprintOf(dataOnly));
    expect(fingerprintOf({ ...MANIFEST, schemaVersion: 1 })).not.toBe(fingerprintOf({ ...dataOnly, schemaVersion: 1 }));
  });
});
