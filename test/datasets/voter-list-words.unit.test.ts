// The words that say what the turnout numbers are: the voter lists by their legal names in every
// language, DPKTb counted in DPK for 2014, and voters who voted, with no denominator and no turnout rate.
import { describe, expect, it } from 'vitest';
import { COUNTS_MEANING, turnoutDataset, VOTER_LISTS } from '../../scripts/datasets/turnout-dataset.ts';
import { renderDatasetDictionary } from '../../scripts/datasets/data-dictionary.ts';
import { LANGS } from '../../scripts/languages.ts';
import { TEXT } from '../../scripts/site/site-text.ts';
import { codeSpans } from '../../scripts/site/pages/dictionary-page.ts';

const LEGAL_NAMES = { dpt: 'Daftar Pemilih Tetap', dptb: 'Daftar Pemilih Tambahan', dpk: 'Daftar Pemilih Khusus' };

describe('the voter lists and the counts, in words', () => {
  it('names each list as the law does, in every language, on the columns, the rules and the pages', () => {
    for (const list of VOTER_LISTS) {
      for (const lang of LANGS) {
        expect(list.name[lang]).toContain(LEGAL_NAMES[list.code]);
        expect(list.name[lang]).toContain(list.upstream);
        expect(TEXT[lang].groupNames[list.code]).toContain(LEGAL_NAMES[list.code]);
        for (const sex of ['male', 'female', 'total']) {
          const column = turnoutDataset.columns.find((candidate) => candidate.name === `${list.code}_${sex}`);
          expect(column?.title[lang]).toContain(LEGAL_NAMES[list.code]);
          expect(column?.description[lang]).toContain(list.meaning[lang]);
        }
      }
    }
  });

  it('never calls the DPTb "supplementary" or the DPK "additional" in English', () => {
    const english = [
      renderDatasetDictionary(turnoutDataset),
      ...Object.values(TEXT.en.groupNames),
      TEXT.en.sentences.voterLists({ subject: 'X', dpt: '1', dptb: '2', dpk: '3' }),
    ].join('\n');
    expect(english).not.toMatch(/supplementary|additional/i);
  });

  it('says that 2014 DPK includes the DPKTb', () => {
    const dpk = VOTER_LISTS.find((list) => list.code === 'dpk');
    for (const lang of LANGS) expect(dpk?.meaning[lang]).toMatch(/2014.*DPKTb/);
  });

  it('says the counts are voters who voted, with no denominator and no turnout rate, in the dictionary and on the pages', () => {
    expect(COUNTS_MEANING.en).toMatch(/voters who voted, not registered voters/);
    expect(COUNTS_MEANING.en).toMatch(/no turnout rate/);
    expect(COUNTS_MEANING.id).toMatch(/bukan pemilih terdaftar/);
    expect(COUNTS_MEANING.id).toMatch(/tidak ada tingkat partisipasi/);
    for (const lang of LANGS) {
      expect(turnoutDataset.description[lang]).toContain(COUNTS_MEANING[lang]);
      expect(TEXT[lang].countsNote).toBe(COUNTS_MEANING[lang]);
    }
  });

  it('sets a value written between backticks in a description as code on the dictionary page', () => {
    expect(codeSpans('Sum the `part` rows, or `voter_list = all`.')).toEqual([
      { code: false, text: 'Sum the ' },
      { code: true, text: 'part' },
      { code: false, text: ' rows, or ' },
      { code: true, text: 'voter_list = all' },
      { code: false, text: '.' },
    ]);
    expect(codeSpans('no code')).toEqual([{ code: false, text: 'no code' }]);
  });
});
