// The dynamic routes' pages, from the site data: every page of every language (one route, fed by the URL
// scheme's pagePath), and the per-page files.
import {
  FIXED_PAGE_KINDS,
  LANGS,
  pageFileName,
  pagePath,
  type Lang,
  type PageFileFormat,
  type PageRef,
} from '../../../scripts/site/site-routes.ts';
import { pagedDatasetById } from '../../../scripts/datasets/datasets.ts';
import { turnoutDataset } from '../../../scripts/datasets/turnout-dataset.ts';
import { getSite } from './snapshot.ts';

const FORMATS: readonly PageFileFormat[] = ['csv', 'json'];

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
  ];
  return LANGS.flatMap((lang) =>
    pages.map((page) => {
      const path = pagePath(lang, page).slice(1, -1);
      return { params: { page: path === '' ? undefined : path }, props: { lang, page } };
    }),
  );
}

export async function dapilFilePaths() {
  const site = await getSite();
  return site.dapils.flatMap((view) =>
    FORMATS.map((format) => ({
      params: {
        year: String(view.year),
        dapil: view.dapilId,
        file: pageFileName(turnoutDataset.fileStem, view.year, 'dapil', view.dapilId, format),
      },
      props: { year: view.year, id: view.dapilId, format },
    })),
  );
}

/** The files next to every profile page (a party's): /<year>/<slug>/<page key>/<stem>-<year>-<slug>-<page key>.<format>. */
export async function profileFilePaths() {
  const site = await getSite();
  return site.profiles.flatMap((view) => {
    const dataset = pagedDatasetById(view.dataset);
    const slug = dataset.pages.slug.id;
    return FORMATS.map((format) => ({
      params: {
        year: String(view.year),
        slug,
        id: view.id,
        file: pageFileName(dataset.fileStem, view.year, slug, view.id, format),
      },
      props: { dataset: view.dataset, year: view.year, id: view.id, format },
    }));
  });
}
