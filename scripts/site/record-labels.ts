// How the pages name a dapil, a profile and a record's key, in one language.
import { pagedDatasetById, type DatasetId } from '../datasets/datasets.ts';
import type { DapilView, ProfileView } from './site-data.ts';
import type { Lang } from './site-routes.ts';

export function dapilLabel(view: DapilView): string {
  return view.dapilName ?? `Dapil ${view.dapilId}`;
}

/** A profile page's name: its display name, else its short name, else its page key. */
export function profileLabel(view: ProfileView): string {
  return view.name ?? view.shortName ?? `#${view.id}`;
}

/** The page key in words, as a profile page's lead says it. Example: ('en', 'parties', '3') → "Ballot number 3". */
export function keyLine(lang: Lang, dataset: DatasetId, id: string): string {
  return `${pagedDatasetById(dataset).pages.keyLabel[lang]} ${id}`;
}

/** The page key in words mid-sentence. Example: ('id', 'parties', '3') → "nomor urut 3"; ('en', 'turnout', '1101') → "dapil 1101". */
export function keyPhrase(lang: Lang, dataset: DatasetId, id: string): string {
  const line = keyLine(lang, dataset, id);
  return `${line.charAt(0).toLocaleLowerCase(lang)}${line.slice(1)}`;
}
