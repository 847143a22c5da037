// Bilingual text has one form: the languages are declared once (scripts/languages.ts), every text in more than one
// language is keyed by them, and the views and layouts only lay out: no branch on a language, no prose of their own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATASETS } from '../../scripts/datasets/datasets.ts';
import { LANGS } from '../../scripts/languages.ts';
import { CREDITS } from '../../scripts/site/site-credits.ts';
import { slugsInto } from '../../scripts/site/site-routes.ts';
import { TEXT } from '../../scripts/site/site-text.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

function filesUnder(dir: string, suffixes: readonly string[]): string[] {
  return readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && suffixes.some((suffix) => entry.name.endsWith(suffix)))
    .map((entry) => path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name)));
}

/** A comparison with a language code literal, e.g. `lang === 'id'`, `'en' !== lang`, `id ? … : …` after `const id = lang === …`. */
const LANGUAGE_BRANCH = new RegExp(`(===|!==)\\s*'(${LANGS.join('|')})'|'(${LANGS.join('|')})'\\s*(===|!==)`);

describe('one form for text in several languages', () => {
  it('declares the languages once', () => {
    const declarations = filesUnder('scripts', ['.ts']).filter((file) =>
      /\bLANGS\s*(:[^=]*)?=/.test(readFileSync(path.join(PROJECT_ROOT, file), 'utf8')),
    );
    expect(declarations).toEqual(['scripts/languages.ts']);
  });

  it('has no branch on a language in the views, layouts, routes or the site modules', () => {
    const files = [...filesUnder('site/src', ['.astro', '.ts']), ...filesUnder('scripts/site', ['.ts'])];
    const branching = files.flatMap((file) =>
      readFileSync(path.join(PROJECT_ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (LANGUAGE_BRANCH.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(branching).toEqual([]);
  });

  it('writes every catalogue entry, dataset text and credit in every language', () => {
    for (const lang of LANGS) expect(TEXT[lang]).toBeDefined();
    // Same keys, recursively, in every language's catalogue.
    const shape = (value: unknown): unknown =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]))
        : typeof value;
    for (const lang of LANGS) expect(shape(TEXT[lang])).toEqual(shape(TEXT[LANGS[0]]));
    for (const dataset of DATASETS) {
      const texts = [
        dataset.title,
        dataset.description,
        ...dataset.columns.flatMap((column) => [column.title, column.description]),
        ...dataset.rules.flatMap((rule) => [rule.title, rule.description]),
      ];
      for (const text of texts) expect(Object.keys(text).sort()).toEqual([...LANGS].sort());
    }
    for (const credit of CREDITS) expect(Object.keys(credit.use).sort()).toEqual([...LANGS].sort());
  });

  it('states the licence in the same words in the footer and on the about page', () => {
    for (const lang of LANGS) expect(TEXT[lang].about.dataLicence(TEXT[lang].licence)).toContain(TEXT[lang].licence);
    // The Indonesian says what the English says: no licence granted "or implied".
    expect(TEXT.id.licence).toContain('atau tersirat');
    expect(TEXT.en.licence).toContain('granted or implied');
  });

  it('builds the sentences from the catalogue in each language', () => {
    expect(
      TEXT.id.sentences.years(
        `${TEXT.id.sentences.yearsFirst('49,9%', '2019')} ${TEXT.id.and} ${TEXT.id.sentences.yearsNext('50,9%', '2024')}`,
      ),
    ).toBe('Perempuan adalah 49,9% pengguna hak pilih pada 2019 dan 50,9% pada 2024.');
    expect(
      TEXT.en.sentences.years(
        `${TEXT.en.sentences.yearsFirst('49.9%', '2019')} ${TEXT.en.and} ${TEXT.en.sentences.yearsNext('50.9%', '2024')}`,
      ),
    ).toBe('Women were 49.9% of voters who voted in 2019 and 50.9% in 2024.');
  });
});

describe('another language’s URL words', () => {
  it('reads each of them as the language’s own word, the words alike in both languages left out', () => {
    expect(slugsInto('en')).toMatchObject({ partai: 'party', unduh: 'downloads', 'kamus-data': 'data-dictionary' });
    expect(slugsInto('id')).toMatchObject({ party: 'partai', downloads: 'unduh', 'data-dictionary': 'kamus-data' });
    for (const lang of LANGS) expect(Object.keys(slugsInto(lang))).not.toContain('dapil');
  });
});
