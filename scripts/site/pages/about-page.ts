// The about page: its model (each query's evidence of its end) and its texts in each language (LANGS).
import { UPSTREAM_DATASETS } from '../../datasets/datasets.ts';
import type { Lang } from '../../languages.ts';
import type { SnapshotManifest } from '../../snapshot/snapshot-manifest.ts';
import { formatCount } from '../site-format.ts';

export interface AboutText {
  title: string;
  sources: string;
  sourcesIntro: (upstream: string) => string;
  /** Before the datasets the project declares itself (the dapil lists, the region lists): where they come from. */
  projectSourcesIntro: string;
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
  /** Before the list of the evidence of each query's end (the manifest's `harvest.ends`). */
  endsIntro: string;
  /** One query's evidence of its end; figures formatted in the page's language. */
  endOf: (parts: EndParts) => string;
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
}

/** What the about page says of one query's end (EndEvidence, its figures formatted). */
export interface EndParts {
  query: string;
  /** The records before the empty page that ended the data, formatted; null when the first page was empty. */
  recordsBefore: string | null;
  /** What the query's filter showed; null for a query without one. */
  byValue: {
    parameter: string;
    /** Values the pages returned, each read whole through the filter, and the records the answers held, formatted. */
    valuesReturned: string;
    recordsAnswered: string;
    /** Values the law names that the pages did not return, asked too, formatted; null when none was asked. */
    unseenAsked: string | null;
    answered: boolean;
  } | null;
}

/** Each query's evidence of its end, as the page says it (none from a release built before it was recorded). */
export function endsOf(lang: Lang, harvest: SnapshotManifest['harvest']): EndParts[] {
  return UPSTREAM_DATASETS.flatMap((dataset) => {
    const end = harvest.ends?.[dataset.id];
    if (end === undefined) return [];
    const { byValue } = end;
    return [
      {
        query: dataset.upstreamName,
        recordsBefore: end.emptyPageOffset > 0 ? formatCount(lang, end.emptyPageOffset) : null,
        byValue:
          byValue === null || byValue.valuesReturned + byValue.unseenValuesAsked === 0
            ? null
            : {
                parameter: byValue.parameter,
                valuesReturned: formatCount(lang, byValue.valuesReturned),
                recordsAnswered: formatCount(lang, byValue.recordsAnswered),
                unseenAsked: byValue.unseenValuesAsked > 0 ? formatCount(lang, byValue.unseenValuesAsked) : null,
                answered: byValue.unanswered === null,
              },
      },
    ];
  });
}

const id: AboutText = {
  title: 'Tentang data ini',
  sources: 'Sumber',
  sourcesIntro: (upstream) =>
    `Data pemilu berasal dari API data terbuka Komisi Pemilihan Umum (KPU) di ${upstream}, lewat kueri berikut:`,
  projectSourcesIntro: 'Tabel rujukan disusun oleh proyek ini sendiri dari peraturan yang dikutip pada setiap tabel:',
  datasetCounts: (records, pages) => `${records} rekaman dalam ${pages} halaman.`,
  retrieval: ({ harvestId, started, finished, retries, warnings }) =>
    `Pengambilan data dimulai ${started} dan selesai ${finished}, dengan ${retries} percobaan ulang dan ${warnings} peringatan (kode pengambilan ${harvestId}).`,
  harvested: 'Cara data diambil',
  harvestedBody:
    'Setiap halaman kedua kueri diunduh sampai habis, dengan jeda dan percobaan ulang bila server sibuk atau gagal. Setiap halaman disimpan persis seperti diterima, dengan alamatnya (tanpa kunci API), waktunya dan sidik SHA-256-nya. Bila data berubah selama pengambilan (halaman berulang atau kunci ganda), seluruh pengambilan diulang sekali; bila masih berubah, pembangunan berhenti.',
  endsIntro: 'Bukti bahwa pengambilan sampai di akhir data setiap kueri:',
  endOf: ({ query, recordsBefore, byValue }) => {
    const end =
      recordsBefore === null
        ? `${query}: halaman pertama kosong, dan tetap kosong saat diminta ulang.`
        : `${query}: halaman sesudah rekaman ke-${recordsBefore} kosong; diminta ulang setelah jeda, halaman itu tetap kosong dan halaman sebelumnya tidak berubah.`;
    if (byValue === null) return end;
    if (!byValue.answered)
      return `${end} Filter kueri (${byValue.parameter}) tidak dapat memastikannya (lihat peringatan di atas), sehingga akhir data hanya bertumpu pada permintaan ulang itu.`;
    const asked = `Diminta satu per satu lewat filter kueri (${byValue.parameter}), `;
    if (byValue.valuesReturned === '0')
      return `${end} ${asked}${byValue.unseenAsked ?? '0'} nilai resmi tidak memuat rekaman apa pun.`;
    const unseen =
      byValue.unseenAsked === null
        ? '.'
        : `; ${byValue.unseenAsked} nilai resmi yang tidak ada di halaman-halaman itu, diminta juga, tidak memuat rekaman apa pun.`;
    return `${end} ${asked}setiap nilai dari ${byValue.valuesReturned} nilai yang ada di halaman-halaman itu memberi tepat rekaman halaman-halaman itu untuk nilai tersebut (${byValue.recordsAnswered} rekaman seluruhnya)${unseen}`;
  },
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
};

