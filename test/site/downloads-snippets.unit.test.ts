// The downloads page's loading lines, as the page model builds them from the formats registry and the dataset
// declarations: one set per dataset and format, each complete (it imports what it uses), every text column
// declared as text where the reader guesses types, and the packages named. downloads-snippets.ci.test.ts runs them.
import { describe, expect, it } from 'vitest';
import { DATASETS, DERIVED_DATASETS } from '../../scripts/datasets/datasets.ts';
import type { SiteData } from '../../scripts/site/site-data.ts';
import { loadingSnippets } from '../../scripts/site/pages/downloads-page.ts';
import { datasetFormats } from '../../scripts/formats.ts';

/** The published datasets in the downloads' order: each harvested one, then the long file computed from it. */
const PUBLISHED = DATASETS.flatMap((dataset) => [
  dataset,
  ...DERIVED_DATASETS.filter((derived) => derived.from === dataset.id),
]);

const files = [
  ...PUBLISHED.flatMap((dataset) =>
    datasetFormats().flatMap(({ id, suffix }) => [
      { path: `2024/${dataset.fileStem}-2024${suffix}`, dataset: dataset.id, year: 2024, format: id },
      { path: `all-years/${dataset.fileStem}-all-years${suffix}`, dataset: dataset.id, year: 'all', format: id },
    ]),
  ),
  { path: '2024/kpu-election-data-2024.zip', dataset: null, year: 2024, format: 'zip' },
];
const site = { manifest: { files } } as unknown as SiteData;

describe('the loading lines of the downloads page', () => {
  const snippets = loadingSnippets(site, 'en');
  const lines = snippets.flatMap((snippet) =>
    snippet.examples.flatMap((example) => example.lines.map((line) => ({ ...line, snippet, example }))),
  );

  it('cover every dataset of every per-dataset format, on its all-years file', () => {
    for (const snippet of snippets.filter((candidate) => candidate.format !== 'zip')) {
      expect(snippet.examples.map((example) => [example.dataset, example.file])).toEqual(
        PUBLISHED.map((dataset) => [
          dataset.id,
          `${dataset.fileStem}-all-years${files.find((file) => file.format === snippet.format)?.path.replace(/^[^.]*/, '')}`,
        ]),
      );
    }
  });

  it('import what they use: pandas, zipfile; R through package::function', () => {
    for (const line of lines.filter((candidate) => candidate.tool === 'pandas'))
      expect(line.code.startsWith('import pandas as pd\n'), line.code).toBe(true);
    const zip = lines.find((line) => line.tool === 'Python' && line.snippet.format === 'zip');
    expect(zip?.code).toBe("import zipfile\nzipfile.ZipFile('kpu-election-data-2024.zip').extractall()");
    for (const line of lines.filter((candidate) => candidate.tool === 'R' && candidate.snippet.format !== 'zip'))
      expect(line.code, line.code).toMatch(/^df <- (readr|jsonlite|readxl|arrow)::/);
    // DuckDB installs and loads the extension a line needs before it reads.
    for (const line of lines.filter((candidate) => candidate.tool === 'DuckDB' && candidate.code.includes('INSTALL')))
      expect(line.code, line.code).toMatch(/^INSTALL (\w+)( FROM community)?;\nLOAD \1;\nSELECT \* FROM /);
  });

  it('declare every text column as text where the reader guesses types (CSV everywhere, XLSX in pandas)', () => {
    for (const dataset of PUBLISHED) {
      const text = dataset.columns.filter((column) => column.type === 'text' || column.type === 'text_list');
      const of = (format: string, tool: string) =>
        lines.find(
          (line) => line.snippet.format === format && line.example.dataset === dataset.id && line.tool === tool,
        )?.code ?? '';
      for (const column of text) {
        expect(of('csv', 'DuckDB')).toContain(`'${column.name}': 'VARCHAR'`);
        expect(of('csv', 'pandas')).toContain(`'${column.name}': str`);
        expect(of('csv', 'R')).toContain(`${column.name} = 'c'`);
        expect(of('xlsx', 'pandas')).toContain(`'${column.name}': str`);
      }
      expect(of('csv', 'pandas')).toContain("keep_default_na=False, na_values=['']");
      expect(of('json', 'pandas')).toContain('dtype=False');
    }
  });

  it('give every per-dataset format, the long file included, a line in DuckDB, pandas and R, and name the packages', () => {
    for (const snippet of snippets.filter((candidate) => candidate.format !== 'zip'))
      for (const example of snippet.examples)
        expect(
          example.lines.map((line) => line.tool),
          `${snippet.format} ${example.dataset ?? ''}`,
        ).toEqual(['DuckDB', 'pandas', 'R']);
    const of = (format: string, tool: string) =>
      lines.find(
        (line) => line.snippet.format === format && line.example.dataset === 'turnout-long' && line.tool === tool,
      )?.code;
    expect(of('parquet', 'pandas')).toBe(
      "import pandas as pd\ndf = pd.read_parquet('kpu-dpr-turnout-long-all-years.parquet')",
    );
    expect(of('parquet', 'R')).toBe("df <- arrow::read_parquet('kpu-dpr-turnout-long-all-years.parquet')");
    expect(of('arrow', 'DuckDB')).toBe(
      "INSTALL nanoarrow FROM community;\nLOAD nanoarrow;\nSELECT * FROM read_arrow('kpu-dpr-turnout-long-all-years.arrow');",
    );
    expect(of('arrow', 'pandas')).toBe(
      "import pandas as pd\ndf = pd.read_feather('kpu-dpr-turnout-long-all-years.arrow')",
    );
    expect(of('arrow', 'R')).toBe("df <- arrow::read_ipc_file('kpu-dpr-turnout-long-all-years.arrow')");
    expect(of('xlsx', 'DuckDB')).toBe(
      "INSTALL excel;\nLOAD excel;\nSELECT * FROM read_xlsx('kpu-dpr-turnout-long-all-years.xlsx', sheet = 'data');",
    );
    const needs = (format: string) =>
      snippets
        .find((snippet) => snippet.format === format)
        ?.needs?.map((part) => part.text)
        .join('');
    expect(needs('parquet')).toContain('pip install pyarrow');
    expect(needs('parquet')).toContain("install.packages('arrow')");
    expect(needs('arrow')).toContain('pip install pyarrow');
    expect(needs('arrow')).toContain('INSTALL nanoarrow FROM community');
    expect(needs('xlsx')).toContain('INSTALL excel');
    expect(needs('xlsx')).toContain('pip install openpyxl');
    expect(snippets.find((snippet) => snippet.format === 'parquet')?.needs?.some((part) => part.code)).toBe(true);
  });
});
