// One Astro build of site/, run by the site stage as a child process: `node --expose-gc [the build's Node options]
// scripts/site/astro-build.ts <outDir> <base> <cacheDir> <cardsDir> [--stop-with-parent]` (cardsDir: the social
// cards' cache, social-cards.ts), with KPU_SITE_DATA_DIR in its
// environment (read by site/src/lib/snapshot.ts); `--expose-gc` lets it collect at its phases' ends
// (collect-garbage.ts), and the build's own options (child-node-options.ts) make it run as the build's other processes.
// A process per build because Astro imports its rendered page modules under fixed file names, so a second
// build in the same process would render with the first build's modules.
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type AstroUserConfig } from 'astro';
import siteConfig from '../../site/astro.config.ts';
import { getSite, getSiteUrl } from '../../site/src/lib/snapshot.ts';
import { DEFAULT_LANG, LANGS } from '../languages.ts';
import { writeChunksToFile } from '../foundation/atomic-file.ts';
import { collectGarbage } from '../foundation/collect-garbage.ts';
import { stopWhenStdinEnds } from '../foundation/parent-gone.ts';
import { writePageFiles } from './page-files.ts';
import { searchIndexChunks } from './search-index.ts';
import { COMPARE_INDEX_PATH, compareIndexChunks } from './compare-index.ts';
import { CardsFailedError, placeSocialCards, renderSocialCards } from './cards/card-files.ts';
import { renderedFigures, writeFigureFiles } from './figure-files.ts';
import { minifySiteScripts } from './script-minify.ts';
import { absoluteUrl } from './site-share.ts';
import { withBase } from './site-routes.ts';
import { loadedSiteData } from './site-data.ts';
import { ASTRO_BUILD_CONCURRENCY, CARDS_FAILED_EXIT_CODE, SITE_ROOT } from './site-root.ts';
import { SEARCH_INDEX_PATH } from './site-routes.ts';

const [outDir, base, cacheDir, cardsDir, flag] = process.argv.slice(2);
if (!outDir || !base || !cacheDir || !cardsDir || (flag !== undefined && flag !== '--stop-with-parent')) {
  process.stderr.write(
    'usage: node scripts/site/astro-build.ts <outDir> <base> <cacheDir> <cardsDir> [--stop-with-parent]\n',
  );
  process.exit(2);
}

// --stop-with-parent: the site stage holds our standard input open as a pipe for the whole build; its end means the
// build that started us is gone.
if (flag === '--stop-with-parent') stopWhenStdinEnds('the build that started this site build is gone');

