// The words of the year page's story, the pages across years and the quality findings, in each
// language: part of the site's catalogue (`TEXT[lang].story`, site-text.ts), kept in a file of its own. Figures
// arrive formatted (site-format.ts); the sentences only arrange them.
import type { Lang } from '../languages.ts';

/** A change between two shares, in percentage points, already formatted without a sign ("0,4"). */
interface PointsChange {
  points: string;
  direction: 'up' | 'down' | 'same';
}

export interface StoryText {
  figuresHeading: string;
  figures: { voters: string; women: string; outside: string; dapils: string; regencies: string; parties: string };
  /** "77 dari 84 dalam daftar resmi": a count beside the official list's. */
  ofOfficial: (count: string, official: string) => string;
  /** The year's first sentence. */
  overview: (parts: {
    year: number;
    /** null: no record of the year gave the count of voters. */
    voters: string | null;
    dapils: string;
    women: string | null;
    outside: string | null;
  }) => string;
  /** Where women's share is highest and lowest; `high`/`low` are one name or several tied ("A dan B"). */
  womenRange: (parts: { high: string; highShare: string; low: string; lowShare: string }) => string;
  outsideRange: (parts: { high: string; highShare: string; low: string; lowShare: string }) => string;
  /** Every dapil has the same share (a tie over all of them). */
  womenEqual: (share: string) => string;
  oneDapil: (name: string) => string;
  /** Dapils left out of the comparison because a count in them is unreadable or breaks a sum rule. */
  leftOut: (count: number) => string;
  flaggedRecords: (count: number) => string;
  /** The change from the previous year with turnout. */
  change: (parts: { previous: number; previousShare: string; share: string; change: PointsChange }) => string;
  outsideChange: (parts: { previous: number; previousShare: string; share: string; change: PointsChange }) => string;
  /** The two years cover different numbers of dapils: the totals are not comparable. */
  coverageDiffers: (parts: { previous: number; previousDapils: string; dapils: string }) => string;
  tableHeading: string;
  tableIntro: string;
  tableCaption: (year: number) => string;
  columns: { dapil: string; province: string; regencies: string; voters: string; women: string; outside: string };
  /** Footnote of a cell that counts only the readable values. */
  partial: string;
  provinceChart: string;
  provinceChartSubject: (year: number) => string;
  partyChart: string;
  partyChartSummary: (parts: {
    year: number;
    given: number;
    total: number;
    atQuota: number;
    high: string;
    highShare: string;
    /** null: one share (one party, or every party's written the same), `high` naming every party at it. */
    low: string | null;
    lowShare: string;
    /** The highest and the lowest read alike at one decimal: said as barely differing (site-sentences.ts, rangeParts). */
    close: boolean;
  }) => string;
  noPartyShares: (year: number) => string;
  quota: string;
  notGiven: string;
  acrossHeading: string;
  acrossCaption: (name: string) => string;
  acrossColumns: { year: string; name: string; regencies: string; voters: string; women: string; outside: string };
  thisPage: string;
  /** A dapil whose id has voter figures in this one year of the data: nothing across years to compare. */
  onlyYear: (year: number, dapilId: string) => string;
  dapilChange: (parts: {
    previous: number;
    year: number;
    voters: string;
    previousVoters: string;
    women: PointsChange;
    outside: PointsChange | null;
  }) => string;
  regenciesDiffer: (parts: { previous: number; previousCount: string; count: string }) => string;
  partyAcrossHeading: string;
  partyAcrossCaption: (name: string) => string;
  partyColumns: { year: string; key: string; name: string; shortName: string };
  renamed: (names: string) => string;
  /** "NAMA (2014)" in a list of a party's names. */
  nameInYear: (name: string, years: string) => string;
  /** A percent column (its title) that no year of the party gives, left out of its table across years. */
  givenInNoYear: (title: string) => string;
  findings: {
    sum: (parts: { addends: string; sum: string; total: string; difference: string }) => string;
    duplicate: (positions: string) => string;
    given: (list: string) => string;
    value: (title: string, value: string) => string;
    empty: string;
    /** Where the official list puts a regency the source placed in another dapil. Example: "1101 and 1102". */
    official: (dapils: string) => string;
  };
}

/** A change in percentage points in words: "naik 0,4 poin persentase", "tidak berubah". */
function changeId(value: PointsChange): string {
  return value.direction === 'same'
    ? 'tidak berubah'
    : `${value.direction === 'up' ? 'naik' : 'turun'} ${value.points} poin persentase`;
}

