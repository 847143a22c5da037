// The citation of a release, for reference managers: BibTeX, RIS and CSL-JSON (pure), and the one text line
// the site and the bundle READMEs show; for archives, CITATION.cff (Citation File Format 1.2.0, which GitHub and
// Zenodo read) and .zenodo.json (Zenodo's deposit metadata) with the same facts, so that one upload or one GitHub
// release gets a DOI. Each names the KPU as author, the release as version, the retrieval time, the licences with
// the credit of what the project adds and, when KPU_SITE_URL is set, the release's permanent folder (which never
// changes once published).
import { isoDateTimeWib } from '../foundation/instant-text.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';

export interface Citation {
  /** Stable key: "kpu-election-data-" + the release id. */
  key: string;
  author: string;
  title: string;
  releaseId: string;
  /** ISO 8601 UTC: when the release's data was retrieved. */
  retrievedAt: string;
  /** The release folder's permanent URL, or null when KPU_SITE_URL is unset. */
  url: string | null;
  /** Where the data came from: the API and its queries. */
  howPublished: string;
  note: string;
}

/** The file names of the citation files, beside the data and in every bundle. */
const CITATION_FILES = {
  bibtex: 'CITATION.bib',
  ris: 'CITATION.ris',
  csl: 'CITATION.csl.json',
  cff: 'CITATION.cff',
  zenodo: '.zenodo.json',
} as const;

/** The keywords of the archives' metadata (datapackage.json's too). */
export const CITATION_KEYWORDS = ['Indonesia', 'election', 'pemilu', 'DPR', 'KPU', 'turnout', 'political parties'];

/** The citation of a completed manifest's release. */
export function citationOf(manifest: SnapshotManifest): Citation {
  const release = manifest.release;
  if (!release) throw new Error('A citation needs the release: run the release stage first.');
  const queries = manifest.source.queries;
  const retrievedAt = release.retrievedAt ?? manifest.harvest.finishedAt;
  return {
    key: `kpu-election-data-${release.id}`,
    author: manifest.source.publisher,
    title: `${manifest.demo ? 'DEMO DATA, NOT REAL FIGURES: ' : ''}${manifest.title.en}`,
    releaseId: release.id,
    retrievedAt,
    url: release.url ?? null,
    howPublished: `KPU open-data API${manifest.source.url ? ` (${manifest.source.url})` : ''}, ${queries.length === 1 ? 'query' : 'queries'} ${queries.join(' and ')}`,
    note: `Release ${release.id}, retrieved ${retrievedAt}. The KPU publishes no licence for this data; none is granted or implied.${(
      manifest.licences ?? []
    )
      .filter((licence) => licence.name !== 'notspecified')
      .map((licence) => ` ${licence.title} (${licence.name}, ${licence.path ?? ''}).`)
      .join('')}`,
  };
}

/**
 * The one-line citation, its retrieval time in WIB with UTC beside it, as the site's pages give it. Example: "Komisi
 * Pemilihan Umum (KPU). Indonesia's election data from the KPU open-data API. KPU open-data API, queries
 * datahakpilihdpr and profilpartai; release 2026-11-22, retrieved 2026-11-22 10:00 WIB (03:00 UTC).
 * https://example.org/data/releases/2026-11-22/"
 */
export function renderCitationText(citation: Citation): string {
  return `${citation.author}. ${citation.title}. ${citation.howPublished}; release ${citation.releaseId}, retrieved ${isoDateTimeWib(citation.retrievedAt)}.${citation.url ? ` ${citation.url}` : ''}`;
}