const en: AboutText = {
  title: 'About this data',
  sources: 'Sources',
  sourcesIntro: (upstream) =>
    `The election data comes from the open-data API of Indonesia's election commission, Komisi Pemilihan Umum (KPU), at ${upstream}, through these queries:`,
  projectSourcesIntro: "The reference tables are the project's own, made from the law or regulation each one cites:",
  datasetCounts: (records, pages) =>
    `${records} ${records === '1' ? 'record' : 'records'} in ${pages} ${pages === '1' ? 'page' : 'pages'}.`,
  retrieval: ({ harvestId, started, finished, retries, warnings }) =>
    `The retrieval started on ${started} and finished on ${finished}, with ${retries} ${retries === 1 ? 'retry' : 'retries'} and ${warnings} ${warnings === 1 ? 'warning' : 'warnings'} (retrieval id ${harvestId}).`,
  harvested: 'How the data was harvested',
  harvestedBody:
    'Every page of both queries is downloaded to the end, pausing and retrying when the server is busy or fails. Each page is kept exactly as received, with its address (without the API key), its time and its SHA-256. If the data changes during the retrieval (repeated pages or duplicate keys), the whole retrieval is repeated once; if it still changes, the build stops.',
  endsIntro: "How the retrieval knew it had reached the end of each query's data:",
  endOf: ({ query, recordsBefore, byValue }) => {
    const end =
      recordsBefore === null
        ? `${query}: the first page was empty, and still empty when asked again.`
        : `${query}: the page after record ${recordsBefore} was empty; asked again after a pause, it was still empty and the page before it unchanged.`;
    if (byValue === null) return end;
    if (!byValue.answered)
      return `${end} The query's filter (${byValue.parameter}) could not confirm it (see the warnings above), so the end rests on that second asking alone.`;
    const asked = `Asked one by one through the query's filter (${byValue.parameter}), `;
    const unseenCount = byValue.unseenAsked ?? '0';
    if (byValue.valuesReturned === '0')
      return `${end} ${asked}${unseenCount === '1' ? 'the one official value holds' : `the ${unseenCount} official values hold`} no record.`;
    const unseen =
      byValue.unseenAsked === null
        ? '.'
        : byValue.unseenAsked === '1'
          ? '; the one official value the pages did not return, asked too, holds none.'
          : `; the ${byValue.unseenAsked} official values the pages did not return, asked too, hold none.`;
    const returned =
      byValue.valuesReturned === '1'
        ? 'the one value the pages returned gives'
        : `each of the ${byValue.valuesReturned} values the pages returned gives`;
    const records = byValue.recordsAnswered === '1' ? 'record' : 'records';
    return `${end} ${asked}${returned} exactly the pages' records of it (${byValue.recordsAnswered} ${records} in all)${unseen}`;
  },
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
};

export const ABOUT_TEXT: Record<Lang, AboutText> = { id, en };
