// The codebook's model (scripts/site/pages/codebook-page.ts) against the dataset declarations: a codebook for every
// published dataset, and in it every declared column (name, source field, type, unit, title, description), the key
// and every rule, in each language; the quality report's broken rules and the coverage's gaps among its quirks.
import { describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import { primaryKeyOf, type PublishedDataset } from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS, DERIVED_DATASETS } from '../../scripts/datasets/datasets.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { LANGS } from '../../scripts/languages.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { codebookDatasets, codebookPage } from '../../scripts/site/pages/codebook-page.ts';
import { ruleFieldLines } from '../../scripts/site/pages/dictionary-page.ts';
import type { SiteData } from '../../scripts/site/site-data.ts';
import { pagePath } from '../../scripts/site/site-routes.ts';
import { TEXT } from '../../scripts/site/site-text.ts';

/** A site with no records: only what the codebook reads (the manifest's files and datasets, the quality report). */
function siteWith(quality: Partial<QualityReport> = {}, files: SnapshotManifest['files'] = []): SiteData {
  return {
    manifest: { files, datasets: [] } as unknown as SnapshotManifest,
    quality: { recordsChecked: 0, recordsFlagged: 0, violationCount: 0, datasets: [], ...quality },
    yearless: [],
  } as unknown as SiteData;
}

const spansText = (spans: Array<{ text: string }>): string => spans.map((span) => span.text).join('');

