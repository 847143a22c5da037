// The one place the site reads its data: the snapshot folder named by KPU_SITE_DATA_DIR, which
// scripts/site/site-stage.ts sets for the build process (set it by hand to run `astro dev` in site/).
import { loadSiteData, type SiteData } from '../../../scripts/site/site-data.ts';

let loaded: { dir: string; data: Promise<SiteData> } | undefined;

/** The site data, loaded once per build (every page of a build reads the same folder). */
export function getSite(): Promise<SiteData> {
  const dir = process.env.KPU_SITE_DATA_DIR;
  if (!dir) {
    throw new Error(
      'KPU_SITE_DATA_DIR is not set: build the site with runSiteStage (scripts/site/site-stage.ts), or set it to a snapshot data folder',
    );
  }
  if (loaded?.dir !== dir) loaded = { dir, data: loadSiteData(dir) };
  return loaded.data;
}
