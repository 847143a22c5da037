// A profile page's records (a party's) as CSV and JSON, next to the page
// (/<year>/<slug>/<page key>/<stem>-<year>-<slug>-<page key>.csv, e.g. /2024/partai/1/kpu-party-profiles-2024-partai-1.csv).
import type { APIRoute } from 'astro';
import { datasetById } from '../../../../../../scripts/datasets/datasets.ts';
import { PAGE_FILE_MEDIA_TYPES, renderPageFile } from '../../../../../../scripts/site/page-files.ts';
import type { PageFileFormat } from '../../../../../../scripts/site/site-routes.ts';
import { profileFilePaths } from '../../../../lib/static-paths.ts';
import { getSite } from '../../../../lib/snapshot.ts';

export function getStaticPaths() {
  return profileFilePaths();
}

export const GET: APIRoute = async ({ props }) => {
  const { dataset, year, id, format } = props as { dataset: string; year: number; id: string; format: PageFileFormat };
  const view = (await getSite()).profiles.find(
    (candidate) => candidate.dataset === dataset && candidate.year === year && candidate.id === id,
  );
  if (!view) throw new Error(`no ${dataset} page ${id} in ${year}`);
  return new Response(renderPageFile(datasetById(dataset), view.records, format), {
    headers: { 'content-type': PAGE_FILE_MEDIA_TYPES[format] },
  });
};
