// robots.txt: every page may be crawled; the sitemap's absolute address when the site's public address
// (KPU_SITE_URL) is known, else no Sitemap line (the standard asks for an absolute URL, and there is no sitemap).
import type { APIRoute } from 'astro';
import { withBase } from '../../../scripts/site/site-routes.ts';
import { absoluteUrl, robotsTxt } from '../../../scripts/site/site-share.ts';
import { getSiteUrl } from '../lib/snapshot.ts';

export const GET: APIRoute = () => {
  const siteUrl = getSiteUrl();
  const base = import.meta.env.BASE_URL;
  const sitemap = siteUrl ? absoluteUrl(siteUrl, base, withBase(base, '/sitemap.xml')) : null;
  return new Response(robotsTxt(sitemap), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
