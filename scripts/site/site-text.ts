// The catalogue: every word the site shows that does not come from the data, in each language (LANGS), the
// words of the sentences built from figures included (site-sentences.ts computes the figures). Column and rule
// titles come from the dataset declarations and the quality report, not from here.
import type { ColumnDefinition, ColumnEmptiness, ColumnType } from '../datasets/dataset-definition.ts';
import { formatTypeTexts } from '../datasets/data-dictionary.ts';
import type { Lang, SlugKind } from './site-routes.ts';
import { formatLabels } from '../formats.ts';
import { COUNTS_MEANING, VOTER_LISTS } from '../datasets/turnout-dataset.ts';
import { STORY_TEXT, type StoryText } from './story-text.ts';

/** Each voter list's legal name and who is on it, from the dataset's declaration (turnout-dataset.ts). */
function voterListNames(lang: Lang): Record<'dpt' | 'dptb' | 'dpk', string> {
  const names = Object.fromEntries(VOTER_LISTS.map((list) => [list.code, `${list.legal}: ${list.meaning[lang]}`]));
  return names as Record<'dpt' | 'dptb' | 'dpk', string>;
}

/** How one logical column type is written in each published format, in words. */
type FormatTypeTexts = ReturnType<typeof formatTypeTexts>[ColumnType];
type ColumnUnit = NonNullable<ColumnDefinition['unit']>;

export interface SiteText {
  /** The URL's words for the pages whose path is a word (site-routes.ts). */
  slugs: Record<SlugKind, string>;
  /** How numbers are written: the thousands separator and the decimal sign. */
  numbers: { group: string; decimal: string };
  months: readonly string[];
  /** A date (already spelled out) with a UTC time. */
  dateTime: (date: string, hours: string, minutes: string) => string;
  siteName: string;
  skip: string;
  nav: {
    home: string;
    downloads: string;
    changes: string;
    dictionary: string;
    quality: string;
    about: string;
    search: string;
    label: string;
  };
  /** The language's own name for itself, on the link to its pages from every other language. */
  nativeName: string;
  breadcrumb: string;
  demo: string;
  /** What the footer and the source lines name as the upstream on demo data, which has no host of its own. */
  demoUpstream: string;
  /** The notice of an --offline build: how old the data is (whole days; null when unknown) and when it was retrieved. */
  offline: (ageDays: number | null, date: string) => string;
  retrieved: (host: string, time: string) => string;
  citeAs: string;
  licence: string;
  /** Before every page title on demo data. */
  demoPrefix: string;
  /** The word before the last item of a list ("a, b and c"). */
  and: string;
  sex: { male: string; female: string; total: string };
  groups: { dpt: string; dptb: string; dpk: string; total: string };
  groupNames: { dpt: string; dptb: string; dpk: string; total: string };
  /** Under every count table: the counts are voters who voted, with no denominator (turnout-dataset.ts). */
  countsNote: string;
  unavailable: string;
  flagged: string;
  flaggedRecords: (count: number) => string;
  qualityNotes: string;
  qualityNotesIntro: string;
  /** Flagged records of the page's data that the page does not list (a dapil page lists its first regencies only). */
  qualityNotesNotListed: (count: number, formatted: string) => string;
  valuesGiven: string;
  ruleLabel: string;
  home: {
    intro: string;
    promise: string;
    years: string;
    /** "6 dapils, 16 regencies and cities, 8 parties"; a year without party records says "no party data", not "0 parties". */
    yearLine: (parts: { dapils: number; regencies: number; parties: number }) => string;
    totals: string;
    bySexCaption: string;
    byListCaption: string;
    totalsNote: string;
    yearHeader: string;
    chartTitle: string;
    onward: string;
    source: string;
    sourceLine: (publisher: string, queries: string, host: string) => string;
    lastHarvest: (time: string) => string;
    release: (release: string) => string;
  };
  year: {
    title: (year: number) => string;
    turnout: string;
    turnoutIntro: string;
    noTurnout: (year: number) => string;
    dapil: string;
    regencies: string;
    voters: string;
    womenShare: string;
    caption: (year: number) => string;
    unplaced: (count: number) => string;
    parties: string;
    partiesCaption: (year: number) => string;
    noParties: (year: number) => string;
    ballot: string;
    partyName: string;
    acronym: string;
    totalRow: string;
  };
  coverage: {
    heading: string;
    /** "20 of 77 dapils, 213 of 497 regencies of the official list" */
    line: (parts: { dapils: string; officialDapils: string; regencies: string; officialRegencies: string }) => string;
    /** Beside a year's national total when dapils are missing: "53 of 77 dapils". */
    dapilsShort: (dapils: string, officialDapils: string) => string;
    noTurnout: string;
    /** A year's line on the home page when the source has no turnout for it: "no turnout data, 20 parties". */
    noTurnoutLine: (parties: number) => string;
    noList: string;
    notCompared: string;
    law: (law: string) => string;
    missing: (count: number) => string;
    unknownIds: (ids: string) => string;
    misplaced: (count: number) => string;
  };
  dapil: {
    title: (name: string, id: string, year: number) => string;
    summary: (parts: { province: string; regencies: string; voters: string }) => string;
    regency: string;
    /** Says what the code beside a regency's name is (its title attribute). */
    regencyCode: string;
    tableCaption: (name: string, year: number) => string;
    totalRow: string;
    missingInTotal: (count: number) => string;
    sexChart: string;
    listChart: string;
    listLegend: string;
    sortHint: string;
    /** A dapil page listing its first regencies only (DAPIL_REGENCIES_LISTED): how many, and where the rest are. */
    listedFirst: (listed: string, total: string) => string;
  };
  party: {
    title: (name: string, year: number) => string;
    profile: string;
    empty: string;
    unreadable: (raw: string) => string;
    noOtherYears: string;
    duplicate: (count: number) => string;
  };
  pageFiles: { heading: string; intro: string; yearFile: (year: number) => string };
  downloads: {
    title: string;
    intro: string;
    verify: string;
    allYears: string;
    bundles: string;
    file: string;
    format: string;
    size: string;
    records: string;
    companions: string;
    companionNotes: Record<string, string>;
    releasesHeading: string;
    /** `prefix`: the path of the releases folder, e.g. "/data/releases/". */
    releasesIntro: (prefix: string) => string;
    thisRelease: (release: string) => string;
    releasesList: string;
    releasesChanges: string;
    howTo: string;
    /** The sentence before the loading lines; it names the identifier columns (each dataset's page key). */
    howToIntro: (columns: string) => string;
    formatNames: Record<string, string>;
    /** The block of the files most visitors want, first on the page. */
    popular: string;
    popularIntro: string;
    popularBundle: string;
    /** The disclosure under each file table holding its files' SHA-256. */
    checksums: (files: number) => string;
    /** Before the link to a year's SHA256SUMS, under its heading. */
    groupChecksums: string;
    /** The copy button of a loading line (added by the optional script), and what it says once it has copied. */
    copy: string;
    copied: string;
  };
  dictionary: {
    title: string;
    intro: string;
    identity: (keys: string, yearField: string, stem: string) => string;
    /** A derived dataset's line: what it is computed from, and its file names. */
    derivedFrom: (from: string, stem: string) => string;
    columns: string;
    column: string;
    type: string;
    unit: string;
    source: string;
    derived: string;
    nullable: string;
    /** The "can be empty" cell, by scripts/datasets/dataset-definition.ts columnEmptiness. */
    emptiness: Record<ColumnEmptiness, string>;
    meaning: string;
    rules: string;
    rule: string;
    fields: string;
    formats: string;
    logicalType: string;
    /** The name of each logical column type (docs/data.md uses the identifiers). */
    typeNames: Record<ColumnType, string>;
    units: Record<ColumnUnit, string>;
    /** How each logical type is written in JSON, CSV, Parquet and Arrow IPC. */
    formatTypes: Record<ColumnType, FormatTypeTexts>;
  };
  quality: {
    title: string;
    intro: string;
    summary: (checked: string, flagged: string, violations: string) => string;
    perYear: string;
    year: string;
    checked: string;
    flaggedRecords: string;
    violations: string;
    rules: string;
    list: string;
    none: string;
    position: string;
    key: string;
    message: string;
    record: string;
    /**
     * `shown` on the page of `total`, of which the downloaded report lists `listed` in full, at most `limit` (the
     * number as written in the page's language) of each rule.
     */
    shown: (shown: number, total: number, listed: number, limit: string) => string;
    fullReport: string;
    yearless: (count: number) => string;
  };
  changes: {
    title: string;
    intro: string;
    current: (release: string, time: string) => string;
    unchanged: (release: string) => string;
    noRelease: (harvestId: string) => string;
    files: string;
    fileNotes: Record<'releases.json' | 'history.json' | 'changes.json', string>;
    releases: string;
    releasesCaption: string;
    release: string;
    retrieved: string;
    download: string;
    currentMark: string;
    releaseHeading: (release: string) => string;
    retrievedOn: (date: string) => string;
    first: string;
    nothing: (previous: string) => string;
    since: (previous: string) => string;
    counts: (counts: { added: number; removed: number; changed: number }) => string;
    tableCaption: (dataset: string, release: string) => string;
    shown: (shown: number, total: number) => string;
    summarized: (count: number) => string;
    olderReleases: (count: number) => string;
    kindHeader: string;
    kinds: Record<'added' | 'removed' | 'changed', string>;
    record: string;
    field: string;
    old: string;
    new: string;
    empty: string;
    wholeRecord: string;
  };
  history: {
    heading: string;
    intro: string;
    caption: (subject: string) => string;
    none: (first: string) => string;
    noReleases: string;
    shown: (shown: number, total: number) => string;
    all: string;
  };
  about: {
    title: string;
    sources: string;
    sourcesIntro: (upstream: string) => string;
    datasetCounts: (records: string, pages: string) => string;
    retrieval: (parts: {
      harvestId: string;
      started: string;
      finished: string;
      retries: number;
      warnings: number;
    }) => string;
    harvested: string;
    harvestedBody: string;
    normalized: string;
    /** One list item each, as HTML (the catalogue's own markup: <code> only, never data). */
    normalizedItems: readonly string[];
    cite: string;
    citeRelease: string;
    /** Before the links to the release's citation files (BibTeX, RIS, CSL-JSON). */
    citeFiles: string;
    citeExample: string;
    thisRelease: (release: string) => string;
    licences: string;
    dataLicence: (licence: string) => string;
    /** The credit the region codes' source asks for (ODbL 1.0), with its package name. */
    regionCodesLicence: (packageName: string) => string;
    softwareLicence: string;
    softwareCaption: string;
    softwareName: string;
    softwareLicenceHeader: string;
    softwareUse: string;
  };
  /** The sentences built from figures (scripts/site/site-sentences.ts computes the figures). */
  sentences: {
    noVotersIn: (subject: string) => string;
    noVoters: string;
    sexSplit: (parts: { subject: string; female: string; male: string; gap: string; moreWomen: boolean }) => string;
    /** Appended to sexSplit with several rows: where women's share is highest and lowest. */
    sexSplitRange: (parts: { high: string; highShare: string; low: string; lowShare: string }) => string;
    /** Every compared row at one share (to three decimals): "; women's share was the same in A and B, 51.7% each". */
    sexSplitSame: (parts: { names: string; share: string }) => string;
    yearsFirst: (share: string, year: string) => string;
    yearsNext: (share: string, year: string) => string;
    years: (list: string) => string;
    voterLists: (parts: { subject: string; dpt: string; dptb: string; dpk: string }) => string;
    /** Appended to voterLists with several rows: where the share outside the DPT is largest and smallest. */
    voterListsRange: (parts: { high: string; highShare: string; low: string; lowShare: string }) => string;
    voterListsSame: (parts: { names: string; share: string }) => string;
    citation: (parts: {
      publisher: string;
      what: string;
      queries: string;
      oneQuery: boolean;
      release: string;
      retrieved: string;
    }) => string;
  };
  /** The year page's story, the pages across years and the quality findings (story-text.ts). */
  story: StoryText;
  search: {
    title: string;
    intro: string;
    label: string;
    button: string;
    noscript: string;
    /** Without JavaScript, on a site whose public address is known (scripts/site/site-share.ts fallbackSearch). */
    noscriptEngine: string;
    kinds: { dapil: string; regency: string; party: string };
    none: string;
    results: string;
  };
  notFound: { title: string; body: string };
  /** The province maps (scripts/site/maps/map-models.ts). */
  maps: {
    heading: string;
    intro: string;
    introHome: string;
    measures: { voters: string; women: string; outside: string };
    measuresNav: string;
    mapTitle: (measure: string, year: number) => string;
    gridTitle: (measure: string, year: number) => string;
    mapDescription: (
      withData: number,
      provinces: number,
      highest: { name: string; value: string } | null,
      lowest: { name: string; value: string } | null,
    ) => string;
    gridNote: string;
    /** The summary of the tile grid's key (each square's two letters and its province). */
    tileKey: string;
    legend: string;
    binLabel: (lower: string, upper: string, last: boolean) => string;
    noData: string;
    noDataList: (names: string) => string;
    formerShort: (name: string) => string;
    former: (names: string) => string;
    unplaced: (count: number) => string;
    tableCaption: (year: number) => string;
    province: string;
    dapils: string;
    allMaps: (year: number) => string;
    /** Around the source's own (English) title, which the page marks lang="en". */
    shapesCredit: { before: string; after: string };
  };
  /** Sharing and finding (scripts/site/site-share.ts, the layout's <head>, the 404 pages). */
  share: {
    /** A time in WIB with UTC beside it: date, WIB hours and minutes, UTC hours and minutes. */
    dateTimeWib: (date: string, hours: string, minutes: string, utcHours: string, utcMinutes: string) => string;
    /** A release's name: the day its data was retrieved, and its number that day (null: the first). */
    releaseName: (date: string, number: string | null) => string;
    /** The Open Graph locale of the language (og:locale). */
    ogLocale: string;
    /** The site's description (the home page's, and the start of the others'). */
    siteDescription: string;
    /** The other page kinds' description for search engines and link previews (the year and dapil pages have their own). */
    pageDescription: (kind: string, title: string) => string;
    /** The year page's description: voters who used their vote, dapils, the women's share among the voters. */
    yearDescription: (year: number, voters: string, dapils: number, women: string) => string;
    /** A dapil page's description: its name and id, year, voters, regencies, the women's share. */
    dapilDescription: (
      name: string,
      id: string,
      year: number,
      voters: string,
      regencies: number,
      women: string,
    ) => string;
    /** The 404 page's suggestions. */
    suggestions: string;
    search: string;
    /** On a 404 page of another language, the hint pointing at this language's 404 page (in this language). */
    otherLanguage: string;
    /** The ⚠ of the year page's dapil table, in words (followed by a link to the data quality page). */
    flagged: string;
    /** The release's id beside its name, for citation. */
    releaseId: string;
  };
}

