// The about page's sentences on the retrieval and on each query's end (scripts/site/pages/about-page.ts), in both
// languages, for every kind of evidence manifest.json's `harvest.ends` can hold. The built page is checked in site-reference-pages.ts.
import { describe, expect, it } from 'vitest';
import { ABOUT_TEXT, type EndParts } from '../../scripts/site/pages/about-page.ts';

const byValue = (
  valuesReturned: string,
  recordsAnswered: string,
  unseenAsked: string | null,
  answered = true,
): EndParts['byValue'] => ({ parameter: 'id_dapil', valuesReturned, recordsAnswered, unseenAsked, answered });

describe("the about page's retrieval", () => {
  it('counts retries, warnings, records and pages in English as English counts them', () => {
    const parts = { harvestId: 'h', started: 'a', finished: 'b' };
    expect(ABOUT_TEXT.en.retrieval({ ...parts, retries: 1, warnings: 1 })).toContain('with 1 retry and 1 warning (');
    expect(ABOUT_TEXT.en.retrieval({ ...parts, retries: 0, warnings: 2 })).toContain('with 0 retries and 2 warnings (');
    expect(ABOUT_TEXT.en.datasetCounts('1', '1')).toBe('1 record in 1 page.');
    expect(ABOUT_TEXT.en.datasetCounts('1,267', '2')).toBe('1,267 records in 2 pages.');
  });
});

describe("the about page's evidence of each query's end", () => {
  it('says in English what was asked, in numbers and words that agree', () => {
    const { endOf } = ABOUT_TEXT.en;
    expect(endOf({ query: 'profilpartai', recordsBefore: null, byValue: null })).toBe(
      'profilpartai: the first page was empty, and still empty when asked again.',
    );
    const one = endOf({ query: 'datahakpilihdpr', recordsBefore: '1,267', byValue: byValue('1', '1', null) });
    expect(one).toBe(
      "datahakpilihdpr: the page after record 1,267 was empty; asked again after a pause, it was still empty and the page before it unchanged. Asked one by one through the query's filter (id_dapil), the one value the pages returned gives exactly the pages' records of it (1 record in all).",
    );
    expect(endOf({ query: 'q', recordsBefore: '5', byValue: byValue('53', '1,267', '31') })).toContain(
      "each of the 53 values the pages returned gives exactly the pages' records of it (1,267 records in all); the 31 official values the pages did not return, asked too, hold none.",
    );
    expect(endOf({ query: 'q', recordsBefore: '5', byValue: byValue('2', '5', '1') })).toContain(
      '; the one official value the pages did not return, asked too, holds none.',
    );
    expect(endOf({ query: 'q', recordsBefore: null, byValue: byValue('0', '0', '84') })).toBe(
      "q: the first page was empty, and still empty when asked again. Asked one by one through the query's filter (id_dapil), the 84 official values hold no record.",
    );
    expect(endOf({ query: 'q', recordsBefore: '5', byValue: byValue('0', '0', null, false) })).toContain(
      "The query's filter (id_dapil) could not confirm it (see the warnings above), so the end rests on that second asking alone.",
    );
  });

  it('says the same in Indonesian', () => {
    const { endOf } = ABOUT_TEXT.id;
    expect(endOf({ query: 'profilpartai', recordsBefore: null, byValue: null })).toBe(
      'profilpartai: halaman pertama kosong, dan tetap kosong saat diminta ulang.',
    );
    expect(endOf({ query: 'datahakpilihdpr', recordsBefore: '1.267', byValue: byValue('53', '1.267', '31') })).toBe(
      'datahakpilihdpr: halaman sesudah rekaman ke-1.267 kosong; diminta ulang setelah jeda, halaman itu tetap kosong dan halaman sebelumnya tidak berubah. Diminta satu per satu lewat filter kueri (id_dapil), setiap nilai dari 53 nilai yang ada di halaman-halaman itu memberi tepat rekaman halaman-halaman itu untuk nilai tersebut (1.267 rekaman seluruhnya); 31 nilai resmi yang tidak ada di halaman-halaman itu, diminta juga, tidak memuat rekaman apa pun.',
    );
    expect(endOf({ query: 'q', recordsBefore: null, byValue: byValue('0', '0', '84') })).toContain(
      'Diminta satu per satu lewat filter kueri (id_dapil), 84 nilai resmi tidak memuat rekaman apa pun.',
    );
    expect(endOf({ query: 'q', recordsBefore: '5', byValue: byValue('0', '0', null, false) })).toContain(
      'Filter kueri (id_dapil) tidak dapat memastikannya',
    );
  });
});
