// The landing page of a release (`index.html` in the data folder and in its permanent copy under releases/<id>/,
// the folder the citations give): one self-contained static HTML page in both languages, written with the release's
// descriptors (release-files.ts; the root SHA256SUMS covers it) from the completed manifest and the change report:
// the citation, the changes against the release before, and every file with its records, size and SHA-256. Pure;
// its links are relative, so it reads the same in both folders.
import { groupedCount } from '../foundation/digit-groups.ts';
import { isoDateTimeWib } from '../foundation/instant-text.ts';
import { formatOf } from '../formats.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { citationOf, renderCitationText } from './citation-files.ts';

/** What the page says of the changes: the release stage's change report (changes.json), as much as it shows. */
export interface ReleasePageChanges {
  previousRelease: string | null;
  initial: boolean;
  changed: boolean;
  datasets: ReadonlyArray<{ dataset: string; added: number; removed: number; changed: number }>;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A release id in the heading, which a phone breaks only after its date ("2026-11-30-", then "c0c6c7fc"), never
 * inside the date or the rest, as it would at any hyphen.
 */
const headingId = (id: string): string => {
  const parts = /^(\d{4}-\d{2}-\d{2}-)(.+)$/.exec(id);
  return parts
    ? `<span class="id">${escapeHtml(parts[1] as string)}</span><wbr><span class="id">${escapeHtml(parts[2] as string)}</span>`
    : `<span class="id">${escapeHtml(id)}</span>`;
};

/** A count with its thousands set apart by a narrow no-break space, read alike in both languages: "1 234 567". */
const grouped = (value: number): string => groupedCount(value, '\u202f');

/** A text in both languages, the Indonesian first as on the site. */
const both = (id: string, en: string): string => `<span lang="id">${id}</span> / ${en}`;

/**
 * A column header in both languages: the slash kept with the Indonesian (a no-break space), so that a narrow column
 * breaks it into one line per language ("Rekaman /", "Records"), never a line holding only the slash.
 */
const bothHeader = (id: string, en: string): string => `<span lang="id">${id}</span>&nbsp;/ ${en}`;

function changesSection(changes: ReleasePageChanges): string {
  const lines = [`<h2 id="changes">${both('Perubahan', 'Changes')}</h2>`];
  if (changes.initial) {
    lines.push(
      `<p>${both('Rilis pertama: tidak ada pembanding.', 'The first release: there is nothing to compare with.')}</p>`,
    );
  } else if (!changes.changed) {
    const previous = escapeHtml(changes.previousRelease ?? '');
    lines.push(
      `<p>${both(`Tidak ada rekaman yang berubah sejak rilis ${previous}.`, `No record changed since release ${previous}.`)}</p>`,
    );
  } else {
    const previous = escapeHtml(changes.previousRelease ?? '');
    lines.push(
      '<table>',
      `<caption>${both(`Rekaman yang berubah sejak rilis ${previous}`, `Records changed since release ${previous}`)}</caption>`,
      `<thead><tr><th scope="col">Dataset</th><th scope="col" class="n">${bothHeader('Ditambah', 'Added')}</th><th scope="col" class="n">${bothHeader('Diubah', 'Changed')}</th><th scope="col" class="n">${bothHeader('Dihapus', 'Removed')}</th></tr></thead>`,
      '<tbody>',
      ...changes.datasets.map(
        (dataset) =>
          `<tr><th scope="row"><code>${escapeHtml(dataset.dataset)}</code></th><td class="n">${dataset.added}</td><td class="n">${dataset.changed}</td><td class="n">${dataset.removed}</td></tr>`,
      ),
      '</tbody>',
      '</table>',
    );
  }
  return lines.join('\n');
}

/** The files table's column names in both languages, as its cells repeat them on a phone (data-label). */
const RECORDS = 'Rekaman / Records';
const BYTES = 'Bita / Bytes';

/**
 * Every file of the release with its format, records, bytes and SHA-256. Below a wide screen each file is read down
 * the screen (the page's style): its name, then its format, records and bytes on a line, each after its column's
 * name, then its SHA-256; as columns, the records, bytes and SHA-256 were off a phone's screen to the right.
 */
function filesTable(manifest: SnapshotManifest): string {
  const rows = manifest.files.map((file) => {
    const label = formatOf(file.format).label;
    return `<tr><th scope="row"><a href="${escapeHtml(file.path)}">${escapeHtml(file.path)}</a></th><td data-label="Format">${escapeHtml(label.en)}</td><td class="n" data-label="${RECORDS}">${file.records === null ? '' : grouped(file.records)}</td><td class="n" data-label="${BYTES}">${grouped(file.bytes)}</td><td data-label="SHA-256"><code>${file.sha256}</code></td></tr>`;
  });
  return [
    '<div class="scroll" tabindex="0" role="region" aria-labelledby="files-caption">',
    '<table class="files">',
    `<caption id="files-caption">${both('Berkas rilis ini', "This release's files")}</caption>`,
    `<thead><tr><th scope="col">${bothHeader('Berkas', 'File')}</th><th scope="col">Format</th><th scope="col" class="n">${bothHeader('Rekaman', 'Records')}</th><th scope="col" class="n">${bothHeader('Bita', 'Bytes')}</th><th scope="col">SHA-256</th></tr></thead>`,
    '<tbody>',
    ...rows,
    '</tbody>',
    '</table>',
    '</div>',
  ].join('\n');
}

/** The release's page; the manifest must be completed by the release stage (its release named, its files listed). */
export function renderReleasePage(manifest: SnapshotManifest, changes: ReleasePageChanges): string {
  const release = manifest.release;
  if (!release) throw new Error('A release page needs the release: run the release stage first.');
  const citation = citationOf(manifest);
  // The one retrieval instant, in WIB with UTC beside it as the site's pages write it, its date an ISO date.
  const retrieved = `<time datetime="${escapeHtml(citation.retrievedAt)}">${escapeHtml(isoDateTimeWib(citation.retrievedAt))}</time>`;
  const titleStart = `${manifest.demo ? 'DEMO — ' : ''}${manifest.title.en}: release `;
  const title = `${titleStart}${release.id}`;
  // rel=expect: no paint before the files table is parsed whole (Chromium 124+; others ignore it), as the site's pages
  // wait for their footer: a table painted half parsed widens its columns as its later rows arrive, moving what is shown.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(`${manifest.demo ? 'DEMO. ' : ''}Rilis ${release.id}: berkas data, kutipan, perubahan dan SHA-256. / Release ${release.id}: data files, citation, changes and SHA-256.`)}">
<link rel="icon" href="data:,">
<link rel="expect" href="#release-end" blocking="render">
<style>
:root{color-scheme:light dark}
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem;color:#1a1a1a;background:#fff}
a{color:#0b57d0}
table{border-collapse:collapse;margin:1rem 0}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border-bottom:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
.n{text-align:right;font-variant-numeric:tabular-nums}
code{font-size:.85em;word-break:break-all}
td code{display:inline-block;width:32ch}
.scroll{overflow-x:auto}
.demo{border:2px solid #a00;padding:.5rem;color:#700}
time,.id{white-space:nowrap}
blockquote{margin:0;padding:.5rem 1rem;border-left:4px solid #ccc;background:#f6f6f6;overflow-wrap:anywhere}
@media screen and (width<64rem){.files,.files caption,.files tbody,.files tr,.files tbody th{display:block}.files thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}.files tbody tr{padding:.35rem 0;border-bottom:1px solid #ccc}.files tbody th,.files td{border:0;padding:.1rem 0}.files td{display:inline-block;margin-right:1rem;text-align:left}.files td:last-child{display:block}.files td code{display:inline}.files td:empty{display:none}.files td::before{content:attr(data-label) ": ";color:#595959}}
@media (prefers-color-scheme:dark){body{color:#e8e8e8;background:#161616}a{color:#8ab4f8}th,td,.files tbody tr{border-color:#555}.files td::before{color:#b0b0b0}.demo{border-color:#f28b82;color:#f6aea9}blockquote{border-color:#555;background:#242424}}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(titleStart)}${headingId(release.id)}</h1>
${manifest.demo ? `<p class="demo">${both('Data demo buatan, bukan angka nyata.', 'Made-up demo data, not real figures.')}</p>\n` : ''}<p><span lang="id">${escapeHtml(manifest.title.id)}</span>. ${both('Rilis', 'Release')} <strong>${escapeHtml(release.id)}</strong>; ${both('data diambil', 'data retrieved')} ${retrieved}${release.previous ? `; ${both('rilis sebelumnya', 'previous release')} ${escapeHtml(release.previous)}` : ''}.</p>
<p>${both('Berkas rilis ini tidak pernah berubah setelah diterbitkan.', 'The files of a release never change once published.')} ${both('Periksa dengan', 'Check them with')} <code>sha256sum -c SHA256SUMS</code> ${both('di folder ini', 'in this folder')}; <a href="manifest.json">manifest.json</a> ${both('mencantumkan setiap berkas', 'lists every file')}, <a href="datapackage.json">datapackage.json</a> ${both('memuat skemanya', 'holds their schemas')}.</p>
<h2 id="cite">${both('Cara mengutip', 'How to cite')}</h2>
<blockquote><p>${escapeHtml(renderCitationText(citation))}</p></blockquote>
<p><a href="CITATION.bib">BibTeX</a>, <a href="CITATION.ris">RIS</a>, <a href="CITATION.csl.json">CSL-JSON</a>.</p>
${changesSection(changes)}
<h2 id="files">${both('Berkas', 'Files')}</h2>
${filesTable(manifest)}
<div id="release-end"></div>
</main>
</body>
</html>
`;
}
