// sitemap.xml, written only when the site's public address (KPU_SITE_URL) is known: a sitemap lists absolute
// URLs. Every HTML page of the URL scheme once per language, with its language versions as hreflang alternates.
// (A dynamic route so that, without the address, it yields no file at all.)
import type { APIRoute } from 'astro';
import { LANGS, pagePath, withBase } from '../../../scripts/site/site-routes.ts';
import { absoluteUrl, sitemapXml } from '../../../scripts/site/site-share.ts';
import { getSiteUrl } from '../lib/snapshot.ts';
import { pagePaths } from '../lib/static-paths.ts';

export function getStaticPaths() {
  return getSiteUrl() === null ? [] : [{ params: { sitemap: 'sitemap' } }];
}

export const GET: APIRoute = async () => {
  const siteUrl = getSiteUrl();
  if (siteUrl === null) throw new Error('sitemap.xml needs KPU_SITE_URL');
  const base = import.meta.env.BASE_URL;
  const [first] = LANGS;
  const pages = (await pagePaths())
    .filter((entry) => entry.props.lang === first)
    .map((entry) => ({
      urls: LANGS.map((lang) => ({
        lang,
        url: absoluteUrl(siteUrl, base, withBase(base, pagePath(lang, entry.props.page))),
      })),
    }));
  return new Response(sitemapXml(pages), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