const id: SiteText = {
  slugs: {
    downloads: 'unduh',
    dictionary: 'kamus-data',
    quality: 'kualitas-data',
    about: 'tentang',
    search: 'cari',
    changes: 'perubahan',
  },
  numbers: { group: '.', decimal: ',' },
  months: [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ],
  dateTime: (date, hours, minutes) => `${date} pukul ${hours}.${minutes} UTC`,
  siteName: 'Data Terbuka Pemilu KPU',
  skip: 'Langsung ke isi',
  nav: {
    home: 'Beranda',
    downloads: 'Unduh',
    changes: 'Perubahan',
    dictionary: 'Kamus data',
    quality: 'Kualitas data',
    about: 'Tentang',
    search: 'Cari',
    label: 'Menu utama',
  },
  nativeName: 'Bahasa Indonesia',
  breadcrumb: 'Lokasi halaman',
  demo: 'DATA CONTOH, BUKAN ANGKA SEBENARNYA: situs ini dibangun dari data sintetis server pengganti, bukan dari KPU.',
  demoUpstream: 'server pengganti (demo)',
  offline: (ageDays, date) =>
    `DIBANGUN ULANG TANPA MENGHUBUNGI SUMBER: situs ini dibangun ulang tanpa menghubungi server data KPU, dari pengambilan terakhir yang tersimpan. ${
      ageDays === null ? 'Datanya' : `Datanya berumur ${ageDays === 0 ? 'kurang dari satu hari' : `${ageDays} hari`}:`
    } diambil pada ${date}.`,
  retrieved: (host, time) => `Data diambil dari ${host} pada ${time}.`,
  citeAs: 'Kutip sebagai:',
  licence:
    'Sumber tidak mencantumkan lisensi untuk data ini; tidak ada lisensi yang diberikan atau tersirat di sini. Sebutkan KPU sebagai sumber.',
  demoPrefix: '[DATA CONTOH] ',
  and: 'dan',
  sex: { male: 'Laki-laki', female: 'Perempuan', total: 'Jumlah' },
  groups: { dpt: 'DPT', dptb: 'DPTb', dpk: 'DPK', total: 'Semua daftar' },
  groupNames: { ...voterListNames('id'), total: 'DPT, DPTb dan DPK bersama' },
  countsNote: COUNTS_MEANING.id,
  unavailable: 'tidak tersedia',
  flagged: 'catatan kualitas',
  flaggedRecords: (count) => `${count} rekaman dengan catatan kualitas`,
  qualityNotes: 'Catatan kualitas',
  qualityNotesIntro: 'Rekaman ini melanggar aturan kualitas data. Angkanya diterbitkan sebagaimana diberikan sumber.',
  qualityNotesNotListed: (_count, formatted) =>
    `${formatted} rekaman lain yang ditandai tidak tercantum di halaman ini: semuanya ada di berkas halaman ini (kolom quality_flags) dan di laporan kualitas.`,
  valuesGiven: 'Nilai dari sumber',
  ruleLabel: 'Aturan',
  home: {
    intro:
      'Situs ini menerbitkan data terbuka pemilu dari Komisi Pemilihan Umum (KPU): jumlah pemilih yang menggunakan hak pilihnya dalam pemilu DPR per daerah pemilihan (dapil) dan kabupaten/kota, menurut jenis kelamin dan daftar pemilih, serta profil partai politik peserta pemilu.',
    promise: 'Setiap angka di halaman ini sama dengan angka di berkas unduhan.',
    years: 'Tahun pemilu',
    yearLine: ({ dapils, regencies, parties }) =>
      `${dapils} dapil, ${regencies} kabupaten/kota, ${parties === 0 ? 'tanpa data partai' : `${parties} partai`}`,
    totals: 'Jumlah pengguna hak pilih per tahun',
    bySexCaption: 'Pengguna hak pilih DPR menurut tahun dan jenis kelamin (semua daftar pemilih)',
    byListCaption: 'Pengguna hak pilih DPR menurut tahun dan daftar pemilih (laki-laki dan perempuan)',
    totalsNote:
      'Jumlah semua rekaman tahun itu dalam data ini; data yang tidak lengkap hanya mencakup dapil yang ada di dalamnya.',
    yearHeader: 'Tahun',
    chartTitle: 'Laki-laki dan perempuan di antara pengguna hak pilih, per tahun',
    onward: 'Selanjutnya',
    source: 'Sumber dan waktu pengambilan',
    sourceLine: (publisher, queries, host) => `${publisher}, API data terbuka (kueri ${queries}) di ${host}.`,
    lastHarvest: (time) => `Pengambilan terakhir selesai ${time}.`,
    release: (release) => `Data ini adalah rilis ${release}.`,
  },
  year: {
    title: (year) => `Pemilu ${year}`,
    turnout: 'Pengguna hak pilih DPR per dapil',
    turnoutIntro:
      'Dapil dikelompokkan menurut provinsi. Bilah kecil menunjukkan bagian laki-laki (kiri) dan perempuan (kanan).',
    noTurnout: (year) => `Data ini tidak memuat pengguna hak pilih untuk ${year}.`,
    dapil: 'Dapil',
    regencies: 'Kabupaten/kota',
    voters: 'Pengguna hak pilih',
    womenShare: 'Bagian perempuan',
    caption: (year) => `Dapil pemilu DPR ${year} menurut provinsi`,
    unplaced: (count) =>
      `${count} rekaman tanpa kode dapil yang dapat dibaca dihitung dalam jumlah tahun ini tetapi tidak muncul di halaman dapil; lihat laporan kualitas.`,
    parties: 'Partai politik',
    partiesCaption: (year) => `Partai politik peserta pemilu ${year} menurut nomor urut`,
    noParties: (year) => `Data ini tidak memuat profil partai untuk ${year}.`,
    ballot: 'Nomor urut',
    partyName: 'Nama partai',
    acronym: 'Akronim',
    totalRow: 'Jumlah',
  },
  coverage: {
    heading: 'Cakupan dapil resmi',
    line: ({ dapils, officialDapils, regencies, officialRegencies }) =>
      `${dapils} dari ${officialDapils} dapil, ${regencies} dari ${officialRegencies} kabupaten/kota dalam daftar resmi`,
    dapilsShort: (dapils, officialDapils) => `${dapils} dari ${officialDapils} dapil`,
    noTurnout: 'tidak ada data pengguna hak pilih',
    noTurnoutLine: (parties) =>
      `tidak ada data pengguna hak pilih, ${parties === 0 ? 'tanpa data partai' : `${parties} partai`}`,
    noList: 'tidak ada daftar dapil resmi untuk tahun ini',
    notCompared: 'data demo: tidak dibandingkan dengan dapil resmi',
    law: (law) => `Daftar resmi: ${law}`,
    missing: (count) => `Dapil tanpa data (${count})`,
    unknownIds: (ids) => `Kode dapil yang tidak ada dalam daftar resmi: ${ids}.`,
    misplaced: (count) => `${count} rekaman menempatkan kabupaten/kota di dapil lain daripada daftar resmi.`,
  },
  dapil: {
    title: (name, dapilId, year) => `${name} (dapil ${dapilId}), pemilu ${year}`,
    summary: ({ province, regencies, voters }) =>
      `Provinsi ${province}. ${regencies} kabupaten/kota. ${voters} pengguna hak pilih.`,
    regency: 'Kabupaten/kota',
    regencyCode: 'Kode kabupaten/kota Kemendagri (regency_code)',
    tableCaption: (name, year) =>
      `Pengguna hak pilih DPR ${year} di ${name} per kabupaten/kota, menurut daftar pemilih dan jenis kelamin`,
    totalRow: 'Jumlah dapil',
    missingInTotal: (count) => `${count} nilai tidak terbaca tidak termasuk dalam jumlah`,
    sexChart: 'Laki-laki dan perempuan di antara pengguna hak pilih, per kabupaten/kota',
    listChart: 'Pengguna hak pilih di luar DPT (DPTb dan DPK), per kabupaten/kota',
    listLegend: 'Daftar pemilih',
    sortHint: 'Dengan JavaScript, tabel dapat diurutkan dengan tombol di judul kolom.',
    listedFirst: (listed, total) =>
      `Tabel dan grafik memuat ${listed} kabupaten/kota pertama dari ${total}, menurut urutan sumber; jumlah dapil menghitung semuanya. Setiap rekaman, dengan semua angkanya, ada di berkas halaman ini di bawah.`,
  },
  party: {
    title: (name, year) => `${name}, pemilu ${year}`,
    profile: 'Profil',
    empty: 'Tidak diisi oleh sumber',
    unreadable: (raw) => `Nilai dari sumber tidak dapat dibaca: ${raw}`,
    noOtherYears: 'Partai ini tidak ada pada tahun lain dalam data ini (menurut kode partai lintas tahun, party_id).',
    duplicate: (count) => `Sumber memberi ${count} rekaman dengan nomor urut ini; semuanya ditampilkan.`,
  },
  pageFiles: {
    heading: 'Unduh rekaman halaman ini',
    intro: 'Rekaman halaman ini, dalam format dan dengan nilai yang sama dengan berkas unduhan utama.',
    yearFile: (year) => `Semua berkas tahun ${year}`,
  },
  downloads: {
    title: 'Unduh data',
    intro:
      'Semua berkas rilis ini, per tahun dan dataset. Rekaman yang melanggar aturan kualitas tetap diterbitkan sebagaimana diberikan sumber, dengan kode aturan di kolom quality_flags.',
    verify: 'Periksa berkas yang diunduh dengan SHA256SUMS:',
    allYears: 'Semua tahun',
    bundles: 'Bundel dan laporan',
    file: 'Berkas',
    format: 'Format',
    size: 'Ukuran',
    records: 'Rekaman',
    companions: 'Berkas pendamping',
    companionNotes: {
      'manifest.json': 'daftar semua berkas dengan ukuran, jumlah rekaman dan SHA-256, asal data dan rilisnya',
      'datapackage.json': 'deskripsi Frictionless Data Package untuk berkas dan skemanya, dengan rilis sebagai versi',
      'index.html': 'halaman rilis ini: kutipannya, perubahannya, dan setiap berkas dengan ukuran dan SHA-256',
      SHA256SUMS:
        'sidik SHA-256 berkas di folder ini, termasuk manifest.json, datapackage.json, index.html, changes.json, history.json dan releases.json, untuk sha256sum -c; setiap folder tahun dan setiap ZIP punya SHA256SUMS sendiri',
      'changes.json': 'rekaman yang berubah dibanding rilis sebelumnya',
      'history.json': 'riwayat perubahan rekaman di semua rilis',
      'releases.json': 'daftar semua rilis',
    },
    releasesHeading: 'Rilis dan alamat tetap',
    releasesIntro: (prefix) =>
      `Alamat di atas selalu memuat rilis terbaru. Berkas setiap rilis juga tetap dapat diunduh, tidak pernah diubah, di foldernya sendiri: ${prefix}<rilis>/, dengan manifest.json dan SHA256SUMS rilis itu. Kutip alamat ini agar angka yang Anda pakai tetap dapat diperiksa.`,
    thisRelease: (release) => `Rilis ini, ${release}:`,
    releasesList: 'Daftar semua rilis (nama, waktu pengambilan, jumlah rekaman): ',
    releasesChanges: 'Apa yang diubah setiap rilis: ',
    howTo: 'Cara membuka setiap format',
    howToIntro: (columns) =>
      `Untuk setiap dataset, baris DuckDB (SQL), pandas (Python) dan R yang membuka berkas semua tahun (baris yang sama membuka berkas tiap tahun); jalankan di folder tempat berkas diunduh. Kolom teks dinyatakan sebagai teks, sehingga kode (${columns}) tetap dengan nol di depannya. Setiap baris dijalankan oleh pengujian proyek persis seperti tertulis.`,
    formatNames: formatLabels('id'),
    popular: 'Yang paling banyak diunduh',
    popularIntro:
      'Semua tahun dalam satu berkas: buku kerja XLSX untuk spreadsheet (kode tetap teks, dengan kamus data), CSV untuk alat lain, atau ZIP berisi semuanya.',
    popularBundle: 'Semua berkas semua tahun, dengan README, kamus dan SHA256SUMS (ZIP)',
    checksums: (files) => `SHA-256 ${files} berkas ini`,
    groupChecksums:
      'Sidik SHA-256 berkas di bawah ini, satu daftar per folder, untuk sha256sum -c di folder tempat Anda mengunduhnya (tambahkan --ignore-missing bila hanya sebagian):',
    copy: 'Salin',
    copied: 'Tersalin',
  },
  dictionary: {
    title: 'Kamus data',
    intro: 'Kolom dan aturan kualitas setiap dataset, dari deklarasi yang sama yang menulis berkas unduhan.',
    identity: (keys, yearField, stem) =>
      `Satu rekaman dikenali dari ${keys}; berkas dibagi menurut ${yearField}. Nama berkas diawali ${stem}.`,
    derivedFrom: (from, stem) =>
      `Diturunkan dari rekaman ternormalisasi dataset "${from}" saat pembangunan, bukan diambil dari sumber; setiap baris membawa quality_flags rekaman asalnya. Berkas dibagi menurut tahun pemilu. Nama berkas diawali ${stem}.`,
    columns: 'Kolom',
    column: 'Kolom',
    type: 'Tipe',
    unit: 'Satuan',
    source: 'Kolom sumber',
    derived: '(diturunkan)',
    nullable: 'Boleh kosong',
    emptiness: {
      never: 'tidak',
      flagged: 'tidak (kolom kunci: kosong hanya pada rekaman yang ditandai aturan kualitas)',
      allowed: 'ya',
    },
    meaning: 'Arti',
    rules: 'Aturan kualitas',
    rule: 'Aturan',
    fields: 'Kolom sumber yang diperiksa',
    formats: 'Tipe data di setiap format',
    logicalType: 'Tipe logis',
    typeNames: {
      integer: 'bilangan bulat',
      text: 'teks',
      decimal: 'bilangan desimal',
      date: 'tanggal',
      text_list: 'daftar teks',
    },
    units: { persons: 'orang', percent: 'persen', year: 'tahun' },
    formatTypes: formatTypeTexts('id'),
  },
  quality: {
    title: 'Laporan kualitas data',
    intro:
      'Setiap rekaman diperiksa terhadap aturan kualitas datasetnya. Rekaman yang melanggar aturan tetap diterbitkan sebagaimana diberikan sumber, dengan kode aturan di kolom quality_flags. Posisi adalah urutan rekaman dalam hasil pengambilan, dihitung dari 0.',
    summary: (checked, flagged, violations) =>
      `${checked} rekaman diperiksa, ${flagged} ditandai, ${violations} pelanggaran aturan.`,
    perYear: 'Ringkasan per tahun',
    year: 'Tahun',
    checked: 'Rekaman diperiksa',
    flaggedRecords: 'Rekaman ditandai',
    violations: 'Pelanggaran',
    rules: 'Pelanggaran per aturan',
    list: 'Daftar pelanggaran',
    none: 'Tidak ada pelanggaran.',
    position: 'Posisi',
    key: 'Kunci',
    message: 'Pesan',
    record: 'Halaman',
    shown: (shown, total, listed, limit) =>
      listed === total
        ? `${shown} pelanggaran pertama dari ${total} ditampilkan; laporan lengkap ada di berkas unduhan.`
        : `${shown} pelanggaran pertama dari ${total} ditampilkan; laporan di berkas unduhan merinci ${listed} di antaranya (paling banyak ${limit} per aturan), dan aturan yang dilanggar setiap rekaman ada di kolom quality_flags berkas datanya.`,
    fullReport: 'Laporan lengkap',
    yearless: (count) =>
      `${count} rekaman dengan tahun pemilu yang tidak terbaca atau bukan empat angka hanya ada di berkas semua tahun.`,
  },
  changes: {
    title: 'Perubahan data',
    intro:
      'Setiap kali data di sumber berubah, pembangunan berikutnya menerbitkan rilis baru, dinamai menurut tanggal pengambilan datanya. Berkas setiap rilis tetap dapat diunduh tanpa diubah di foldernya sendiri. Halaman ini mencatat apa yang diubah setiap rilis, rekaman demi rekaman: rekaman yang ditambahkan, dihapus, dan nilai lama serta baru setiap kolom yang diubah.',
    current: (release, time) => `Data di situs ini adalah rilis ${release}, diambil ${time}.`,
    unchanged: (release) =>
      `Pembangunan terakhir tidak menemukan perubahan: datanya masih data rilis ${release}, dan berkasnya sama persis.`,
    noRelease: (harvestId) =>
      `Data ini dibangun tanpa tahap rilis (pengambilan ${harvestId}): belum ada rilis yang dapat dibandingkan.`,
    files: 'Daftar lengkap, untuk dibaca mesin',
    fileNotes: {
      'releases.json': 'semua rilis',
      'history.json': 'semua perubahan semua rilis',
      'changes.json': 'perubahan rilis terbaru',
    },
    releases: 'Rilis',
    releasesCaption: 'Semua rilis, terbaru dahulu',
    release: 'Rilis',
    retrieved: 'Data diambil',
    download: 'Berkas rilis (tidak berubah)',
    currentMark: '(rilis saat ini)',
    releaseHeading: (release) => `Rilis ${release}`,
    retrievedOn: (date) => `Data diambil ${date}.`,
    first: 'Rilis pertama: tidak ada yang dibandingkan.',
    nothing: (previous) => `Tidak ada rekaman yang berubah dibanding rilis ${previous}.`,
    since: (previous) => `Dibanding rilis ${previous}:`,
    counts: ({ added, removed, changed }) => `${added} ditambahkan, ${removed} dihapus, ${changed} diubah`,
    tableCaption: (dataset, release) => `${dataset}: perubahan rilis ${release}`,
    shown: (shown, total) =>
      `${shown} rekaman pertama dari ${total} yang berubah ditampilkan; semuanya ada di history.json.`,
    summarized: (count) =>
      `Perubahan ${count} rekaman hanya dihitung di sini agar halaman tetap ringan; semuanya ada di history.json.`,
    olderReleases: (count) =>
      `${count} rilis yang lebih lama tidak ditampilkan di sini; semuanya ada di releases.json dan history.json.`,
    kindHeader: 'Perubahan',
    kinds: { added: 'ditambahkan', removed: 'dihapus', changed: 'diubah' },
    record: 'Rekaman',
    field: 'Kolom',
    old: 'Nilai lama',
    new: 'Nilai baru',
    empty: '(kosong)',
    wholeRecord: 'seluruh rekaman',
  },
  history: {
    heading: 'Riwayat perubahan',
    intro: 'Perubahan rekaman halaman ini di rilis yang diterbitkan, terbaru dahulu.',
    caption: (subject) => `Riwayat perubahan ${subject}`,
    none: (first) => `Tidak ada perubahan pada rekaman halaman ini yang diterbitkan sejak rilis pertama (${first}).`,
    noReleases: 'Data ini dibangun tanpa tahap rilis, jadi belum ada riwayat perubahan.',
    shown: (shown, total) => `${shown} perubahan terbaru dari ${total} ditampilkan; semuanya ada di history.json.`,
    all: 'Semua perubahan data',
  },
  about: {
    title: 'Tentang data ini',
    sources: 'Sumber',
    sourcesIntro: (upstream) =>
      `Semua data berasal dari API data terbuka Komisi Pemilihan Umum (KPU) di ${upstream}, lewat dua kueri:`,
    datasetCounts: (records, pages) => `${records} rekaman dalam ${pages} halaman.`,
    retrieval: ({ harvestId, started, finished, retries, warnings }) =>
      `Pengambilan data dimulai ${started} dan selesai ${finished}, dengan ${retries} percobaan ulang dan ${warnings} peringatan (kode pengambilan ${harvestId}).`,
    harvested: 'Cara data diambil',
    harvestedBody:
      'Setiap halaman kedua kueri diunduh sampai habis, dengan jeda dan percobaan ulang bila server sibuk atau gagal. Setiap halaman disimpan persis seperti diterima, dengan alamatnya (tanpa kunci API), waktunya dan sidik SHA-256-nya. Bila data berubah selama pengambilan (halaman berulang atau kunci ganda), seluruh pengambilan diulang sekali; bila masih berubah, pembangunan berhenti.',
    normalized: 'Cara data dinormalisasi',
    normalizedItems: [
      'Jumlah dan tahun menjadi bilangan bulat; kode (IdDapil, NomorUrutPartai) tetap teks, termasuk nol di depan.',
      'Persentase dengan koma desimal menjadi angka (30,5 → 30.5); tanggal DD-MM-YYYY menjadi tanggal ISO (06-02-2008 → 2008-02-06).',
      'Teks dipangkas dan spasi berulang dirapatkan; selain itu ejaan, huruf besar dan tanda baca tetap seperti sumber. Nilai kosong menjadi <code>null</code>.',
      'Setiap rekaman diperiksa terhadap aturan kualitas. Rekaman yang melanggar tetap diterbitkan sebagaimana diberikan sumber, dengan kode aturan di kolom <code>quality_flags</code>; nilai yang tidak dapat dibaca menjadi <code>null</code>, dan nilai aslinya ada di laporan kualitas dan berkas JSON mentah.',
    ],
    cite: 'Cara mengutip',
    citeRelease: 'Seluruh rilis:',
    citeFiles: 'Untuk pengelola referensi (Zotero, Mendeley, EndNote, BibTeX), kutipan rilis ini sebagai berkas:',
    citeExample: 'Satu dataset dan tahun, misalnya:',
    thisRelease: (release) =>
      `Rilis ini: ${release}. manifest.json di halaman unduh mencatat rilis, waktu pengambilan dan sidik SHA-256 setiap berkas.`,
    licences: 'Kredit dan lisensi',
    dataLicence: (licence) => `Data: Komisi Pemilihan Umum (KPU). ${licence}`,
    regionCodesLicence: (packageName) =>
      `Kode provinsi dan kabupaten/kota (province_code, regency_code): daftar resmi Kemendagri (Kepmendagri 300.2.2-2138/2025, pengganti 100.1.1-6117/2022) dari paket npm ${packageName} oleh Fityan Nugroho, yang datanya berlisensi ODbL 1.0 (lisensi basis data terbuka); kodenya dicocokkan dengan nama dalam data KPU.`,
    softwareLicence:
      'Perangkat lunak penerbit: lisensi MIT. Grafik dibuat sebagai SVG saat pembangunan; situs memakai huruf sistem dan tidak memuat apa pun dari luar.',
    softwareCaption: 'Perangkat lunak yang dipakai',
    softwareName: 'Nama',
    softwareLicenceHeader: 'Lisensi',
    softwareUse: 'Kegunaan',
  },
  sentences: {
    noVotersIn: (subject) => `Di ${subject} tidak ada pengguna hak pilih yang tercatat.`,
    noVoters: 'Tidak ada pengguna hak pilih yang tercatat.',
    sexSplit: ({ subject, female, male, gap, moreWomen }) =>
      `Di ${subject}, perempuan adalah ${female} pengguna hak pilih dan laki-laki ${male}, selisih ${gap} orang lebih banyak ${moreWomen ? 'perempuan' : 'laki-laki'}`,
    sexSplitRange: ({ high, highShare, low, lowShare }) =>
      `; bagian perempuan tertinggi di ${high} (${highShare}) dan terendah di ${low} (${lowShare})`,
    sexSplitSame: ({ names, share }) => `; bagian perempuan sama di ${names}, masing-masing ${share}`,
    yearsFirst: (share, year) => `${share} pengguna hak pilih pada ${year}`,
    yearsNext: (share, year) => `${share} pada ${year}`,
    years: (list) => `Perempuan adalah ${list}.`,
    voterLists: ({ subject, dpt, dptb, dpk }) =>
      `Di ${subject}, ${dpt} pengguna hak pilih terdaftar di DPT, ${dptb} memilih lewat DPTb dan ${dpk} lewat DPK`,
    voterListsRange: ({ high, highShare, low, lowShare }) =>
      `; bagian di luar DPT terbesar di ${high} (${highShare}) dan terkecil di ${low} (${lowShare})`,
    voterListsSame: ({ names, share }) => `; bagian di luar DPT sama di ${names}, masing-masing ${share}`,
    citation: ({ publisher, what, queries, release, retrieved }) =>
      `${publisher}. ${what}. API data terbuka KPU, kueri ${queries}; rilis ${release}, diambil ${retrieved}.`,
  },
  story: STORY_TEXT.id,
  search: {
    title: 'Cari',
    intro: 'Cari dapil, kabupaten/kota dan partai di semua tahun.',
    label: 'Nama dapil, kabupaten/kota atau partai',
    button: 'Cari',
    noscript:
      'Pencarian memerlukan JavaScript. Tanpa JavaScript, semua dapil dan partai terdaftar di halaman setiap tahun:',
    noscriptEngine:
      'Tanpa JavaScript, kotak pencarian mencari di situs ini melalui DuckDuckGo (di luar situs ini). Semua dapil dan partai juga terdaftar di halaman setiap tahun:',
    kinds: { dapil: 'dapil', regency: 'kabupaten/kota', party: 'partai' },
    none: 'Tidak ada hasil.',
    results: 'Hasil',
  },
  notFound: { title: 'Halaman tidak ditemukan', body: 'Alamat ini tidak ada di situs. Mulai dari beranda:' },
  maps: {
    heading: 'Peta provinsi',
    intro:
      'Warna menunjukkan kelas; angka pasti setiap provinsi ada di tabel. Setiap provinsi yang berdata adalah tautan ke barisnya di tabel, beserta dapilnya.',
    introHome:
      'Warna menunjukkan kelas. Setiap provinsi yang berdata adalah tautan ke angka pastinya dan dapilnya di halaman tahun.',
    measures: {
      voters: 'Pengguna hak pilih',
      women: 'Bagian perempuan',
      outside: 'Bagian di luar DPT (DPTb dan DPK)',
    },
    measuresNav: 'Peta:',
    mapTitle: (measure, year) => `Peta provinsi: ${measure.toLowerCase()}, ${year}`,
    gridTitle: (measure, year) => `Peta petak (satu kotak per provinsi): ${measure.toLowerCase()}, ${year}`,
    mapDescription: (withData, provinces, highest, lowest) =>
      `Data untuk ${withData} dari ${provinces} provinsi.${highest === null ? '' : ` Tertinggi ${highest.name} (${highest.value})`}${lowest === null ? '' : `, terendah ${lowest.name} (${lowest.value})`}.`,
    gridNote:
      'Peta petak: satu kotak sama besar per provinsi, agar provinsi kecil seperti DKI Jakarta, DI Yogyakarta dan Bali mudah ditemukan.',
    tileKey: 'Kode kotak peta petak',
    legend: 'Kelas (jumlah provinsi kurang lebih sama per kelas; batas bawah termasuk kelas)',
    binLabel: (lower, upper, last) => (last ? `${lower} sampai ${upper}` : `${lower} sampai di bawah ${upper}`),
    noData: 'tidak ada data',
    noDataList: (names) => `Tidak ada data: ${names}.`,
    formerShort: (name) => `bagian ${name} pada pemilu ini`,
    former: (names) => `Provinsi yang dibentuk setelah pemilu ini digambar dengan angka provinsi asalnya: ${names}.`,
    unplaced: (count) =>
      `${count} rekaman tanpa kode provinsi (lihat laporan kualitas data) dihitung dalam jumlah tahun ini, tetapi tidak di peta.`,
    tableCaption: (year) => `Angka peta per provinsi, ${year}`,
    province: 'Provinsi',
    dapils: 'Dapil',
    allMaps: (year) => `Ketiga peta per provinsi untuk ${year}`,
    shapesCredit: { before: 'Batas provinsi: ', after: ' oleh Deny Herianto (CC BY 4.0), disederhanakan.' },
  },
  share: {
    dateTimeWib: (date, hours, minutes, utcHours, utcMinutes) =>
      `${date} pukul ${hours}.${minutes} WIB (${utcHours}.${utcMinutes} UTC)`,
    releaseName: (date, number) => `rilis ${date}${number === null ? '' : ` (${number})`}`,
    ogLocale: 'id_ID',
    yearDescription: (year, voters, dapils, women) =>
      `Pemilu ${year}: ${voters} pengguna hak pilih DPR di ${dapils} dapil, ${women} di antaranya perempuan. Angka per dapil, kabupaten/kota dan partai.`,
    dapilDescription: (name, id, year, voters, regencies, women) =>
      `${name} (dapil ${id}), pemilu ${year}: ${voters} pengguna hak pilih di ${regencies} kabupaten/kota, ${women} di antaranya perempuan.`,
    siteDescription:
      'Data terbuka pemilu DPR dari KPU: pengguna hak pilih per dapil dan kabupaten/kota menurut jenis kelamin, dan profil partai; CSV, XLSX, Parquet.',
    pageDescription: (kind, title) =>
      ({
        profile: `${title}: profil partai dari KPU (nomor urut, alamat, situs web, kepengurusan).`,
        downloads:
          'Unduh data pemilu KPU: bundel semua tahun, CSV dan XLSX per dataset, JSON, Parquet dan Arrow, dengan checksum SHA-256.',
        dictionary: 'Kamus data: setiap kolom, tipe, satuan, kolom sumber dan aturan mutu data pemilu KPU.',
        quality: 'Mutu data: rekaman dari sumber KPU yang melanggar aturan mutu, diterbitkan apa adanya dan ditandai.',
        about: 'Tentang data: sumber, cara pengambilan dan normalisasi, cara mengutip, lisensi dan perangkat lunak.',
        search: 'Cari dapil, kabupaten/kota dan partai di semua tahun pemilu.',
        changes: 'Perubahan data antar-rilis: rekaman yang ditambah, dihapus dan diubah di setiap rilis.',
      })[kind] ?? `${title}. Data terbuka pemilu DPR RI dari KPU.`,
    suggestions: 'Mungkin Anda mencari:',
    search: 'Cari dapil, kabupaten/kota atau partai',
    otherLanguage: 'Mencari halaman berbahasa Indonesia? Halaman ini dalam bahasa Indonesia:',
    flagged:
      '⚠: dapil dengan rekaman yang melanggar aturan mutu data; catatannya ada di halaman dapil itu dan di halaman',
    releaseId: 'kode rilis',
  },
};

