// One formats registry (scripts/formats.ts): a format declared there, and nowhere else, reaches every
// consumer: the static servers' media types and compression, the data dictionary's type table (its wording
// looked up through the one schema's Arrow types), the downloads page's names and loading snippets.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormatDefinition } from '../../scripts/formats.ts';
import type { SiteData } from '../../scripts/site/site-data.ts';

/** A format no code knows: declared here, in the registry only. */
const TEST_FORMAT: FormatDefinition = {
  id: 'geojson',
  suffix: '.geojson',
  mediaType: 'application/geo+json',
  text: true,
  perDataset: false,
  label: { id: 'GeoJSON (peta)', en: 'GeoJSON (map)' },
  bundleNote: { id: 'batas dapil, GeoJSON', en: 'electoral district boundaries, GeoJSON' },
  loading: { rank: 0, lines: ({ file }) => [{ tool: 'DuckDB', code: `SELECT * FROM ST_Read('${file}');` }] },
  typeWording: {
    Int64: { id: 'angka', en: 'number' },
    Utf8: { id: 'teks', en: 'string' },
    Float64: { id: 'angka', en: 'number' },
    'Date32<DAY>': { id: 'teks YYYY-MM-DD', en: 'string YYYY-MM-DD' },
    'List<Utf8>': { id: 'larik teks', en: 'array of strings' },
  },
};

// The test runner may run other files before this one in the same worker (vitest.config.ts: no isolation between
// files): the registry's consumers are loaded afresh for this file, and again for the files after it (afterAll), so
// none of them sees another file's modules or this file's format.
vi.hoisted(() => {
  vi.resetModules();
});
vi.mock('../../scripts/formats.ts', async (importOriginal) => {
  const registry = await importOriginal<typeof import('../../scripts/formats.ts')>();
  // The registry is a plain array at run time: the declaration is added before any consumer is loaded, to this
  // file's own copy of the module (loaded afresh above).
  (registry.FORMATS as unknown as FormatDefinition[]).push(TEST_FORMAT);
  return registry;
});

const { renderFormatTypes, formatTypeTexts } = await import('../../scripts/datasets/data-dictionary.ts');
const { TEXT } = await import('../../scripts/site/site-text.ts');
const { loadingSnippets } = await import('../../scripts/site/pages/downloads-page.ts');
const { startStaticServer } = await import('../../scripts/site/static-server.ts');
const { COLUMN_TYPES } = await import('../../scripts/datasets/dataset-definition.ts');
const { arrowTypeOf } = await import('../../scripts/snapshot/arrow-schema.ts');
const { renderBundleReadme } = await import('../../scripts/release/release-bundle.ts');
const { dictionaryFormats } = await import('../../scripts/formats.ts');

/** The registry's own table formats (json, csv, parquet, arrow, xlsx, and any added since), before this file's. */
const SHIPPED_TABLE_FORMATS = dictionaryFormats().filter((format) => format.id !== TEST_FORMAT.id);

