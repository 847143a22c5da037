// The social cards' words in each language (social-cards.ts draws them).
import type { Lang } from '../site-routes.ts';

/** The texts of the cards, in each language. */
export interface CardText {
  homeTitle: string;
  voters: string;
  votersIn: (year: number) => string;
  women: string;
  dapils: (count: number) => string;
  regencies: (count: number) => string;
  parties: (count: number) => string;
  years: (count: number) => string;
  /** After a count of dapils when the year's records miss official dapils: "of 77 official dapils". */
  ofOfficial: (official: string) => string;
  /** After a count of parties: "of 18 give 30 % women or more in their central board". */
  quotaMet: (given: string, quota: string) => string;
  noTurnout: string;
  /** Under a dapil's figures when a record of it breaks a data quality rule: they are the source's, as given. */
  flagged: string;
  election: (year: number) => string;
  province: (name: string) => string;
  /** The parties' percent column (women's representation) as the card's key figure. */
  partyFigure: string;
  /** A party whose record gives no share of women in its central board. */
  partyNotGiven: string;
  quota: (percent: string) => string;
  source: (publisher: string, upstream: string) => string;
  demo: string;
  /** The image's alt text: what the card says, in one line. */
  alt: (parts: string[]) => string;
}

const id: CardText = {
  homeTitle: 'Pengguna hak pilih dan partai pemilu DPR',
  voters: 'pengguna hak pilih DPR',
  votersIn: (year) => `pengguna hak pilih DPR ${year}`,
  women: 'perempuan',
  dapils: () => 'dapil',
  regencies: () => 'kabupaten/kota',
  parties: () => 'partai politik',
  years: () => 'tahun pemilu',
  ofOfficial: (official) => `dari ${official} dapil resmi`,
  quotaMet: (given, quota) => `dari ${given} partai dengan ${quota} perempuan atau lebih di kepengurusan pusat`,
  noTurnout: 'Data ini tidak memuat pengguna hak pilih untuk tahun ini.',
  flagged: 'Angka sumber di sini melanggar aturan mutu data: lihat catatan di halaman.',
  election: (year) => `Pemilu ${year}`,
  province: (name) => (/^provinsi\b/i.test(name) ? name : `Provinsi ${name}`),
  partyFigure: 'perempuan dalam kepengurusan pusat',
  partyNotGiven: 'Sumber tidak mengisi persentase perempuan dalam kepengurusan pusat partai ini.',
  quota: (percent) => `kuota ${percent}`,
  source: (publisher, upstream) => `Sumber: ${publisher}, data terbuka di ${upstream}`,
  demo: 'DATA CONTOH, BUKAN ANGKA RESMI',
  alt: (parts) => `Kartu: ${parts.join('; ')}.`,
};

const en: CardText = {
  homeTitle: 'Voters and parties of the DPR elections',
  voters: 'voters in the DPR election',
  votersIn: (year) => `voters in the DPR election ${year}`,
  women: 'women',
  dapils: (count) => (count === 1 ? 'dapil' : 'dapils'),
  regencies: (count) => (count === 1 ? 'regency' : 'regencies'),
  parties: (count) => (count === 1 ? 'political party' : 'political parties'),
  years: (count) => (count === 1 ? 'election year' : 'election years'),
  ofOfficial: (official) => `of ${official} official dapils`,
  quotaMet: (given, quota) => `of ${given} parties with ${quota} women or more in their central board`,
  noTurnout: 'These data hold no voter figures for this year.',
  flagged: "The source's figures here break data quality rules: see the page's notes.",
  election: (year) => `Election ${year}`,
  province: (name) => (/^(province|provinsi)\b/i.test(name) ? name : `Province ${name}`),
  partyFigure: 'women in the central board',
  partyNotGiven: "The source gives no share of women in this party's central board.",
  quota: (percent) => `quota ${percent}`,
  source: (publisher, upstream) => `Source: ${publisher}, open data at ${upstream}`,
  demo: 'DEMO DATA, NOT OFFICIAL FIGURES',
  alt: (parts) => `Card: ${parts.join('; ')}.`,
};

export const CARD_TEXT: Record<Lang, CardText> = { id, en };
