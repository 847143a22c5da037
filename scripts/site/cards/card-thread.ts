// The social cards' thread (card-files.ts starts it beside the Astro build): for each card it is sent, the SVG
// composed (card-drawing.ts), looked up in the card cache, and when missing its texts outlined, rasterized by resvg,
// encoded as PNG (card-png.ts) and written into the cache. All of it here, so the build's own thread renders pages
// meanwhile.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { socialCardSvg, textElement, type SocialCard, type TextWriter } from './card-drawing.ts';
import { OUTLINER, loadOutlineFonts, outlinedText } from './card-outline.ts';
import { PNG_ENCODER, encodeOpaquePng } from './card-png.ts';

/** A card to draw: its path in the site (beside its page), and what it says. */
export interface CardJob {
  relative: string;
  card: SocialCard;
}

/** A card to place: its path in the site, and the file in the card cache that holds its PNG. */
export interface RenderedCard {
  relative: string;
  file: string;
}

/** What the thread is started with (workerData). */
export interface CardThreadData {
  cacheDir: string;
}

/** The thread's answer to the cards it was sent: each card's file, or what stopped the drawing. */
export type CardThreadAnswer = { cards: RenderedCard[] } | { error: string };

/**
 * What decides a card's bytes besides its SVG with `<text>` elements: the rasterizer's and the fonts' versions, the
 * outlining's (fontkit's version and card-outline.ts's own source) and the PNG encoding's (zlib's version). A card is
 * kept under the SHA-256 of these and that SVG, so a rebuild that finds every card loads no font.
 */
const RENDERER = [
  ...['@resvg/resvg-js', 'dejavu-fonts-ttf'].map((name) => {
    const manifest = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(`${name}/package.json`)), 'utf8')) as {
      version: string;
    };
    return `${name}@${manifest.version}`;
  }),
  OUTLINER,
  PNG_ENCODER,
].join(' ');

/** A line as its glyphs' outlines, filled: the SVG resvg rasterizes (it needs no font). */
const textOutlines: TextWriter = (x, y, text, size, weight, fill, anchor = 'start') =>
  `<g fill="${fill}">${outlinedText(text, x, y, size, weight, anchor)}</g>`;

/**
 * resvg's settings: no font at all (the card's texts are outlines, card-outline.ts; so no system font can change a
 * glyph), the SVG's own size.
 */
const RENDER_OPTIONS: ResvgRenderOptions = {
  font: { loadSystemFonts: false },
  fitTo: { mode: 'original' },
};

/**
 * V8's collection of its young objects, when the process exposes it (`--expose-gc`: the site stage starts the Astro
 * build so). resvg's parsed SVG and its 1200 × 630 image (3 MB) are native memory held by small JavaScript objects,
 * which V8 does not count: left to the collector's own pace, every card's image takes fresh memory that the kernel
 * must fault in and zero, most of a card's CPU time. Collected after each card, they are set free (their finalizers
 * run at the next turn of the event loop, the card's write) and the next card reuses their memory: about half a
 * card's CPU time, and the thread stays under 100 MB where it grew by 3 MB a card.
 */
const collectYoung = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;

/**
 * Draws into the card cache `cacheDir` every card not already there, one after another (this thread is the one core
 * the cards take), and names each card's file. resvg and fontkit are loaded only when a card is missing.
 */
async function drawCards(jobs: readonly CardJob[], cacheDir: string): Promise<RenderedCard[]> {
  await mkdir(cacheDir, { recursive: true });
  let resvg: typeof import('@resvg/resvg-js') | null = null;
  const cards: RenderedCard[] = [];
  for (const { relative, card } of jobs) {
    const named = socialCardSvg(card, textElement);
    const file = path.join(
      cacheDir,
      `${createHash('sha256').update(RENDERER).update('\0').update(named).digest('hex')}.png`,
    );
    if (!existsSync(file)) {
      if (resvg === null) {
        [resvg] = await Promise.all([import('@resvg/resvg-js'), loadOutlineFonts()]);
      }
      const image = new resvg.Resvg(socialCardSvg(card, textOutlines), RENDER_OPTIONS).render();
      const png = encodeOpaquePng(image.pixels, image.width, image.height);
      collectYoung?.({ type: 'minor' });
      // Whole or not at all: written beside, renamed into place.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, png);
      await rename(partial, file);
    }
    cards.push({ relative, file });
  }
  return cards;
}

const port = parentPort;
if (!port) throw new Error('card-thread.ts runs as a worker thread of card-files.ts');
const { cacheDir } = workerData as CardThreadData;

// One message: every card of the build. The thread ends after answering it.
port.once('message', (jobs: CardJob[]) => {
  drawCards(jobs, cacheDir).then(
    (cards) => port.postMessage({ cards } satisfies CardThreadAnswer),
    // A file system's error says all in its message; any other with where it happened.
    (error: unknown) =>
      port.postMessage({
        error:
          error instanceof Error ? ('code' in error ? error.message : (error.stack ?? error.message)) : String(error),
      } satisfies CardThreadAnswer),
  );
});
