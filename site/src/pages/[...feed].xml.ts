// The Atom feed of releases, one per language (scripts/site/atom-feed.ts): /feed.xml, /en/feed.xml. Every page's
// head links its language's feed; the changelog page links it visibly.
import type { APIRoute } from 'astro';
import { atomFeed, feedPath } from '../../../scripts/site/atom-feed.ts';
import { LANGS, type Lang } from '../../../scripts/site/site-routes.ts';
import { getSite, getSiteUrl } from '../lib/snapshot.ts';

export function getStaticPaths() {
  // "/en/feed.xml" → the rest parameter "en/feed" (the route adds ".xml").
  return LANGS.map((lang) => ({ params: { feed: feedPath(lang).slice(1, -'.xml'.length) }, props: { lang } }));
}

export const GET: APIRoute = async ({ props }) => {
  const { lang } = props as { lang: Lang };
  const body = atomFeed(await getSite(), lang, { base: import.meta.env.BASE_URL, siteUrl: getSiteUrl() });
  return new Response(body, { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};
