// Reads a site's Atom feed as a feed reader does: fetched over HTTP and parsed by Chromium's XML parser (a
// malformed document is a parser error, never a partial read), then checked against what RFC 4287 requires of a
// feed and its entries.
import type { Page } from 'playwright-core';

interface AtomEntry {
  id: string;
  title: string;
  published: string | null;
  updated: string;
  /** The href of each link, by its rel. */
  links: Array<{ rel: string; href: string; type: string | null }>;
  summary: string;
  categories: string[];
  content: string | null;
  /** How many of each element the entry has (id, title, updated must be exactly one). */
  counts: Record<string, number>;
}

interface AtomFeed {
  /** The parser's error text, or null when the document is well-formed XML. */
  error: string | null;
  contentType: string | null;
  namespace: string | null;
  root: string;
  lang: string | null;
  id: string;
  title: string;
  updated: string;
  authors: string[];
  links: Array<{ rel: string; href: string; type: string | null }>;
  counts: Record<string, number>;
  entries: AtomEntry[];
}

/** Fetches the feed at `url` from a page of the same site and parses it with the browser's XML parser. */
export async function readAtomFeed(page: Page, url: string): Promise<AtomFeed> {
  return page.evaluate(async (address) => {
    const ATOM = 'http://www.w3.org/2005/Atom';
    const response = await fetch(address);
    const text = await response.text();
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.getElementsByTagName('parsererror')[0];
    const children = (parent: Element, name: string) =>
      [...parent.children].filter((child) => child.namespaceURI === ATOM && child.localName === name);
    const textOf = (parent: Element, name: string) => children(parent, name)[0]?.textContent ?? '';
    const counts = (parent: Element) =>
      Object.fromEntries(
        ['id', 'title', 'updated', 'published', 'summary', 'content', 'author'].map((name) => [
          name,
          children(parent, name).length,
        ]),
      );
    const links = (parent: Element) =>
      children(parent, 'link').map((link) => ({
        rel: link.getAttribute('rel') ?? 'alternate',
        href: link.getAttribute('href') ?? '',
        type: link.getAttribute('type'),
      }));
    const root = doc.documentElement;
    return {
      error: error ? (error.textContent ?? 'parser error') : null,
      contentType: response.headers.get('content-type'),
      namespace: root.namespaceURI,
      root: root.localName,
      lang: root.getAttribute('xml:lang'),
      id: textOf(root, 'id'),
      title: textOf(root, 'title'),
      updated: textOf(root, 'updated'),
      authors: children(root, 'author').map((author) => textOf(author, 'name')),
      links: links(root),
      counts: counts(root),
      entries: children(root, 'entry').map((entry) => ({
        id: textOf(entry, 'id'),
        title: textOf(entry, 'title'),
        published: children(entry, 'published')[0]?.textContent ?? null,
        updated: textOf(entry, 'updated'),
        links: links(entry),
        summary: textOf(entry, 'summary'),
        categories: children(entry, 'category').map((category) => category.getAttribute('term') ?? ''),
        content: children(entry, 'content')[0]?.textContent ?? null,
        counts: counts(entry),
      })),
    };
  }, url);
}

/** RFC 3339 date-time, as Atom's date constructs require. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
/** An absolute IRI: a scheme, then anything (tag:, https:). */
const ABSOLUTE_IRI = /^[a-z][a-z0-9+.-]*:\S+$/i;

/** What RFC 4287 requires that the feed breaks: an empty list for a valid feed. */
export function atomProblems(feed: AtomFeed): string[] {
  const problems: string[] = [];
  if (feed.error !== null) return [`not well-formed XML: ${feed.error}`];
  if (feed.namespace !== 'http://www.w3.org/2005/Atom' || feed.root !== 'feed')
    problems.push('the root is not atom:feed');
  for (const name of ['id', 'title', 'updated'])
    if (feed.counts[name] !== 1) problems.push(`the feed has ${String(feed.counts[name])} atom:${name}`);
  if (!ABSOLUTE_IRI.test(feed.id)) problems.push(`the feed's id is not an absolute IRI: ${feed.id}`);
  if (!RFC3339.test(feed.updated)) problems.push(`the feed's updated is not RFC 3339: ${feed.updated}`);
  if (feed.authors.length === 0 && feed.entries.some((entry) => entry.counts.author === 0))
    problems.push('neither the feed nor every entry has an author');
  if (feed.links.filter((link) => link.rel === 'self').length !== 1) problems.push('the feed has no single self link');
  const ids = new Set<string>();
  for (const entry of feed.entries) {
    for (const name of ['id', 'title', 'updated'])
      if (entry.counts[name] !== 1) problems.push(`entry ${entry.id} has ${String(entry.counts[name])} atom:${name}`);
    if (!ABSOLUTE_IRI.test(entry.id)) problems.push(`entry id is not an absolute IRI: ${entry.id}`);
    if (ids.has(entry.id)) problems.push(`entry id repeated: ${entry.id}`);
    ids.add(entry.id);
    for (const date of [entry.updated, entry.published ?? entry.updated])
      if (!RFC3339.test(date)) problems.push(`entry ${entry.id}: date not RFC 3339: ${date}`);
    if (entry.links.filter((link) => link.rel === 'alternate').length !== 1)
      problems.push(`entry ${entry.id} has no single alternate link`);
    if (entry.counts.content === 0 && entry.counts.summary === 0) problems.push(`entry ${entry.id} has no summary`);
  }
  return problems;
}
