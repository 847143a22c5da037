// The words of the sentences built from figures, in each language (site-sentences.ts computes the figures).
import type { Lang } from '../../languages.ts';

/** The words comparing a chart's rows: its highest and lowest share, or (close) its lowest to its highest. */
export type RangeWords = (parts: { high: string; highShare: string; low: string; lowShare: string }) => string;
/** The words for every compared row at one share, naming them all. */
export type SameWords = (parts: { names: string; share: string }) => string;

/** The sentences built from figures (scripts/site/site-sentences.ts computes the figures). */
export interface SentenceText {
  noVotersIn: (subject: string) => string;
  noVoters: string;
  sexSplit: (parts: { subject: string; female: string; male: string; gap: string; moreWomen: boolean }) => string;
  /** Appended to sexSplit with several rows: where women's share is highest and lowest. */
  sexSplitRange: RangeWords;
  /** Instead of sexSplitRange when the two are written alike at one decimal: "barely differed, from … to …". */
  sexSplitClose: RangeWords;
  /** Every compared row at one share (to three decimals): "; women's share was the same in A and B, 51.7% each". */
  sexSplitSame: SameWords;
  yearsFirst: (share: string, year: string) => string;
  yearsNext: (share: string, year: string) => string;
  years: (list: string) => string;
  voterLists: (parts: { subject: string; dpt: string; dptb: string; dpk: string }) => string;
  /** Appended to voterLists with several rows: where the share outside the DPT is largest and smallest. */
  voterListsRange: RangeWords;
  voterListsClose: RangeWords;
  voterListsSame: SameWords;
  citation: (parts: {
    publisher: string;
    what: string;
    queries: string;
    oneQuery: boolean;
    release: string;
    retrieved: string;
  }) => string;
}

const id: SentenceText = {
  noVotersIn: (subject) => `Sumber mencatat 0 pengguna hak pilih di ${subject}.`,
  noVoters: 'Tidak ada pengguna hak pilih yang tercatat.',
  sexSplit: ({ subject, female, male, gap, moreWomen }) =>
    `Di ${subject}, perempuan adalah ${female} pengguna hak pilih dan laki-laki ${male}, selisih ${gap} orang lebih banyak ${moreWomen ? 'perempuan' : 'laki-laki'}`,
  sexSplitRange: ({ high, highShare, low, lowShare }) =>
    `; bagian perempuan tertinggi di ${high} (${highShare}) dan terendah di ${low} (${lowShare})`,
  sexSplitClose: ({ high, highShare, low, lowShare }) =>
    `; bagian perempuan nyaris sama, dari ${lowShare} di ${low} hingga ${highShare} di ${high}`,
  sexSplitSame: ({ names, share }) => `; bagian perempuan sama di ${names}, masing-masing ${share}`,
  yearsFirst: (share, year) => `${share} pengguna hak pilih pada ${year}`,
  yearsNext: (share, year) => `${share} pada ${year}`,
  years: (list) => `Perempuan adalah ${list}.`,
  voterLists: ({ subject, dpt, dptb, dpk }) =>
    `Di ${subject}, ${dpt} pengguna hak pilih terdaftar di DPT, ${dptb} memilih lewat DPTb dan ${dpk} lewat DPK`,
  voterListsRange: ({ high, highShare, low, lowShare }) =>
    `; bagian di luar DPT terbesar di ${high} (${highShare}) dan terkecil di ${low} (${lowShare})`,
  voterListsClose: ({ high, highShare, low, lowShare }) =>
    `; bagian di luar DPT nyaris sama, dari ${lowShare} di ${low} hingga ${highShare} di ${high}`,
  voterListsSame: ({ names, share }) => `; bagian di luar DPT sama di ${names}, masing-masing ${share}`,
  citation: ({ publisher, what, queries, release, retrieved }) =>
    `${publisher}. ${what}. API data terbuka KPU, kueri ${queries}; rilis ${release}, diambil ${retrieved}.`,
};

const en: SentenceText = {
  noVotersIn: (subject) => `The source records 0 voters who voted in ${subject}.`,
  noVoters: 'No voters who voted are recorded.',
  sexSplit: ({ subject, female, male, gap, moreWomen }) =>
    `In ${subject}, women were ${female} of voters who voted and men ${male}, ${gap} more ${moreWomen ? 'women than men' : 'men than women'}`,
  sexSplitRange: ({ high, highShare, low, lowShare }) =>
    `; women's share was highest in ${high} (${highShare}) and lowest in ${low} (${lowShare})`,
  sexSplitClose: ({ high, highShare, low, lowShare }) =>
    `; women's share barely differed, from ${lowShare} in ${low} to ${highShare} in ${high}`,
  sexSplitSame: ({ names, share }) => `; women's share was the same in ${names}, ${share} each`,
  yearsFirst: (share, year) => `${share} of voters who voted in ${year}`,
  yearsNext: (share, year) => `${share} in ${year}`,
  years: (list) => `Women were ${list}.`,
  voterLists: ({ subject, dpt, dptb, dpk }) =>
    `In ${subject}, ${dpt} of voters who voted were on the final voter list (DPT), ${dptb} on the DPTb (registered elsewhere, moved) and ${dpk} on the DPK (on no list)`,
  voterListsRange: ({ high, highShare, low, lowShare }) =>
    `; the share outside the DPT was largest in ${high} (${highShare}) and smallest in ${low} (${lowShare})`,
  voterListsClose: ({ high, highShare, low, lowShare }) =>
    `; the share outside the DPT barely differed, from ${lowShare} in ${low} to ${highShare} in ${high}`,
  voterListsSame: ({ names, share }) => `; the share outside the DPT was the same in ${names}, ${share} each`,
  citation: ({ publisher, what, queries, oneQuery, release, retrieved }) =>
    `${publisher}. ${what}. KPU open-data API, ${oneQuery ? 'query' : 'queries'} ${queries}; release ${release}, retrieved ${retrieved}.`,
};

export const SENTENCE_TEXT: Record<Lang, SentenceText> = { id, en };
