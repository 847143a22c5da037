// Sharing and finding: human names of releases and retrievals, party websites as safe links, each
// page's description for search engines and link previews, and the sitemap.xml and robots.txt of the site (with
// its public address from KPU_SITE_URL). Pure functions of their arguments, so the same data gives the same bytes.
import { countColumn, type DapilView, type Totals } from './site-data.ts';
import { formatCount, formatDate, formatPercent } from './site-format.ts';
import { womenShare } from './site-sentences.ts';
import type { Lang } from './site-routes.ts';
import { SHARE_TEXT } from './texts/share-text.ts';

/**
 * A release's human name from its id (the day its data was retrieved, and its number that day; the digest of its
 * data that ends the id is left to the id itself). Example: ('id', "2026-11-23.2-5b0d77aa") → "rilis 23 November
 * 2026 (2)"; ('en', "2026-11-23-3f9a1c0e") → "release of 23 November 2026"; a demo build's ('en',
 * "2026-11-23-demo-3f9a1c0e") → "release of 23 November 2026 (demo)". An id of another shape is returned as it is.
 */
export function releaseName(lang: Lang, id: string): string {
  const match = /^([0-9]{4}-[0-9]{2}-[0-9]{2})(-demo)?(?:\.([0-9]+))?(?:-[0-9a-f]{8})?$/.exec(id);
  if (!match) return id;
  const [, day = '', demo, number] = match;
  return `${SHARE_TEXT[lang].releaseName(formatDate(lang, `${day}T00:00:00Z`), number ?? null)}${demo ? ' (demo)' : ''}`;
}

/** Top-level domains a bare domain name must end in to become a link ("pkb.id", "www.partaigolkar.com"). */
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:id|com|org|net|info|biz)(?:\/[^\s]*)?$/i;

/**
 * The address a website value links to: an absolute http or https URL as it is, a bare domain name (as the 2024
 * party profiles give most websites) with "http://" before it; anything else null (the value stays text).
 * Example: "https://ppp.or.id/" → "https://ppp.or.id/"; "www.nasdem.id" → "http://www.nasdem.id/";
 * "javascript:alert(1)" → null; "Jl. Raya" → null.
 */
export function websiteHref(value: string): string | null {
  const text = value.trim();
  if (text === '' || /[\s\\]/.test(text)) return null;
  const candidate = /^https?:\/\//i.test(text) ? text : BARE_DOMAIN.test(text) ? `http://${text}` : null;
  if (candidate === null) return null;
  const url = URL.parse(candidate);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (!url.hostname.includes('.') || url.username !== '' || url.password !== '') return null;
  return candidate === text ? text : url.href;
}

/** Escapes text for XML (element content and attribute values). */
function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A page of the sitemap: its address in each language (the first is the page's own). */
export interface SitemapPage {
  /** Language → absolute URL, every language of the page. */
  urls: ReadonlyArray<{ lang: Lang; url: string }>;
}

/**
 * sitemap.xml: every page in every language once, each with its language versions as hreflang alternates
 * (itself included, as Google asks), in the order given.
 */
export function sitemapXml(pages: readonly SitemapPage[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    for (const own of page.urls) {
      lines.push(`<url><loc>${xmlText(own.url)}</loc>`);
      for (const other of page.urls)
        lines.push(`<xhtml:link rel="alternate" hreflang="${other.lang}" href="${xmlText(other.url)}"/>`);
      lines.push('</url>');
    }
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/**
 * robots.txt: every page may be crawled; with the site's public address known, the sitemap's absolute URL (the
 * robots.txt standard asks for one). Example: ("https://example.org/kpu/sitemap.xml") →
 * "User-agent: *\nAllow: /\n\nSitemap: https://example.org/kpu/sitemap.xml\n"; (null) → without the Sitemap line.
 */
export function robotsTxt(sitemapUrl: string | null): string {
  return `User-agent: *\nAllow: /\n${sitemapUrl ? `\nSitemap: ${sitemapUrl}\n` : ''}`;
}

/**
 * An absolute URL of a root-relative path (base included) on the site at `siteUrl` (KPU_SITE_URL, ending in "/",
 * which names the folder the site is served from, so `base` is not added twice).
 * Example: ("https://example.org/kpu/", "/kpu/", "/kpu/2014/") → "https://example.org/kpu/2014/".
 */
export function absoluteUrl(siteUrl: string, base: string, path: string): string {
  const trimmedBase = base.endsWith('/') ? base : `${base}/`;
  const relative = path.startsWith(trimmedBase) ? path.slice(trimmedBase.length) : path.replace(/^\//, '');
  return new URL(relative, siteUrl).href;
}

/**
 * Where the search boxes send a query without JavaScript, so that it is not lost: a web search engine restricted to
 * the site (DuckDuckGo's `sites` parameter; it works without JavaScript too). Only when the site's public address is
 * known: without it no engine can be restricted to the site, and the search page says search needs JavaScript.
 * With JavaScript, a line of the page layout points the forms back at the site's own search page.
 * Example: "https://data.example.org/pemilu/" → { action: "https://duckduckgo.com/", sites: "data.example.org" }.
 */
export function fallbackSearch(siteUrl: string | null): { action: string; sites: string } | null {
  return siteUrl === null ? null : { action: 'https://duckduckgo.com/', sites: new URL(siteUrl).host };
}

/** Voters who used their vote and the women's share among them, as the descriptions say them. */
function votersOf(lang: Lang, totals: Totals): { voters: string; women: string } {
  const [maleSum, femaleSum] = [totals[countColumn('total', 'male')], totals[countColumn('total', 'female')]];
  const male = maleSum?.sum ?? 0;
  const female = femaleSum?.sum ?? 0;
  const share = womenShare({ male, female });
  // No record gave either count: a dash, as for the share, never "0".
  const given = (maleSum?.given ?? 0) + (femaleSum?.given ?? 0) > 0;
  return {
    voters: given ? formatCount(lang, male + female) : '–',
    women: share === null ? '–' : formatPercent(lang, share),
  };
}

/**
 * The year page's description (meta description, og:description), from its figures. Example (en): "Election 2024:
 * 1,234,567 voters used their vote for the DPR in 6 dapils, 50.2% of them women. Figures by dapil, regency and party."
 * A year without dapils (no turnout records) is described by its parties, not as "– voters … in 0 dapils".
 */
export function yearDescription(lang: Lang, year: number, totals: Totals, dapils: number, parties: number): string {
  if (dapils === 0) return SHARE_TEXT[lang].yearPartiesDescription(year, parties);
  const { voters, women } = votersOf(lang, totals);
  return SHARE_TEXT[lang].yearDescription(year, voters, dapils, women);
}

/**
 * A dapil page's description, from its figures. Example (id): "DAPIL CONTOH I (dapil 1101), pemilu 2024: 345.678
 * pengguna hak pilih di 3 kabupaten/kota, 50,1% perempuan."
 */
export function dapilDescription(lang: Lang, name: string, view: DapilView): string {
  const { voters, women } = votersOf(lang, view.totals);
  return SHARE_TEXT[lang].dapilDescription(name, view.dapilId, view.year, voters, view.records.length, women);
}