/** A BibTeX field value: braces kept balanced, the characters LaTeX treats as commands escaped. */
function bibtexText(value: string): string {
  return value.replace(/[{}]/g, '').replace(/[&%$#_]/g, (character) => `\\${character}`);
}

/**
 * BibTeX (@misc: every style knows it; biblatex's @dataset does not exist in classic BibTeX). The author is in
 * double braces, so it is kept whole as an organization rather than split into first and last names.
 */
export function renderBibtex(citation: Citation): string {
  const fields: [string, string][] = [
    ['author', `{${bibtexText(citation.author)}}`],
    ['title', `{${bibtexText(citation.title)}}`],
    ['year', citation.retrievedAt.slice(0, 4)],
    ['version', bibtexText(citation.releaseId)],
    ['howpublished', bibtexText(citation.howPublished)],
    ...(citation.url ? ([['url', citation.url]] as [string, string][]) : []),
    ['urldate', citation.retrievedAt.slice(0, 10)],
    ['note', bibtexText(citation.note)],
  ];
  return `@misc{${citation.key},\n${fields.map(([name, value]) => `  ${name} = {${value}}`).join(',\n')}\n}\n`;
}

/** RIS (type DATA), one `TAG  - value` per line, CRLF as the format specifies, ending with `ER  - `. */
export function renderRis(citation: Citation): string {
  const date = citation.retrievedAt.slice(0, 10).replaceAll('-', '/');
  const lines: [string, string][] = [
    ['TY', 'DATA'],
    ['AU', citation.author],
    ['TI', citation.title],
    ['PY', citation.retrievedAt.slice(0, 4)],
    ['DA', date],
    ['ET', citation.releaseId],
    ['PB', citation.author],
    ['M3', citation.howPublished],
    ...(citation.url ? ([['UR', citation.url]] as [string, string][]) : []),
    ['Y2', date],
    ['N1', citation.note],
    ['ID', citation.key],
    ['ER', ''],
  ];
  return lines.map(([tag, value]) => `${tag}  - ${value.replace(/[\r\n]+/g, ' ')}`).join('\r\n') + '\r\n';
}

/** CSL-JSON (an array of one item of type "dataset"), as Zotero and citeproc read it. */
export function renderCslJson(citation: Citation): string {
  const [year, month, day] = citation.retrievedAt.slice(0, 10).split('-').map(Number);
  const date = { 'date-parts': [[year, month, day]] };
  const item = {
    id: citation.key,
    type: 'dataset',
    author: [{ literal: citation.author }],
    title: citation.title,
    version: citation.releaseId,
    publisher: citation.author,
    medium: citation.howPublished,
    issued: date,
    accessed: date,
    ...(citation.url ? { URL: citation.url } : {}),
    note: citation.note,
  };
  return `${JSON.stringify([item], null, 2)}\n`;
}

/** The description the archives show: the title, what the data is, the release and the licences. */
function archiveDescription(citation: Citation): string {
  return `${citation.title}. ${citation.howPublished}, harvested, checked and normalized by the KPU open-data publisher. ${citation.note}`;
}

/**
 * CITATION.cff (Citation File Format 1.2.0, type dataset): every string in double quotes, written as JSON writes it
 * (a JSON string is a YAML double-quoted scalar), so no value can change the YAML's structure. No `license`: CFF
 * takes SPDX ids only, and the KPU states none; the abstract says so.
 */
function renderCff(citation: Citation): string {
  const quoted = (value: string) => JSON.stringify(value);
  return [
    'cff-version: 1.2.0',
    `message: ${quoted('If you use this data, cite it as below.')}`,
    'type: dataset',
    `title: ${quoted(citation.title)}`,
    `version: ${quoted(citation.releaseId)}`,
    `date-released: ${quoted(citation.retrievedAt.slice(0, 10))}`,
    'authors:',
    `  - name: ${quoted(citation.author)}`,
    ...(citation.url ? [`url: ${quoted(citation.url)}`] : []),
    `abstract: ${quoted(archiveDescription(citation))}`,
    'keywords:',
    ...CITATION_KEYWORDS.map((keyword) => `  - ${quoted(keyword)}`),
    '',
  ].join('\n');
}

/**
 * .zenodo.json (Zenodo's legacy deposit metadata, which its GitHub integration reads): the same facts as
 * CITATION.cff. `license: notspecified` (the Open Definition's id, which Zenodo knows), not Zenodo's default CC BY:
 * no licence is granted.
 */
function renderZenodoJson(citation: Citation): string {
  const metadata = {
    upload_type: 'dataset',
    title: citation.title,
    version: citation.releaseId,
    publication_date: citation.retrievedAt.slice(0, 10),
    creators: [{ name: citation.author }],
    description: archiveDescription(citation),
    access_right: 'open',
    license: 'notspecified',
    keywords: CITATION_KEYWORDS,
    ...(citation.url
      ? { related_identifiers: [{ identifier: citation.url, relation: 'isIdenticalTo', resource_type: 'dataset' }] }
      : {}),
    notes: citation.note,
  };
  return `${JSON.stringify(metadata, null, 2)}\n`;
}

/** Each citation file's name and content. */
export function renderCitationFiles(citation: Citation): Array<{ name: string; content: string }> {
  return [
    { name: CITATION_FILES.bibtex, content: renderBibtex(citation) },
    { name: CITATION_FILES.ris, content: renderRis(citation) },
    { name: CITATION_FILES.csl, content: renderCslJson(citation) },
    { name: CITATION_FILES.cff, content: renderCff(citation) },
    { name: CITATION_FILES.zenodo, content: renderZenodoJson(citation) },
  ];
}