/** Example: "rose by 0.4 percentage points", "was unchanged". */
function changeEn(value: PointsChange): string {
  return value.direction === 'same'
    ? 'was unchanged'
    : `${value.direction === 'up' ? 'rose' : 'fell'} by ${value.points} percentage points`;
}

const id: StoryText = {
  figuresHeading: 'Sekilas',
  figures: {
    voters: 'Pengguna hak pilih',
    women: 'Bagian perempuan',
    outside: 'Di luar DPT (DPTb dan DPK)',
    dapils: 'Dapil',
    regencies: 'Kabupaten/kota',
    parties: 'Partai politik',
  },
  ofOfficial: (count, official) => `${count} dari ${official} dalam daftar resmi`,
  overview: ({ year, voters, dapils, women, outside }) =>
    (voters === null
      ? `Pada pemilu ${year}, sumber tidak memberi jumlah orang yang menggunakan hak pilih di ${dapils === '1' ? 'satu' : dapils} dapil dalam data ini`
      : `Pada pemilu ${year}, ${voters} orang menggunakan hak pilih di ${dapils === '1' ? 'satu' : dapils} dapil dalam data ini`) +
    (women === null ? '' : `; perempuan adalah ${women} dari mereka`) +
    (outside === null ? '' : `, dan ${outside} memilih di luar DPT (lewat DPTb atau DPK)`) +
    '.',
  womenRange: ({ high, highShare, low, lowShare }) =>
    `Bagian perempuan tertinggi di ${high} (${highShare}) dan terendah di ${low} (${lowShare}).`,
  outsideRange: ({ high, highShare, low, lowShare }) =>
    `Bagian di luar DPT terbesar di ${high} (${highShare}) dan terkecil di ${low} (${lowShare}).`,
  womenEqual: (share) => `Bagian perempuan sama di setiap dapil (${share}).`,
  oneDapil: (name) => `Data tahun ini hanya memuat satu dapil, ${name}, jadi tidak ada perbandingan antardapil.`,
  leftOut: (count) =>
    `${count} dapil yang jumlahnya tidak terbaca atau tidak cocok (lihat catatan kualitasnya) tidak diikutkan dalam perbandingan ini.`,
  flaggedRecords: (count) => `${count} rekaman tahun ini memiliki catatan kualitas (ditandai ⚠ di tabel).`,
  change: ({ previous, previousShare, share, change: value }) =>
    `Dibandingkan pemilu ${previous}, bagian perempuan ${changeId(value)} (dari ${previousShare} menjadi ${share}).`,
  outsideChange: ({ previous, previousShare, share, change: value }) =>
    `Bagian di luar DPT ${changeId(value)} sejak ${previous} (dari ${previousShare} menjadi ${share}).`,
  coverageDiffers: ({ previous, previousDapils, dapils }) =>
    `Data ${previous} memuat ${previousDapils} dapil dan tahun ini ${dapils}, jadi perbandingan ini mencakup wilayah yang berbeda.`,
  tableHeading: 'Semua dapil',
  tableIntro: 'Setiap dapil tahun ini dalam satu tabel, dengan perbandingan utamanya.',
  tableCaption: (year) => `Dapil pemilu DPR ${year}: pengguna hak pilih, bagian perempuan dan bagian di luar DPT`,
  columns: {
    dapil: 'Dapil',
    province: 'Provinsi',
    regencies: 'Kab./kota',
    voters: 'Pengguna hak pilih',
    women: 'Perempuan',
    outside: 'Di luar DPT',
  },
  partial: 'hanya nilai yang terbaca; lihat catatan kualitas di halaman dapil',
  provinceChart: 'Laki-laki dan perempuan di antara pengguna hak pilih, per provinsi',
  provinceChartSubject: (year) => `pemilu ${year}`,
  partyChart: 'Keterwakilan perempuan dalam kepengurusan partai, terhadap kuota 30%',
  partyChartSummary: ({ year, given, total, atQuota, high, highShare, low, lowShare, close }) =>
    `Untuk ${year}, sumber memberi persentase keterwakilan perempuan bagi ${given} dari ${total} partai; ${atQuota} di antaranya mencapai kuota 30%. ${low === null ? `${high}: ${given === 1 ? '' : 'masing-masing '}${highShare}` : close ? `Nyaris sama, dari ${lowShare} (${low}) hingga ${highShare} (${high})` : `Tertinggi ${high} (${highShare}), terendah ${low} (${lowShare})`}.`,
  noPartyShares: (year) =>
    `Untuk ${year}, sumber tidak memberi persentase keterwakilan perempuan bagi partai mana pun, jadi tidak ada grafik.`,
  quota: 'kuota 30%',
  notGiven: 'tidak diberikan',
  acrossHeading: 'Dapil ini dari tahun ke tahun',
  acrossCaption: (name) => `${name} pada setiap tahun dalam data ini, menurut kode dapil`,
  acrossColumns: {
    year: 'Tahun',
    name: 'Nama dapil',
    regencies: 'Kab./kota',
    voters: 'Pengguna hak pilih',
    women: 'Perempuan',
    outside: 'Di luar DPT',
  },
  thisPage: '(halaman ini)',
  onlyYear: (year, dapilId) =>
    `Dalam data ini, hanya tahun ${year} yang memuat angka pengguna hak pilih dapil ${dapilId}.`,
  dapilChange: ({ previous, year, voters, previousVoters, women, outside }) =>
    `Dari ${previous} ke ${year}, pengguna hak pilih di dapil ini berubah dari ${previousVoters} menjadi ${voters}; bagian perempuan ${changeId(women)}` +
    (outside === null ? '' : ` dan bagian di luar DPT ${changeId(outside)}`) +
    '.',
  regenciesDiffer: ({ previous, previousCount, count }) =>
    `Wilayahnya tidak sama: ${previousCount} kabupaten/kota pada ${previous}, ${count} sekarang.`,
  partyAcrossHeading: 'Partai ini dari tahun ke tahun',
  partyAcrossCaption: (name) => `${name} pada setiap tahun dalam data ini, menurut kode partai lintas tahun`,
  partyColumns: { year: 'Tahun', key: 'Nomor urut', name: 'Nama', shortName: 'Akronim' },
  renamed: (names) => `Namanya dalam sumber berubah: ${names}.`,
  nameInYear: (name, years) => `${name} (${years})`,
  givenInNoYear: (title) =>
    `Sumber tidak memberi “${title}” partai ini pada tahun mana pun, jadi tabel tidak memuatnya.`,
  findings: {
    sum: ({ addends, sum, total, difference }) =>
      `${addends} = ${sum}, tetapi sumber mencatat ${total} (selisih ${difference}).`,
    duplicate: (positions) => `Kunci yang sama dipakai oleh rekaman pada posisi ${positions} (dihitung dari 0).`,
    given: (list) => `Sumber memberi ${list}.`,
    value: (title, value) => `${title} ${value}`,
    empty: '(kosong)',
    official: (dapils) => `Daftar resmi tahun pemilu itu menempatkannya di dapil ${dapils}.`,
  },
};

