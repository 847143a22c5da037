// The citation of a release, for reference managers: BibTeX, RIS and CSL-JSON (pure), and the one text line
// the site and the bundle READMEs show. Each names the KPU as author, the release as version, the retrieval time
// and, when KPU_SITE_URL is set, the release's permanent folder (which never changes once published).
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
} as const;

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
    note: `Release ${release.id}, retrieved ${retrievedAt}. The KPU publishes no licence for this data; none is granted or implied.`,
  };
}

/**
 * The one-line citation. Example: "Komisi Pemilihan Umum (KPU). Indonesia's election data from the KPU open-data
 * API. KPU open-data API, queries datahakpilihdpr and profilpartai; release 2026-11-22, retrieved
 * 2026-11-22T03:00:00.000Z. https://example.org/data/releases/2026-11-22/"
 */
export function renderCitationText(citation: Citation): string {
  return `${citation.author}. ${citation.title}. ${citation.howPublished}; release ${citation.releaseId}, retrieved ${citation.retrievedAt}.${citation.url ? ` ${citation.url}` : ''}`;
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

/** Each citation file's name and content. */
export function renderCitationFiles(citation: Citation): Array<{ name: string; content: string }> {
  return [
    { name: CITATION_FILES.bibtex, content: renderBibtex(citation) },
    { name: CITATION_FILES.ris, content: renderRis(citation) },
    { name: CITATION_FILES.csl, content: renderCslJson(citation) },
  ];
}
