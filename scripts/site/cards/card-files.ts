// The social cards' files: drawn into the card cache on a thread of their own (card-thread.ts) while the Astro build
// renders the pages on the process's main thread, then copied beside their pages. Only scripts/site/astro-build.ts
// runs this (the pages' bundle imports social-cards.ts, never this thread's starter).
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SiteData } from '../site-data.ts';
import { socialCardJobs } from '../social-cards.ts';
import type { CardThreadAnswer, CardThreadData, RenderedCard } from './card-thread.ts';

/** Why the cards were not drawn: astro-build.ts stops with its own exit code for it (site-stage.ts names the code). */
export class CardsFailedError extends Error {}

/**
 * Renders every card into the card cache `cacheDir`, named by the SHA-256 of its SVG and renderer, while Astro builds
 * the pages (astro-build.ts starts it before Astro); a card whose SVG has not changed since a build that kept it is
 * not drawn again. Composing a card, rasterizing it and encoding its PNG take about 8 ms of CPU (as much as
 * Astro's rendering of a page), all on one thread of their own started at once, which waits for the site data the
 * pages read: the machine's second core, while Astro's rendering keeps the first. Their figures and texts name no
 * release or date, so a new release with the same figures keeps them.
 */
export async function renderSocialCards(site: Promise<SiteData>, cacheDir: string): Promise<RenderedCard[]> {
  const thread = new Worker(new URL('./card-thread.ts', import.meta.url), {
    workerData: { cacheDir } satisfies CardThreadData,
  });
  const answer = new Promise<CardThreadAnswer>((resolve, reject) => {
    thread.once('message', resolve);
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`the thread stopped before answering (exit code ${code})`)));
  });
  // Awaited below; a failure while the site data loads must not count as unhandled meanwhile.
  answer.catch(() => undefined);
  let jobs;
  try {
    jobs = socialCardJobs(await site);
  } catch (error) {
    // No data, no cards: the thread waits for nothing (Astro reports the data's fault).
    await thread.terminate();
    throw error;
  }
  thread.postMessage(jobs);
  let result: CardThreadAnswer;
  try {
    result = await answer;
  } catch (error) {
    throw new CardsFailedError(`the social cards could not be drawn: ${(error as Error).message}`, { cause: error });
  }
  if ('error' in result) throw new CardsFailedError(`the social cards could not be drawn: ${result.error}`);
  return result.cards;
}

/**
 * Copies the cards beside their pages in the built site `outDir` (each page's folder exists; copies, so nothing done
 * to the site reaches the cache), then removes from the cache every card this build did not use (all of them when
 * it drew none). Synchronous calls, one file after another: for hundreds of small files a fraction of the CPU time of
 * libuv's thread pool (docs/performance.md, "Small builds").
 */
export function placeSocialCards(cards: readonly RenderedCard[], cacheDir: string, outDir: string): void {
  for (const card of cards) copyFileSync(card.file, path.join(outDir, card.relative));
  const used = new Set(cards.map((card) => path.basename(card.file)));
  // No cache yet when no build drew a card (none without the site's address).
  const cached = existsSync(cacheDir) ? readdirSync(cacheDir) : [];
  for (const name of cached) if (!used.has(name)) rmSync(path.join(cacheDir, name), { force: true });
}
