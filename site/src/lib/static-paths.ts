// The dynamic route's pages, from the site data: every page of every language (one route, fed by the URL scheme's
// pagePath). The dapil and profile pages' own files are written beside them after Astro's build
// (scripts/site/page-files.ts).
import { codebookDatasets } from '../../../scripts/site/pages/codebook-page.ts';
import { FIXED_PAGE_KINDS, LANGS, pagePath, type Lang, type PageRef } from '../../../scripts/site/site-routes.ts';
import { getSite } from './snapshot.ts';

/**
 * Every page of the site in every language, for the one route `[...page].astro`: the path is pagePath's, without
 * its slashes (undefined for a language's home at the root). Example: ('en', dapil 1101 of 2014) →
 * { params: { page: 'en/2014/dapil/1101' }, props: { lang: 'en', page: { kind: 'dapil', year: 2014, dapilId: '1101' } } }.
 */
export async function pagePaths(): Promise<
  Array<{ params: { page: string | undefined }; props: { lang: Lang; page: PageRef } }>
> {
  const site = await getSite();
  const pages: PageRef[] = [
    { kind: 'home' },
    ...site.years.map((view): PageRef => ({ kind: 'year', year: view.year })),
    ...site.dapils.map((view): PageRef => ({ kind: 'dapil', year: view.year, dapilId: view.dapilId })),
    ...site.profiles.map((view): PageRef => ({ kind: 'profile', dataset: view.dataset, year: view.year, id: view.id })),
    ...FIXED_PAGE_KINDS.map((kind): PageRef => ({ kind })),
    ...codebookDatasets().map((dataset): PageRef => ({ kind: 'codebook', dataset: dataset.id })),
  ];
  return LANGS.flatMap((lang) =>
    pages.map((page) => {
      const path = pagePath(lang, page).slice(1, -1);
      return { params: { page: path === '' ? undefined : path }, props: { lang, page } };
    }),
  );
}
