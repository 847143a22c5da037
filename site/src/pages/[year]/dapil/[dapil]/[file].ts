// A dapil page's records as CSV and JSON, next to the page (/<year>/dapil/<id>/<stem>-<year>-dapil-<id>.csv).
import type { APIRoute } from 'astro';
import { turnoutDataset } from '../../../../../../scripts/datasets/turnout-dataset.ts';
import { PAGE_FILE_MEDIA_TYPES, renderPageFile } from '../../../../../../scripts/site/page-files.ts';
import type { PageFileFormat } from '../../../../../../scripts/site/site-routes.ts';
import { dapilFilePaths } from '../../../../lib/static-paths.ts';
import { getSite } from '../../../../lib/snapshot.ts';

export function getStaticPaths() {
  return dapilFilePaths();
}

export const GET: APIRoute = async ({ props }) => {
  const { year, id, format } = props as { year: number; id: string; format: PageFileFormat };
  const view = (await getSite()).dapils.find((candidate) => candidate.year === year && candidate.dapilId === id);
  if (!view) throw new Error(`no dapil ${id} in ${year}`);
  return new Response(renderPageFile(turnoutDataset, view.records, format), {
    headers: { 'content-type': PAGE_FILE_MEDIA_TYPES[format] },
  });
};