/** The dictionary's type table (Markdown) as rows of cells keyed by the header's format names. */
function typeTableRows(markdown: string): Map<string, Record<string, string>> {
  const lines = markdown.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('|---'));
  const cells = (line: string): string[] => line.slice(2, -2).split(' | ');
  const [header = [], ...rows] = lines.map(cells);
  return new Map(
    rows.map((row) => [row[0] ?? '', Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']))]),
  );
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-formats-'));
  await writeFile(
    path.join(root, 'map.geojson'),
    JSON.stringify({ type: 'FeatureCollection', features: [] }).repeat(20),
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  vi.doUnmock('../../scripts/formats.ts');
  vi.resetModules();
});

describe('a format declared once in the registry', () => {
  it('is served with its media type, compressed as text, by the static server (preview, tests, benchmark)', async () => {
    const server = await startStaticServer({ root });
    try {
      const response = await fetch(new URL('map.geojson', server.url), { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
      expect(response.headers.get('content-encoding')).toBe('gzip');
    } finally {
      await server.close();
    }
  });

  it('gets a column of the data dictionary in docs/data.md and in each language of the site', () => {
    expect(SHIPPED_TABLE_FORMATS.map((format) => format.id)).toEqual(
      expect.arrayContaining(['json', 'csv', 'parquet', 'arrow', 'xlsx']),
    );
    const table = renderFormatTypes();
    expect(table.split('\n')[0]).toBe(
      `| logical type | ${[...SHIPPED_TABLE_FORMATS.map((format) => format.label.en), 'GeoJSON (map)'].join(' | ')} |`,
    );
    expect(typeTableRows(table).get('date')).toMatchObject({
      JSON: 'string YYYY-MM-DD',
      CSV: 'YYYY-MM-DD, unquoted',
      Parquet: 'DATE',
      'Arrow IPC': 'Date32 (days)',
      'Excel (XLSX)': 'date cell (yyyy-mm-dd)',
      'GeoJSON (map)': 'string YYYY-MM-DD',
    });
    for (const type of COLUMN_TYPES) {
      expect(Object.keys(formatTypeTexts('en')[type])).toEqual([
        ...SHIPPED_TABLE_FORMATS.map((format) => format.id),
        'geojson',
      ]);
      // Through the schema's mapping: the wording of the column type's Arrow type, in the page's language.
      const wording = TEST_FORMAT.typeWording?.[String(arrowTypeOf(type))];
      expect((TEXT.id.dictionary.formatTypes[type] as Record<string, string>)['geojson']).toBe(wording?.id);
      expect((TEXT.en.dictionary.formatTypes[type] as Record<string, string>)['geojson']).toBe(wording?.en);
    }
  });

  it('is named on the downloads page and gets its loading snippet, in the order of its rank', () => {
    expect(TEXT.id.downloads.formatNames['geojson']).toBe('GeoJSON (peta)');
    expect(TEXT.en.downloads.formatNames['geojson']).toBe('GeoJSON (map)');
    const site = {
      manifest: {
        files: [
          { path: '2024/kpu-dpr-turnout-2024.csv', dataset: 'turnout', year: 2024, format: 'csv' },
          { path: 'maps/dapil-2024.geojson', dataset: null, year: 2024, format: 'geojson' },
        ],
      },
    } as unknown as SiteData;
    const snippets = loadingSnippets(site, 'en');
    expect(snippets.map((snippet) => snippet.format)).toEqual(['geojson', 'csv']);
    expect(snippets[0]).toEqual({
      format: 'geojson',
      needs: null,
      examples: [
        {
          dataset: null,
          title: TEXT.en.downloads.bundles,
          file: 'dapil-2024.geojson',
          lines: [{ tool: 'DuckDB', code: "SELECT * FROM ST_Read('dapil-2024.geojson');" }],
        },
      ],
    });
  });
  it("is described in the year bundle's README", () => {
    const file = {
      path: '2024/dapil-2024.geojson',
      dataset: null,
      year: 2024,
      format: 'geojson',
      mediaType: 'application/geo+json',
      bytes: 9,
      records: null,
      sha256: 'f'.repeat(64),
    };
    const readme = renderBundleReadme(2024, [file] as unknown as Parameters<typeof renderBundleReadme>[1], []);
    expect(readme).toContain(
      `| dapil-2024.geojson |  | ${'f'.repeat(64)} | electoral district boundaries, GeoJSON / batas dapil, GeoJSON |`,
    );
    expect(readme).toContain(
      `| logical type | ${[...SHIPPED_TABLE_FORMATS.map((format) => format.label.en), 'GeoJSON (map)'].join(' | ')} |`,
    );
  });
});

describe('the dictionary wording', () => {
  it('fails when a format does not say how it writes an Arrow type of the schema', () => {
    const wording = TEST_FORMAT.typeWording as Record<string, unknown>;
    const kept = wording['Float64'];
    delete wording['Float64'];
    try {
      expect(() => formatTypeTexts('en')).toThrow(
        'geojson does not say how it writes the Arrow type Float64 (column type decimal)',
      );
    } finally {
      wording['Float64'] = kept;
    }
  });
});
