// The software the published site and files are made with, credited on the about page; a test keeps this
// list equal to package.json's runtime dependencies and their licences.
import type { Localized } from '../languages.ts';

export interface Credit {
  /** The npm package name. */
  name: string;
  /** Its licence, as its package.json states it (SPDX, or the package's own words). */
  licence: string;
  /** The licence's name as the about page shows it, when the package states none by SPDX. */
  licenceName?: string;
  use: Localized;
}

export const CREDITS: readonly Credit[] = [
  { name: 'astro', licence: 'MIT', use: { id: 'pembuat situs statis', en: 'static site builder' } },
  {
    name: 'apache-arrow',
    licence: 'Apache-2.0',
    use: { id: 'skema dan tabel satu sumber untuk semua format', en: 'the one schema and table behind every format' },
  },
  { name: '@duckdb/node-api', licence: 'MIT', use: { id: 'penulis Parquet (DuckDB)', en: 'Parquet writer (DuckDB)' } },
  {
    name: '@duckdb/node-bindings',
    licence: 'MIT',
    use: {
      id: 'mesin DuckDB di balik penulis Parquet dan berkas basis data',
      en: 'the DuckDB engine behind the Parquet writer and the database file',
    },
  },
  {
    name: 'd3-geo',
    licence: 'ISC',
    use: {
      id: 'proyeksi peta provinsi ke SVG saat pembuatan situs',
      en: 'projecting the province maps to SVG when the site is built',
    },
  },
  {
    name: 'topojson-client',
    licence: 'ISC',
    use: { id: 'pembaca batas provinsi (TopoJSON)', en: 'province boundary reader (TopoJSON)' },
  },
  { name: 'csv-parse', licence: 'MIT', use: { id: 'pembaca CSV', en: 'CSV reader' } },
  {
    name: 'idn-area-data',
    licence: 'MIT',
    use: {
      id: 'daftar resmi kode wilayah Kemendagri (datanya berlisensi ODbL 1.0)',
      en: 'the official list of Kemendagri region codes (its data under ODbL 1.0)',
    },
  },
  { name: 'undici', licence: 'MIT', use: { id: 'klien HTTP', en: 'HTTP client' } },
  {
    name: '@resvg/resvg-js',
    licence: 'MPL-2.0',
    use: { id: 'penggambar kartu berbagi (PNG) dari SVG', en: 'drawing the social cards (PNG) from SVG' },
  },
  {
    name: 'fontkit',
    licence: 'MIT',
    use: { id: 'teks kartu berbagi sebagai garis bentuk huruf', en: 'the social cards’ texts as glyph outlines' },
  },
  {
    name: 'dejavu-fonts-ttf',
    licence: 'SEE LICENSE IN README.md AND LICENSE',
    licenceName: 'Bitstream Vera / DejaVu',
    use: { id: 'huruf DejaVu Sans pada kartu berbagi', en: 'the DejaVu Sans type of the social cards' },
  },
  {
    name: 'esbuild',
    licence: 'MIT',
    use: { id: 'pemadatan skrip situs', en: 'minifying the site’s scripts' },
  },
];