describe('the codebook page model', () => {
  it('has one codebook per published dataset, harvested, the project’s own and derived', () => {
    const ids = codebookDatasets().map((dataset) => dataset.id);
    expect([...ids].sort()).toEqual([...DATASETS, ...DERIVED_DATASETS].map((dataset) => dataset.id).sort());
    expect(pagePath('id', { kind: 'codebook', dataset: 'turnout' })).toBe('/kamus-data/turnout/');
    expect(pagePath('en', { kind: 'codebook', dataset: 'turnout-long' })).toBe('/en/data-dictionary/turnout-long/');
  });

  for (const dataset of codebookDatasets() as PublishedDataset[]) {
    for (const lang of LANGS) {
      it(`lists every declared column, the key and every rule of ${dataset.id} (${lang})`, () => {
        const model = codebookPage(siteWith(), lang, dataset.id);
        expect(model.columns.map((column) => column.name)).toEqual(dataset.columns.map((column) => column.name));
        for (const [index, declared] of dataset.columns.entries()) {
          const column = model.columns[index];
          expect(column?.source).toBe(declared.source);
          expect(column?.type).toBe(TEXT[lang].dictionary.typeNames[declared.type]);
          expect(column?.unit).toBe(declared.unit ? TEXT[lang].dictionary.units[declared.unit] : '');
          expect(column?.title).toBe(declared.title[lang]);
          expect(spansText(column?.description ?? [])).toBe(declared.description[lang].replaceAll('`', ''));
        }
        expect(model.keyColumns).toEqual(primaryKeyOf(dataset));
        expect(model.keySentence.filter((span) => span.code).map((span) => span.text)).toEqual(primaryKeyOf(dataset));
        const rules = 'rules' in dataset ? dataset.rules : [];
        expect(model.rules.map((rule) => rule.id)).toEqual(rules.map((rule) => rule.id));
        expect(model.rulesNote === null).toBe(rules.length > 0 || !('from' in dataset));
      });
    }
  }

  it('names a rule’s source fields in words when it reads every one, or every count’s, and lists them otherwise', () => {
    const rule = (id: string) => {
      const found = turnoutDataset.rules.find((candidate) => candidate.id === id);
      if (!found) throw new Error(`the turnout declaration has no rule ${id}`);
      return found;
    };
    expect(ruleFieldLines(turnoutDataset, rule('field-string'), 'en')).toEqual(['every source field']);
    expect(ruleFieldLines(turnoutDataset, rule('count-digits'), 'en')).toEqual([
      'the source fields of every count (12)',
    ]);
    expect(ruleFieldLines(turnoutDataset, rule('count-digits'), 'id')).toEqual(['kolom sumber setiap jumlah (12)']);
    expect(ruleFieldLines(turnoutDataset, rule('key-unique'), 'id')).toEqual([
      'TahunPemilu',
      'JenisPemilu',
      'IdDapil',
      'NamaKabupaten',
    ]);
    // Both pages show the same words.
    const codebook = codebookPage(siteWith(), 'en', 'turnout');
    expect(codebook.rules.find((each) => each.id === 'count-digits')?.fields).toEqual([
      'the source fields of every count (12)',
    ]);
  });

  it('explains the voter lists for the turnout counts, wide and long, and for no other dataset', () => {
    const explained = codebookDatasets().filter((dataset) => codebookPage(siteWith(), 'en', dataset.id).voterLists);
    expect(explained.map((dataset) => dataset.id).sort()).toEqual(['turnout', 'turnout-long']);
  });

  it('names the quality report’s broken rules and the coverage’s missing dapils and regencies among the quirks', () => {
    const rule = turnoutDataset.rules.find((candidate) => candidate.id === 'dpt-sex-sum');
    if (!rule) throw new Error('the turnout declaration has no dpt-sex-sum rule');
    const site = siteWith(
      {
        datasets: [
          {
            dataset: 'turnout',
            title: turnoutDataset.title,
            rules: [
              { id: rule.id, kind: rule.kind, title: rule.title, description: rule.description, fields: rule.fields },
            ],
            recordsChecked: 5,
            recordsFlagged: 2,
            violationCount: 2,
            years: [
              {
                year: '2014',
                recordsChecked: 5,
                recordsFlagged: 2,
                violationCount: 2,
                violationsByRule: { 'dpt-sex-sum': 2 },
              },
            ],
            violations: [],
            violationsNotListed: 0,
          },
        ],
        coverage: {
          compared: true,
          years: [
            {
              year: 2014,
              status: 'compared',
              law: { id: 'UU 8/2012', en: 'Law 8/2012' },
              dapils: { harvested: 20, official: 77 },
              regencies: { harvested: 213, official: 497 },
              missingDapils: [],
              incompleteDapils: [
                {
                  id: '5302',
                  name: 'NUSA TENGGARA TIMUR II',
                  official: 8,
                  missing: [{ code: '5318', name: 'SUMBA BARAT DAYA' }],
                },
              ],
              unknownDapils: [],
              misplacedRegencies: 0,
              unmatchedRegencies: 0,
            },
          ],
        },
      },
      [
        {
          path: '2014/kpu-dpr-turnout-by-sex-2014.csv',
          dataset: 'turnout',
          year: 2014,
          format: 'csv',
          mediaType: 'text/csv',
          bytes: 10,
          records: 5,
          sha256: '0',
        },
      ],
    );
    const model = codebookPage(site, 'en', 'turnout');
    expect(model.quirks).toEqual([
      '2014: the source holds only 20 of 77 dapils, 213 of 497 regencies of the official list; the year’s totals are not national.',
      '2014, dapil 5302 NUSA TENGGARA TIMUR II: 1 of the official list’s 8 regencies missing from the source: SUMBA BARAT DAYA (5318).',
      '2014: 2 records break DPT: male + female = both (dpt-sex-sum).',
    ]);
    expect(model.years).toEqual([
      {
        year: 2014,
        records: '5',
        flagged: '2',
        coverage: '20 of 77 dapils, 213 of 497 regencies of the official list',
      },
    ]);
    expect(model.rules.find((entry) => entry.id === 'dpt-sex-sum')?.broken).toBe('2');
    expect(model.files).toEqual([
      {
        label: '2014',
        files: [
          {
            path: '2014/kpu-dpr-turnout-by-sex-2014.csv',
            name: 'kpu-dpr-turnout-by-sex-2014.csv',
            format: 'csv',
            label: 'CSV',
          },
        ],
      },
    ]);
  });
});