const en: SiteText = {
  slugs: {
    downloads: 'downloads',
    dictionary: 'data-dictionary',
    quality: 'data-quality',
    about: 'about',
    search: 'search',
    changes: 'changes',
  },
  numbers: { group: ',', decimal: '.' },
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  dateTime: (date, hours, minutes) => `${date}, ${hours}:${minutes} UTC`,
  siteName: 'KPU Election Open Data',
  skip: 'Skip to content',
  nav: {
    home: 'Home',
    downloads: 'Downloads',
    changes: 'Changes',
    dictionary: 'Data dictionary',
    quality: 'Data quality',
    about: 'About',
    search: 'Search',
    label: 'Main menu',
  },
  nativeName: 'English',
  breadcrumb: 'You are here',
  demo: "DEMO DATA, NOT REAL FIGURES: this site was built from the stand-in upstream's synthetic data, not from the KPU.",
  demoUpstream: 'stand-in upstream (demo)',
  offline: (ageDays, date) =>
    `REBUILT OFFLINE: this site was rebuilt without contacting the upstream (the KPU's data server), from the last retrieval kept. ${
      ageDays === null
        ? 'The data was'
        : `The data is ${ageDays === 0 ? 'less than a day' : ageDays === 1 ? '1 day' : `${ageDays} days`} old:`
    } retrieved on ${date}.`,
  retrieved: (host, time) => `Data retrieved from ${host} on ${time}.`,
  citeAs: 'Cite as:',
  licence:
    'The source publishes no licence for this data; none is granted or implied here. Credit the KPU as the source.',
  demoPrefix: '[DEMO DATA] ',
  and: 'and',
  sex: { male: 'Male', female: 'Female', total: 'Both' },
  groups: { dpt: 'DPT', dptb: 'DPTb', dpk: 'DPK', total: 'All lists' },
  groupNames: { ...voterListNames('en'), total: 'DPT, DPTb and DPK together' },
  countsNote: COUNTS_MEANING.en,
  unavailable: 'not available',
  flagged: 'quality note',
  flaggedRecords: (count) => `${count} record${count === 1 ? '' : 's'} with quality notes`,
  qualityNotes: 'Quality notes',
  qualityNotesIntro: 'These records break a data quality rule. Their figures are published as the source gave them.',
  qualityNotesNotListed: (count, formatted) =>
    count === 1
      ? `${formatted} more flagged record is not listed on this page: it is in this page's files (the quality_flags column) and in the quality report.`
      : `${formatted} more flagged records are not listed on this page: all of them are in this page's files (the quality_flags column) and in the quality report.`,
  valuesGiven: 'Values from the source',
  ruleLabel: 'Rule',
  home: {
    intro:
      "This site publishes the election open data of Indonesia's election commission (Komisi Pemilihan Umum, KPU): the number of voters who used their vote in the DPR (national legislature) election per electoral district (dapil) and regency or city, by sex and voter list, and the profiles of the parties contesting the election.",
    promise: 'Every figure on these pages is the figure in the downloads.',
    years: 'Election years',
    yearLine: ({ dapils, regencies, parties }) =>
      `${dapils} dapils, ${regencies} regencies and cities, ${parties === 0 ? 'no party data' : `${parties} parties`}`,
    totals: 'Voters who voted, per year',
    bySexCaption: 'Voters who voted in the DPR election by year and sex (all voter lists)',
    byListCaption: 'Voters who voted in the DPR election by year and voter list (men and women)',
    totalsNote:
      "The sum of all of that year's records in this data; where the data is incomplete it covers only the dapils it holds.",
    yearHeader: 'Year',
    chartTitle: 'Men and women among voters who voted, per year',
    onward: 'Further',
    source: 'Source and retrieval time',
    sourceLine: (publisher, queries, host) => `${publisher}, open-data API (queries ${queries}) at ${host}.`,
    lastHarvest: (time) => `The last retrieval finished on ${time}.`,
    release: (release) => `This data is release ${release}.`,
  },
  year: {
    title: (year) => `${year} election`,
    turnout: 'Voters who voted in the DPR election, per dapil',
    turnoutIntro: "Dapils grouped by province. The small bar shows men's share (left) and women's (right).",
    noTurnout: (year) => `This data holds no turnout records for ${year}.`,
    dapil: 'Dapil',
    regencies: 'Regencies and cities',
    voters: 'Voters who voted',
    womenShare: "Women's share",
    caption: (year) => `Dapils of the ${year} DPR election by province`,
    unplaced: (count) =>
      `${count} record${count === 1 ? '' : 's'} without a readable dapil id count in this year's totals but appear on no dapil page; see the quality report.`,
    parties: 'Political parties',
    partiesCaption: (year) => `Parties contesting the ${year} election by ballot number`,
    noParties: (year) => `This data holds no party profiles for ${year}.`,
    ballot: 'Ballot number',
    partyName: 'Party name',
    acronym: 'Acronym',
    totalRow: 'Total',
  },
  coverage: {
    heading: 'Coverage of the official dapils',
    line: ({ dapils, officialDapils, regencies, officialRegencies }) =>
      `${dapils} of ${officialDapils} dapils, ${regencies} of ${officialRegencies} regencies of the official list`,
    dapilsShort: (dapils, officialDapils) => `${dapils} of ${officialDapils} dapils`,
    noTurnout: 'no turnout data',
    noTurnoutLine: (parties) => `no turnout data, ${parties === 0 ? 'no party data' : `${parties} parties`}`,
    noList: 'no official dapil list for this year',
    notCompared: 'demo data: not compared with the official dapils',
    law: (law) => `Official list: ${law}`,
    missing: (count) => `Dapils without data (${count})`,
    unknownIds: (ids) => `Dapil ids not in the official list: ${ids}.`,
    misplaced: (count) => `${count} records put a regency in another dapil than the official list.`,
  },
  dapil: {
    title: (name, dapilId, year) => `${name} (dapil ${dapilId}), ${year} election`,
    summary: ({ province, regencies, voters }) =>
      `Province ${province}. ${regencies} regencies and cities. ${voters} voters who voted.`,
    regency: 'Regency or city',
    regencyCode: 'Kemendagri regency or city code (regency_code)',
    tableCaption: (name, year) =>
      `Voters who voted in the ${year} DPR election in ${name} per regency or city, by voter list and sex`,
    totalRow: 'Dapil total',
    missingInTotal: (count) => `${count} unreadable value${count === 1 ? '' : 's'} left out of the total`,
    sexChart: 'Men and women among voters who voted, per regency or city',
    listChart: 'Voters who voted outside the final voter list (DPTb and DPK), per regency or city',
    listLegend: 'Voter lists',
    sortHint: 'With JavaScript, the buttons in the column headers sort the table.',
    listedFirst: (listed, total) =>
      `The table and the charts list the first ${listed} of ${total} regencies and cities, in the source's order; the dapil total counts them all. Every record, with all its figures, is in this page's files below.`,
  },
  party: {
    title: (name, year) => `${name}, ${year} election`,
    profile: 'Profile',
    empty: 'Left empty by the source',
    unreadable: (raw) => `The source's value could not be read: ${raw}`,
    noOtherYears: 'This party is in no other year of this data (by its party id across years, party_id).',
    duplicate: (count) => `The source gives ${count} records with this ballot number; all are shown.`,
  },
  pageFiles: {
    heading: "Download this page's records",
    intro: "This page's records, in the same formats and with the same values as the main downloads.",
    yearFile: (year) => `All files of ${year}`,
  },
  downloads: {
    title: 'Downloads',
    intro:
      'Every file of this release, by year and dataset. Records that break a quality rule are published as the source gave them, with the rule ids in the quality_flags column.',
    verify: 'Check downloaded files with SHA256SUMS:',
    allYears: 'All years',
    bundles: 'Bundles and reports',
    file: 'File',
    format: 'Format',
    size: 'Size',
    records: 'Records',
    companions: 'Companion files',
    companionNotes: {
      'manifest.json': 'every file with its size, record count and SHA-256, where the data came from, and its release',
      'datapackage.json':
        'a Frictionless Data Package describing the files and their schemas, the release as its version',
      'index.html': "this release's page: its citation, its changes, and every file with its size and SHA-256",
      SHA256SUMS:
        "the SHA-256 of this folder's files, manifest.json, datapackage.json, index.html, changes.json, history.json and releases.json included, for sha256sum -c; each year's folder and each ZIP has its own SHA256SUMS",
      'changes.json': 'the records that changed since the previous release',
      'history.json': 'the change history of records across releases',
      'releases.json': 'every release',
    },
    releasesHeading: 'Releases and permanent paths',
    releasesIntro: (prefix) =>
      `The paths above always hold the newest release. Every release's files also stay downloadable, never altered, in a folder of their own: ${prefix}<release>/, with that release's manifest.json and SHA256SUMS. Cite these paths so the figures you use can still be checked.`,
    thisRelease: (release) => `This release, ${release}:`,
    releasesList: 'The list of every release (name, retrieval time, record counts): ',
    releasesChanges: 'What each release changed: ',
    howTo: 'How to load each format',
    howToIntro: (columns) =>
      `For each dataset, DuckDB (SQL), pandas (Python) and R lines that load its all-years file (the same lines load each year's file); run them in the folder you downloaded it to. The text columns are declared as text, so the codes (${columns}) keep their leading zeros. The project's tests run every line exactly as shown.`,
    formatNames: formatLabels('en'),
    popular: 'What most people download',
    popularIntro:
      'Every year in one file: the XLSX workbook for spreadsheets (codes stay text, with the data dictionary), the CSV for other tools, or the ZIP of everything.',
    popularBundle: 'Every file of every year, with a README, the dictionary and SHA256SUMS (ZIP)',
    checksums: (files) => `SHA-256 of these ${files} files`,
    groupChecksums:
      'The SHA-256 of the files below, one list per folder, for sha256sum -c in the folder you download them into (add --ignore-missing when only some of them):',
    copy: 'Copy',
    copied: 'Copied',
  },
  dictionary: {
    title: 'Data dictionary',
    intro: "Each dataset's columns and quality rules, from the same declarations that write the downloads.",
    identity: (keys, yearField, stem) =>
      `A record is identified by ${keys}; files are split by ${yearField}. File names start with ${stem}.`,
    derivedFrom: (from, stem) =>
      `Derived from the normalized records of the "${from}" dataset at build time, not harvested; each row carries its source record's quality_flags. Files are split by election year. File names start with ${stem}.`,
    columns: 'Columns',
    column: 'Column',
    type: 'Type',
    unit: 'Unit',
    source: 'Source field',
    derived: '(derived)',
    nullable: 'Can be empty',
    emptiness: {
      never: 'no',
      flagged: 'no (a key column: empty only in a record the quality rules flag)',
      allowed: 'yes',
    },
    meaning: 'Meaning',
    rules: 'Quality rules',
    rule: 'Rule',
    fields: 'Source fields checked',
    formats: 'Data types in each format',
    logicalType: 'Logical type',
    typeNames: { integer: 'integer', text: 'text', decimal: 'decimal', date: 'date', text_list: 'list of texts' },
    units: { persons: 'persons', percent: 'percent', year: 'year' },
    // The wording of docs/data.md, so the page and the docs say the same.
    formatTypes: formatTypeTexts('en'),
  },
  quality: {
    title: 'Data quality report',
    intro:
      "Every record is checked against its dataset's quality rules. Records that break a rule are published as the source gave them, with the rule ids in the quality_flags column. Position is the record's place in the retrieved order, counted from 0.",
    summary: (checked, flagged, violations) =>
      `${checked} records checked, ${flagged} flagged, ${violations} broken rules.`,
    perYear: 'Summary per year',
    year: 'Year',
    checked: 'Records checked',
    flaggedRecords: 'Records flagged',
    violations: 'Violations',
    rules: 'Violations per rule',
    list: 'Violations',
    none: 'No violations.',
    position: 'Position',
    key: 'Key',
    message: 'Message',
    record: 'Page',
    shown: (shown, total, listed, limit) =>
      listed === total
        ? `The first ${shown} of ${total} violations are shown; the full report is in the downloads.`
        : `The first ${shown} of ${total} violations are shown; the report in the downloads details ${listed} of them (at most ${limit} of each rule), and every record's broken rules are in the quality_flags column of its data file.`,
    fullReport: 'Full report',
    yearless: (count) =>
      `${count} record${count === 1 ? '' : 's'} whose election year is unreadable or not four digits ${count === 1 ? 'is' : 'are'} in the all-years files only.`,
  },
  changes: {
    title: 'Changes to the data',
    intro:
      "Whenever the source's data changes, the next build publishes a new release, named after the day its data was retrieved. Every release's files stay downloadable, unaltered, in a folder of their own. This page records what each release changed, record by record: records added, records removed, and the old and new value of every changed field.",
    current: (release, time) => `The data on this site is release ${release}, retrieved on ${time}.`,
    unchanged: (release) =>
      `The last build found no change: the data is still that of release ${release}, and its files are byte-identical.`,
    noRelease: (harvestId) =>
      `This data was built without the release stage (retrieval ${harvestId}): there is no release to compare with yet.`,
    files: 'The complete lists, for machines',
    fileNotes: {
      'releases.json': 'every release',
      'history.json': 'every change of every release',
      'changes.json': "the newest release's changes",
    },
    releases: 'Releases',
    releasesCaption: 'Every release, newest first',
    release: 'Release',
    retrieved: 'Data retrieved',
    download: 'Release files (never altered)',
    currentMark: '(current release)',
    releaseHeading: (release) => `Release ${release}`,
    retrievedOn: (date) => `Data retrieved on ${date}.`,
    first: 'First release: nothing to compare with.',
    nothing: (previous) => `No record changed since release ${previous}.`,
    since: (previous) => `Since release ${previous}:`,
    counts: ({ added, removed, changed }) => `${added} added, ${removed} removed, ${changed} changed`,
    tableCaption: (dataset, release) => `${dataset}: changes of release ${release}`,
    shown: (shown, total) => `The first ${shown} of ${total} changed records are shown; all are in history.json.`,
    summarized: (count) =>
      `The changes of ${count} record${count === 1 ? '' : 's'} are only counted here, to keep the page light; all are in history.json.`,
    olderReleases: (count) =>
      `${count} older release${count === 1 ? ' is' : 's are'} not shown here; all are in releases.json and history.json.`,
    kindHeader: 'Change',
    kinds: { added: 'added', removed: 'removed', changed: 'changed' },
    record: 'Record',
    field: 'Field',
    old: 'Old value',
    new: 'New value',
    empty: '(empty)',
    wholeRecord: 'whole record',
  },
  history: {
    heading: 'Change history',
    intro: "Changes to this page's records in the published releases, newest first.",
    caption: (subject) => `Change history of ${subject}`,
    none: (first) => `No change to this page's records has been published since the first release (${first}).`,
    noReleases: 'This data was built without the release stage, so there is no change history yet.',
    shown: (shown, total) => `The newest ${shown} of ${total} changes are shown; all are in history.json.`,
    all: 'Every change to the data',
  },
  about: {
    title: 'About this data',
    sources: 'Sources',
    sourcesIntro: (upstream) =>
      `All data comes from the open-data API of Indonesia's election commission, Komisi Pemilihan Umum (KPU), at ${upstream}, through two queries:`,
    datasetCounts: (records, pages) => `${records} records in ${pages} pages.`,
    retrieval: ({ harvestId, started, finished, retries, warnings }) =>
      `The retrieval started on ${started} and finished on ${finished}, with ${retries} retries and ${warnings} warnings (retrieval id ${harvestId}).`,
    harvested: 'How the data was harvested',
    harvestedBody:
      'Every page of both queries is downloaded to the end, pausing and retrying when the server is busy or fails. Each page is kept exactly as received, with its address (without the API key), its time and its SHA-256. If the data changes during the retrieval (repeated pages or duplicate keys), the whole retrieval is repeated once; if it still changes, the build stops.',
    normalized: 'How the data was normalized',
    normalizedItems: [
      'Counts and years become integers; identifiers (IdDapil, NomorUrutPartai) stay text, leading zeros included.',
      'Percentages with a decimal comma become numbers (30,5 → 30.5); DD-MM-YYYY dates become ISO dates (06-02-2008 → 2008-02-06).',
      "Text is trimmed and runs of spaces collapse to one; spelling, case and punctuation otherwise stay the source's. Empty values become <code>null</code>.",
      'Every record is checked against the quality rules. Records that break one are still published as the source gave them, with the rule ids in the <code>quality_flags</code> column; a value that cannot be read becomes <code>null</code>, and the original is in the quality report and the raw JSON files.',
    ],
    cite: 'How to cite',
    citeRelease: 'The whole release:',
    citeFiles: "For a reference manager (Zotero, Mendeley, EndNote, BibTeX), this release's citation as a file:",
    citeExample: 'One dataset and year, for example:',
    thisRelease: (release) =>
      `This release: ${release}. manifest.json on the downloads page records the release, the retrieval time and the SHA-256 of every file.`,
    licences: 'Credits and licences',
    dataLicence: (licence) => `Data: Komisi Pemilihan Umum (KPU). ${licence}`,
    regionCodesLicence: (packageName) =>
      `Province and regency codes (province_code, regency_code): Kemendagri's official list (Kepmendagri 300.2.2-2138/2025, successor of 100.1.1-6117/2022) from the npm package ${packageName} by Fityan Nugroho, whose data is licensed under the Open Database License (ODbL) 1.0; the codes are matched to the names in KPU's data.`,
    softwareLicence:
      'The publisher software: MIT licence. Charts are drawn as SVG at build time; the site uses system fonts and loads nothing from elsewhere.',
    softwareCaption: 'Software used',
    softwareName: 'Name',
    softwareLicenceHeader: 'Licence',
    softwareUse: 'Used for',
  },
  sentences: {
    noVotersIn: (subject) => `No voters who voted are recorded in ${subject}.`,
    noVoters: 'No voters who voted are recorded.',
    sexSplit: ({ subject, female, male, gap, moreWomen }) =>
      `In ${subject}, women were ${female} of voters who voted and men ${male}, ${gap} more ${moreWomen ? 'women than men' : 'men than women'}`,
    sexSplitRange: ({ high, highShare, low, lowShare }) =>
      `; women's share was highest in ${high} (${highShare}) and lowest in ${low} (${lowShare})`,
    sexSplitSame: ({ names, share }) => `; women's share was the same in ${names}, ${share} each`,
    yearsFirst: (share, year) => `${share} of voters who voted in ${year}`,
    yearsNext: (share, year) => `${share} in ${year}`,
    years: (list) => `Women were ${list}.`,
    voterLists: ({ subject, dpt, dptb, dpk }) =>
      `In ${subject}, ${dpt} of voters who voted were on the final voter list (DPT), ${dptb} on the DPTb (registered elsewhere, moved) and ${dpk} on the DPK (on no list)`,
    voterListsRange: ({ high, highShare, low, lowShare }) =>
      `; the share outside the DPT was largest in ${high} (${highShare}) and smallest in ${low} (${lowShare})`,
    voterListsSame: ({ names, share }) => `; the share outside the DPT was the same in ${names}, ${share} each`,
    citation: ({ publisher, what, queries, oneQuery, release, retrieved }) =>
      `${publisher}. ${what}. KPU open-data API, ${oneQuery ? 'query' : 'queries'} ${queries}; release ${release}, retrieved ${retrieved}.`,
  },
  story: STORY_TEXT.en,
  search: {
    title: 'Search',
    intro: 'Search dapils, regencies and cities, and parties across all years.',
    label: 'Name of a dapil, regency, city or party',
    button: 'Search',
    noscript: 'Search needs JavaScript. Without it, every dapil and party is listed on the page of each year:',
    noscriptEngine:
      'Without JavaScript, the search box searches this site with DuckDuckGo (outside this site). Every dapil and party is also listed on the page of each year:',
    kinds: { dapil: 'dapil', regency: 'regency or city', party: 'party' },
    none: 'No results.',
    results: 'Results',
  },
  notFound: { title: 'Page not found', body: 'This address does not exist on the site. Start from the home page:' },
  maps: {
    heading: 'Province maps',
    intro:
      "Colours show classes; each province's exact figures are in the table. Every province with data links to its row in the table, with its dapils.",
    introHome:
      "Colours show classes. Every province with data links to its exact figures and its dapils on the year's page.",
    measures: {
      voters: 'Voters who voted',
      women: "Women's share",
      outside: 'Share outside the DPT (DPTb and DPK)',
    },
    measuresNav: 'Maps:',
    mapTitle: (measure, year) => `Province map: ${measure.toLowerCase()}, ${year}`,
    gridTitle: (measure, year) => `Tile map (one square per province): ${measure.toLowerCase()}, ${year}`,
    mapDescription: (withData, provinces, highest, lowest) =>
      `Data for ${withData} of ${provinces} provinces.${highest === null ? '' : ` Highest ${highest.name} (${highest.value})`}${lowest === null ? '' : `, lowest ${lowest.name} (${lowest.value})`}.`,
    gridNote:
      'Tile map: one equal square per province, so that small provinces such as DKI Jakarta, DI Yogyakarta and Bali are easy to find.',
    tileKey: "The tile map's square codes",
    legend: 'Classes (about as many provinces in each; the lower bound belongs to the class)',
    binLabel: (lower, upper, last) => (last ? `${lower} to ${upper}` : `${lower} to under ${upper}`),
    noData: 'no data',
    noDataList: (names) => `No data: ${names}.`,
    formerShort: (name) => `part of ${name} at this election`,
    former: (names) => `Provinces formed after this election are drawn with their former province's figures: ${names}.`,
    unplaced: (count) =>
      `${count} ${count === 1 ? 'record' : 'records'} without a province code (see the data quality report) count in the year's totals, but on no map.`,
    tableCaption: (year) => `The maps' figures per province, ${year}`,
    province: 'Province',
    dapils: 'Dapils',
    allMaps: (year) => `All three province maps of ${year}`,
    shapesCredit: { before: 'Province boundaries: ', after: ' by Deny Herianto (CC BY 4.0), simplified.' },
  },
  share: {
    dateTimeWib: (date, hours, minutes, utcHours, utcMinutes) =>
      `${date}, ${hours}:${minutes} WIB (${utcHours}:${utcMinutes} UTC)`,
    releaseName: (date, number) => `release of ${date}${number === null ? '' : ` (${number})`}`,
    ogLocale: 'en_GB',
    yearDescription: (year, voters, dapils, women) =>
      `Election ${year}: ${voters} voters used their vote for the DPR in ${dapils} dapils, ${women} of them women. Figures by dapil, regency and party.`,
    dapilDescription: (name, id, year, voters, regencies, women) =>
      `${name} (dapil ${id}), election ${year}: ${voters} voters used their vote in ${regencies} ${regencies === 1 ? 'regency' : 'regencies'}, ${women} of them women.`,
    siteDescription:
      "Open data of Indonesia's DPR elections from the KPU: voters who voted per dapil and regency by sex, and party profiles; CSV, XLSX, Parquet.",
    pageDescription: (kind, title) =>
      ({
        profile: `${title}: the party's profile from the KPU (ballot number, address, website, leadership).`,
        downloads:
          'Download the KPU election data: the all-years bundle, CSV and XLSX per dataset, JSON, Parquet and Arrow, with SHA-256 checksums.',
        dictionary:
          'Data dictionary: every column, type, unit, source field and quality rule of the KPU election data.',
        quality: "Data quality: the KPU source's records that break a quality rule, published as given and flagged.",
        about: 'About the data: sources, how it was retrieved and normalized, how to cite it, licences and software.',
        search: 'Search electoral districts, regencies and parties across every election year.',
        changes: 'Changes between releases: the records added, removed and changed in every release.',
      })[kind] ?? `${title}. Open data of Indonesia's DPR elections from the KPU.`,
    suggestions: 'You may be looking for:',
    search: 'Search districts, regencies or parties',
    otherLanguage: 'Looking for the English pages? This page in English:',
    flagged:
      '⚠: a dapil with records that break a data quality rule; the notes are on that dapil’s page and on the page',
    releaseId: 'release id',
  },
};

export const TEXT: Record<Lang, SiteText> = { id, en };