// `sync: false`: no type generation before the build. The site has no content collections, no astro:env and no
// fonts, so the sync only wrote site/.astro/content.d.ts and types.d.ts (for editors and `astro check`, which syncs
// by itself) after starting a Vite server of its own: CPU time for nothing, and files every build running at the
// same time rewrote in the same shared folder. The pages are byte-identical either way. An option of Astro's builder
// that its public type leaves out; were it ever ignored, builds would only sync again.
const buildSite = build as (config: Parameters<typeof build>[0], options: { sync: boolean }) => Promise<void>;
// The site's settings (site/astro.config.ts) imported here and given with this build's (`configFile: false`): Astro
// loads a TypeScript config file through a Vite server of its own, started and stopped for it, about an eighth of a
// small site's CPU time (1.93 → 1.67 CPU-s). This build's settings are laid over the site's, the objects both may set
// (`build`, `vite`) merged, as Astro's mergeConfig would: not imported from astro/config, which loads 280 modules this
// process never uses (site/astro.config.ts). The pages are byte-identical either way.
const settings: AstroUserConfig = siteConfig;
// The publisher's own modules (scripts/, which the pages' models, texts and charts come from) stay out of Astro's
// render bundle: its pages import them from their files, as this script does. So the process holds one copy of each
// (the records the pages were rendered from and the figures they named are the ones written after Astro, below),
// Node's compile cache serves them from build to build, and the bundler transforms only the site's own sources. The
// pages are byte-identical either way; with them bundled, the demo's site stage took 4.0 against 3.5 s, the
// real data's 4.50 against 4.33 s (medians of alternated forced rebuilds) and ten times the data 13.2 against 12.3 s.
const PUBLISHER_MODULES = new RegExp(`^${RegExp.escape(path.resolve(import.meta.dirname, '..'))}/`);
// The social cards are drawn while Astro builds the pages, on a thread of their own (scripts/site/cards/card-files.ts),
// from the site data Astro's pages read (loaded once in this process), into the card cache `cardsDir` (kept from
// build to build); they are copied beside their pages once Astro is done. Only with the site's address: a page names
// its card by an absolute URL (og:image), so without KPU_SITE_URL no page names one and none is drawn.
const cards = getSiteUrl() === null ? Promise.resolve([]) : renderSocialCards(getSite(), cardsDir);
// Cards that could not be drawn stop this build at once, with an exit code of their own that the site stage reports
// as SITE_CARDS_FAILED with this line (a fault of the site data is Astro's to report). Awaited below; no failure
// counts as unhandled meanwhile.
cards.catch((error: unknown) => {
  if (!(error instanceof CardsFailedError)) return;
  process.stderr.write(`${error.message}\n`);
  process.exit(CARDS_FAILED_EXIT_CODE);
});
await buildSite(
  {
    ...settings,
    root: SITE_ROOT,
    outDir,
    base,
    cacheDir,
    build: { ...settings.build, concurrency: ASTRO_BUILD_CONCURRENCY },
    vite: {
      ...settings.vite,
      cacheDir: `${cacheDir}/vite`,
      logLevel: 'warn',
      // Absolute, as resolved: the render bundle is written elsewhere, so a path relative to it would not reach them.
      build: { rolldownOptions: { external: [PUBLISHER_MODULES], makeAbsoluteExternalsRelative: false } },
    },
    configFile: false,
    mode: 'production',
    logLevel: 'warn',
  },
  { sync: false },
);

/**
 * Puts each other language's not-found page where static hosts and readers look for it: Astro writes
 * site/src/pages/[lang]/404.astro as <lang>/404/index.html (only the root 404 gets a file of its own), moved to
 * <lang>/404.html beside the default language's /404.html.
 */
async function placeNotFoundPages(siteDir: string): Promise<void> {
  for (const lang of LANGS.filter((each) => each !== DEFAULT_LANG)) {
    const folder = path.join(siteDir, lang, '404');
    await rename(path.join(folder, 'index.html'), path.join(siteDir, lang, '404.html'));
    await rm(folder, { recursive: true });
  }
}

await placeNotFoundPages(outDir);
await minifySiteScripts(outDir);
// Every chart's and map's files to take away, beside its page (scripts/site/figure-files.ts): the figures the pages
// named as Astro rendered them (their PNGs drawn in the reader's browser).
const siteUrl = getSiteUrl();
writeFigureFiles(renderedFigures(), outDir, (rootPath) =>
  siteUrl === null ? withBase(base, rootPath) : absoluteUrl(siteUrl, base, withBase(base, rootPath)),
);

// The dapil and profile pages' own CSV and JSON files, beside the pages, from the very records Astro rendered them
// from (kept in this process by loadSiteDataOnce): written here, not as Astro routes (scripts/site/page-files.ts
// says why). So is the search index, chunk by chunk (scripts/site/search-index.ts): an Astro route returns its
// text whole, 38 MB and the million entries it was joined from at a million records.
const rendered = loadedSiteData();
if (rendered === null) throw new Error('the Astro build read no site data: the pages have no records to write');
const site = await rendered;
// What rendering the pages left, and then what writing the pages' files left, collected before the next phase
// (scripts/foundation/collect-garbage.ts): the process's peak at a million records.
collectGarbage();
await writePageFiles(site, outDir);
collectGarbage();
await writeChunksToFile(path.join(outDir, SEARCH_INDEX_PATH), searchIndexChunks(site));
await writeChunksToFile(path.join(outDir, COMPARE_INDEX_PATH), compareIndexChunks(site));
// The cards last: their thread draws on beside all of the above (on a first build, every card).
placeSocialCards(await cards, cardsDir, outDir);
