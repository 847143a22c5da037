// A party page's records as CSV and JSON, next to the page (/<year>/partai/<n>/<stem>-<year>-partai-<n>.csv).
import type { APIRoute } from 'astro';
import { partyDataset } from '../../../../../../scripts/datasets/party-dataset.ts';
import { PAGE_FILE_MEDIA_TYPES, renderPageFile } from '../../../../../../scripts/site/page-files.ts';
import type { PageFileFormat } from '../../../../../../scripts/site/site-routes.ts';
import { partyFilePaths } from '../../../../lib/static-paths.ts';
import { getSite } from '../../../../lib/snapshot.ts';

export function getStaticPaths() {
  return partyFilePaths();
}

export const GET: APIRoute = async ({ props }) => {
  const { year, id, format } = props as { year: number; id: string; format: PageFileFormat };
  const view = (await getSite()).partyViews.find((candidate) => candidate.year === year && candidate.ballot === id);
  if (!view) throw new Error(`no party ${id} in ${year}`);
  return new Response(renderPageFile(partyDataset, view.records, format), {
    headers: { 'content-type': PAGE_FILE_MEDIA_TYPES[format] },
  });
};
