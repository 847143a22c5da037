// The dynamic routes' pages, from the site data: one per election year, dapil, party, and per-page file.
// Every route file of both languages calls these, so the two languages always have the same pages.
import { pageFileName, type PageFileFormat } from '../../../scripts/site/site-routes.ts';
import { partyDataset } from '../../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../../scripts/datasets/turnout-dataset.ts';
import { getSite } from './snapshot.ts';

const FORMATS: readonly PageFileFormat[] = ['csv', 'json'];

export async function yearPaths() {
  const site = await getSite();
  return site.years.map((view) => ({ params: { year: String(view.year) }, props: { year: view.year } }));
}

export async function dapilPaths() {
  const site = await getSite();
  return site.dapils.map((view) => ({ params: { year: String(view.year), dapil: view.dapilId }, props: { year: view.year, dapilId: view.dapilId } }));
}

export async function partyPaths() {
  const site = await getSite();
  return site.partyViews.map((view) => ({ params: { year: String(view.year), ballot: view.ballot }, props: { year: view.year, ballot: view.ballot } }));
}

export async function dapilFilePaths() {
  const site = await getSite();
  return site.dapils.flatMap((view) =>
    FORMATS.map((format) => ({
      params: { year: String(view.year), dapil: view.dapilId, file: pageFileName(turnoutDataset.fileStem, view.year, 'dapil', view.dapilId, format) },
      props: { year: view.year, id: view.dapilId, format },
    })),
  );
}

export async function partyFilePaths() {
  const site = await getSite();
  return site.partyViews.flatMap((view) =>
    FORMATS.map((format) => ({
      params: { year: String(view.year), ballot: view.ballot, file: pageFileName(partyDataset.fileStem, view.year, 'partai', view.ballot, format) },
      props: { year: view.year, id: view.ballot, format },
    })),
  );
}
