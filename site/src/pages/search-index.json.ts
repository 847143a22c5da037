// The static search index the search pages load: every dapil, regency and party with its pages' years and ids.
import type { APIRoute } from 'astro';
import { renderSearchIndex } from '../../../scripts/site/search-index.ts';
import { getSite } from '../lib/snapshot.ts';

export const GET: APIRoute = async () => {
  return new Response(renderSearchIndex(await getSite()), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
