// The static search index the search pages load: every dapil, regency and party with its pages' years and ids.
import type { APIRoute } from 'astro';
import { buildSearchIndex } from '../../../scripts/site/search-index.ts';
import { getSite } from '../lib/snapshot.ts';

export const GET: APIRoute = async () => {
  const index = buildSearchIndex(await getSite());
  return new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
