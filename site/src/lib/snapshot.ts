// The one place the site reads its data: the snapshot folder named by KPU_SITE_DATA_DIR, which
// scripts/site/site-stage.ts sets for the build process (set it by hand to run `astro dev` in site/).
import { loadSiteDataOnce, type SiteData } from '../../../scripts/site/site-data.ts';

/**
 * The site data, loaded once per build (every page of a build reads the same folder; the build script then writes
 * the pages' own files from the same records).
 */
export function getSite(): Promise<SiteData> {
  const dir = process.env.KPU_SITE_DATA_DIR;
  if (!dir) {
    throw new Error(
      'KPU_SITE_DATA_DIR is not set: build the site with runSiteStage (scripts/site/site-stage.ts), or set it to a snapshot data folder',
    );
  }
  return loadSiteDataOnce(dir);
}

/**
 * The site's public address (KPU_SITE_URL, ending in "/"), which the site stage hands to the build when it is
 * set; null otherwise (no og:url, no sitemap.xml, robots.txt without its Sitemap line).
 */
export function getSiteUrl(): string | null {
  const url = process.env.KPU_SITE_URL;
  return url ? (url.endsWith('/') ? url : `${url}/`) : null;
}

/**
 * Where visitors report an error (KPU_REPORT_URL), which the site stage hands to the build when it is set; null
 * otherwise (no report link in the footer).
 */
export function getReportUrl(): string | null {
  return process.env.KPU_REPORT_URL || null;
}