const en: StoryText = {
  figuresHeading: 'At a glance',
  figures: {
    voters: 'Voters who voted',
    women: "Women's share",
    outside: 'Outside the DPT (DPTb and DPK)',
    dapils: 'Dapils',
    regencies: 'Regencies and cities',
    parties: 'Parties',
  },
  ofOfficial: (count, official) => `${count} of ${official} in the official list`,
  overview: ({ year, voters, dapils, women, outside }) =>
    (voters === null
      ? `In the ${year} election, the source gives no count of the people who voted in ${dapils === '1' ? 'the one dapil' : `the ${dapils} dapils`} of this data`
      : `In the ${year} election, ${voters} people voted in ${dapils === '1' ? 'the one dapil' : `the ${dapils} dapils`} of this data`) +
    (women === null ? '' : `; women were ${women} of them`) +
    (outside === null ? '' : `, and ${outside} voted outside the DPT (through the DPTb or DPK)`) +
    '.',
  womenRange: ({ high, highShare, low, lowShare }) =>
    `Women's share was highest in ${high} (${highShare}) and lowest in ${low} (${lowShare}).`,
  outsideRange: ({ high, highShare, low, lowShare }) =>
    `The share outside the DPT was largest in ${high} (${highShare}) and smallest in ${low} (${lowShare}).`,
  womenEqual: (share) => `Women's share was the same in every dapil (${share}).`,
  oneDapil: (name) => `This year's data holds one dapil only, ${name}, so there is no comparison between dapils.`,
  leftOut: (count) =>
    `${count} dapil${count === 1 ? '' : 's'} whose counts are unreadable or do not add up (see ${count === 1 ? 'its' : 'their'} quality notes) ${count === 1 ? 'is' : 'are'} left out of this comparison.`,
  flaggedRecords: (count) =>
    `${count} record${count === 1 ? '' : 's'} of this year ${count === 1 ? 'has' : 'have'} quality notes (marked ⚠ in the table).`,
  change: ({ previous, previousShare, share, change: value }) =>
    `Compared with the ${previous} election, women's share ${changeEn(value)} (from ${previousShare} to ${share}).`,
  outsideChange: ({ previous, previousShare, share, change: value }) =>
    `The share outside the DPT ${changeEn(value)} since ${previous} (from ${previousShare} to ${share}).`,
  coverageDiffers: ({ previous, previousDapils, dapils }) =>
    `The ${previous} data holds ${previousDapils} dapil${previousDapils === '1' ? '' : 's'} and this year's ${dapils}, so this comparison covers different areas.`,
  tableHeading: 'Every dapil',
  tableIntro: 'Every dapil of the year in one table, with its key ratios.',
  tableCaption: (year) =>
    `Dapils of the ${year} DPR election: voters who voted, women's share and share outside the DPT`,
  columns: {
    dapil: 'Dapil',
    province: 'Province',
    regencies: 'Regencies',
    voters: 'Voters who voted',
    women: 'Women',
    outside: 'Outside DPT',
  },
  partial: "readable values only; see the dapil page's quality notes",
  provinceChart: 'Men and women among voters who voted, by province',
  provinceChartSubject: (year) => `the ${year} election`,
  partyChart: "Women's representation in the parties' leadership, against the 30% quota",
  partyChartSummary: ({ year, given, total, atQuota, high, highShare, low, lowShare, close }) =>
    `For ${year}, the source gives a women's representation percentage for ${given} of ${total} parties; ${atQuota} of them reach the 30% quota. ${low === null ? `${high}: ${highShare}${given === 1 ? '' : ' each'}` : close ? `They barely differ, from ${lowShare} (${low}) to ${highShare} (${high})` : `Highest ${high} (${highShare}), lowest ${low} (${lowShare})`}.`,
  noPartyShares: (year) =>
    `For ${year}, the source gives no party's women's representation percentage, so there is no chart.`,
  quota: '30% quota',
  notGiven: 'not given',
  acrossHeading: 'This dapil across years',
  acrossCaption: (name) => `${name} in every year of this data, by dapil id`,
  acrossColumns: {
    year: 'Year',
    name: 'Dapil name',
    regencies: 'Regencies',
    voters: 'Voters who voted',
    women: 'Women',
    outside: 'Outside DPT',
  },
  thisPage: '(this page)',
  onlyYear: (year, dapilId) => `In this data, only ${year} has voter figures for dapil ${dapilId}.`,
  dapilChange: ({ previous, year, voters, previousVoters, women, outside }) =>
    `From ${previous} to ${year}, the voters who voted in this dapil went from ${previousVoters} to ${voters}; women's share ${changeEn(women)}` +
    (outside === null ? '' : ` and the share outside the DPT ${changeEn(outside)}`) +
    '.',
  regenciesDiffer: ({ previous, previousCount, count }) =>
    `Its area is not the same: ${previousCount} ${previousCount === '1' ? 'regency' : 'regencies'} in ${previous}, ${count} now.`,
  partyAcrossHeading: 'This party across years',
  partyAcrossCaption: (name) => `${name} in every year of this data, by the party identifier across years`,
  partyColumns: { year: 'Year', key: 'Ballot number', name: 'Name', shortName: 'Acronym' },
  renamed: (names) => `Its name in the source changed: ${names}.`,
  nameInYear: (name, years) => `${name} (${years})`,
  givenInNoYear: (title) => `The source gives no “${title}” for this party in any year, so the table leaves it out.`,
  findings: {
    sum: ({ addends, sum, total, difference }) =>
      `${addends} = ${sum}, but the source records ${total} (a difference of ${difference}).`,
    duplicate: (positions) => `The same key is used by the records at positions ${positions} (counted from 0).`,
    given: (list) => `The source gives ${list}.`,
    value: (title, value) => `${title} ${value}`,
    empty: '(empty)',
    official: (dapils) => `That election year's official list puts it in dapil ${dapils}.`,
  },
};

export const STORY_TEXT: Record<Lang, StoryText> = { id, en };
