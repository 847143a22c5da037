// robots.txt at the host's root only: every page may be crawled; the sitemap's absolute address when the site's
// public address (KPU_SITE_URL) is known, else no Sitemap line (the standard asks for an absolute URL, and there is
// no sitemap). Under a base path (/kpu/) no file is written: crawlers read only the host's /robots.txt, so a file
// in the site's folder would never be read; the site stage's output says which lines belong there. (A dynamic route
// so that, under a base path, it yields no file at all.)
import type { APIRoute } from 'astro';
import { withBase } from '../../../scripts/site/site-routes.ts';
import { absoluteUrl, robotsTxt } from '../../../scripts/site/site-share.ts';
import { getSiteUrl } from '../lib/snapshot.ts';

export function getStaticPaths() {
  return import.meta.env.BASE_URL === '/' ? [{ params: { robots: 'robots' } }] : [];
}

export const GET: APIRoute = () => {
  const siteUrl = getSiteUrl();
  const base = import.meta.env.BASE_URL;
  const sitemap = siteUrl ? absoluteUrl(siteUrl, base, withBase(base, '/sitemap.xml')) : null;
  return new Response(robotsTxt(sitemap), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
