// Sites the site stage builds again from a shared world's data with other settings (a base path, the site's public
// address, the report link), each built once and shared read-only between the browser files that read it
// (test/support/shared-worlds.ts): the compare and filter pages and the base-path links read the same site under
// /kpu/, so it is built once, not once per file. The world's dist/ is the site stage's output folder; with
// `withData`, the published data folder is copied into it, as the publish stage puts it beside the pages.
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createSilentReporter } from '../../scripts/log/progress-reporter.ts';
import { runSiteStage, type SiteStageOptions } from '../../scripts/site/site-stage.ts';
import { startStaticServer } from '../../scripts/site/static-server.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { sharedWorld, type SharedWorld } from '../support/shared-worlds.ts';
import { buildDemoSite, buildRealSite, type PublishedSite } from './site-fixtures.ts';

export interface SiteSettings {
  base?: string;
  siteUrl?: string;
  reportUrl?: string;
  /** Copy the published data folder into the site's folder (its links to the downloads then resolve). */
  withData?: boolean;
}

/**
 * The site of `source`'s data (the demo or the real-data world) built by the site stage with `settings`, shared: the
 * world's `run.stderr` holds the stage's lines.
 */
export async function sharedSiteWorld(source: 'demo' | 'real', settings: SiteSettings): Promise<SharedWorld> {
  const site = await (source === 'demo' ? buildDemoSite() : buildRealSite());
  try {
    const name = `${source}-site-${[
      settings.base === undefined ? '' : 'base',
      settings.siteUrl === undefined ? '' : 'url',
      settings.reportUrl === undefined ? '' : 'report',
    ]
      .filter(Boolean)
      .join('-')}`;
    // The source world's folder names its inputs' key: a rebuilt source makes this world anew.
    return await sharedWorld(name, `${site.distDir}\n${JSON.stringify(settings)}`, async (root) => {
      const outDir = path.join(root, 'dist');
      const lines: string[] = [];
      const options: SiteStageOptions = {
        dataDir: site.dataDir,
        outDir,
        reporter: { ...createSilentReporter(), line: (message) => lines.push(message) },
        ...(settings.base === undefined ? {} : { base: settings.base }),
        ...(settings.siteUrl === undefined ? {} : { siteUrl: settings.siteUrl }),
        ...(settings.reportUrl === undefined ? {} : { reportUrl: settings.reportUrl }),
      };
      await runSiteStage(options);
      if (settings.withData) await cp(path.join(site.distDir, 'data'), path.join(outDir, 'data'), { recursive: true });
      return { code: 0, signal: null, stdout: '', stderr: lines.join('\n') };
    });
  } finally {
    await site.close();
  }
}

/** sharedSiteWorld's site served (under its base path), with the data folder and manifest of its source. */
export async function serveSiteWorld(source: 'demo' | 'real', settings: SiteSettings): Promise<PublishedSite> {
  const [site, world] = await Promise.all([
    source === 'demo' ? buildDemoSite() : buildRealSite(),
    sharedSiteWorld(source, settings),
  ]);
  await site.close();
  const manifest = JSON.parse(
    await readFile(path.join(site.distDir, 'data', 'manifest.json'), 'utf8'),
  ) as SnapshotManifest;
  const server = await startStaticServer({ root: world.distDir, ...(settings.base ? { base: settings.base } : {}) });
  return {
    distDir: world.distDir,
    dataDir: site.dataDir,
    manifest,
    server,
    buildMs: world.buildMs,
    run: world.run,
    close: () => server.close(),
  };
}

/**
 * The demo site with the site's public address and the report link set, as page-tools.browser.test.ts reads it;
 * figure-files.browser.test.ts builds it again and finds the same bytes.
 */
export const DEMO_ADDRESSED: Readonly<Required<Pick<SiteSettings, 'siteUrl' | 'reportUrl'>>> = {
  siteUrl: 'https://data.example.org/pemilu/',
  reportUrl: 'https://tracker.example.org/kpu/issues/new?labels=data',
};
