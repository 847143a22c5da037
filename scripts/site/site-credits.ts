// The software the published site and files are made with, credited on the about page; a test keeps this
// list equal to package.json's runtime dependencies and their licences.
import type { Localized } from '../languages.ts';

export interface Credit {
  /** The npm package name. */
  name: string;
  /** Its licence, as its package.json states it (SPDX). */
  licence: string;
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
    use: { id: 'mesin DuckDB di balik penulis Parquet', en: 'the DuckDB engine behind the Parquet writer' },
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
];
