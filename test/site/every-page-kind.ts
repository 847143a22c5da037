// One page of every page kind of a built site in every language, for the checks that go over each kind once
// (Lighthouse, layout shifts, and the benchmark's Lighthouse on the real data): the route's kinds (TypeScript asks for
// a page of a new one), the not-found page and an embed page of each language, and the release's landing page.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { EMBED_PAGE_SUFFIX } from '../../scripts/site/figure-files.ts';
import { LANGS, pagePath, type Lang, type PageRef } from '../../scripts/site/site-routes.ts';

/** One page of each kind of the route, with the query its address holds; TypeScript asks for a page of a new kind. */
export type PageOfEveryKind = { [K in PageRef['kind']]: { page: Extract<PageRef, { kind: K }>; query?: string } };

/**
 * One page of each kind: the year page of `year`, the dapil page of `dapil`, the party page of `party`, the compare
 * page with `compare` (its query), a search for Aceh, and the site's one-of-a-kind pages.
 */
export function pagesOfEveryKind(at: {
  year: number;
  dapil: { year: number; id: string };
  party: { year: number; id: string };
  compare: string;
}): PageOfEveryKind {
  return {
    home: { page: { kind: 'home' } },
    year: { page: { kind: 'year', year: at.year } },
    dapil: { page: { kind: 'dapil', year: at.dapil.year, dapilId: at.dapil.id } },
    profile: { page: { kind: 'profile', dataset: 'parties', year: at.party.year, id: at.party.id } },
    downloads: { page: { kind: 'downloads' } },
    dictionary: { page: { kind: 'dictionary' } },
    codebook: { page: { kind: 'codebook', dataset: 'turnout' } },
    quality: { page: { kind: 'quality' } },
    about: { page: { kind: 'about' } },
    search: { page: { kind: 'search' }, query: '?q=aceh' },
    changes: { page: { kind: 'changes' } },
    compare: { page: { kind: 'compare' }, query: at.compare },
  };
}

/** One page of each kind of the demo site. */
export const PAGES: PageOfEveryKind = pagesOfEveryKind({
  year: 2024,
  dapil: { year: 2019, id: '1101' },
  party: { year: 2024, id: '1' },
  compare: '?a=2019-d1101&b=2024-d1101',
});

/**
 * The page kinds that tell search engines not to index them (robots noindex): Lighthouse's `is-crawlable` audit fails
 * on them by design, so their SEO score is below 100 while every other SEO audit passes.
 */
export const NOINDEX_KINDS: ReadonlySet<string> = new Set(['not-found', 'embed']);

export interface AuditedPage {
  kind: string;
  /** Root-relative, without the base. */
  path: string;
  /** The page's language; null for the release's landing page, which speaks both. */
  language: Lang | null;
  /** A page search engines are told not to index (robots noindex): an embed page, the not-found page. */
  noindex: boolean;
}

/**
 * Every page kind in every language (`of`: the demo site's pages unless told), the not-found page and an embed page of
 * each, and the newest release's landing page (unless `withRelease` is false: a site built by the site stage alone
 * has no release folder, as the benchmark's).
 */
export async function auditedPages(
  distDir: string,
  of: PageOfEveryKind = PAGES,
  withRelease = true,
): Promise<AuditedPage[]> {
  const pages: AuditedPage[] = [];
  const add = (kind: string, pagePathname: string, language: Lang | null) =>
    pages.push({ kind, path: pagePathname, language, noindex: NOINDEX_KINDS.has(kind) });
  for (const lang of LANGS) {
    for (const [kind, { page, query }] of Object.entries(of)) add(kind, `${pagePath(lang, page)}${query ?? ''}`, lang);
    const home = pagePath(lang, { kind: 'home' });
    add('not-found', `${home}404.html`, lang);
    const embeds = (await readdir(path.join(distDir, home))).filter((name) => name.endsWith(EMBED_PAGE_SUFFIX)).sort();
    if (embeds.length === 0) throw new Error(`no embed page beside ${home}`);
    add('embed', `${home}${embeds[0] ?? ''}`, lang);
  }
  if (!withRelease) return pages;
  const releases = (await readdir(path.join(distDir, 'data', 'releases'))).sort();
  add('release', `/data/releases/${releases.at(-1) ?? ''}/`, null);
  return pages;
}
