// Social cards: the 1200 × 630 PNG a link preview shows (og:image) for the home, year, dapil and party pages, drawn
// from the page's own figures in its language: an SVG composed here, its texts as outlines of the DejaVu Sans fonts
// of npm's dejavu-fonts-ttf (never the system's), rasterized by resvg (a kept Rust rasterizer, npm's
// @resvg/resvg-js, with prebuilt binaries), so the same data gives the same PNG bytes on every machine. Its words in
// each language are in cards/card-text.ts, its fonts and the measuring of its texts in cards/card-font.ts, the
// outlines in cards/card-outline.ts.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { datasetById } from '../datasets/datasets.ts';
import { FILES_AT_ONCE, forEachAtOnce } from '../foundation/at-once.ts';
import { provinceLabel } from './pages/dapil-page.ts';
import { dapilLabel, keyLine, profileLabel } from './record-labels.ts';
import {
  countColumn,
  findProfileInOtherYears,
  numberValue,
  type ProfileView,
  type SiteData,
  type Totals,
} from './site-data.ts';
import { formatCount, formatPercent } from './site-format.ts';
import { upstreamOf, womenShare } from './site-sentences.ts';
import { LANGS, pagePath, type Lang, type PageRef } from './site-routes.ts';
import { TEXT } from './site-text.ts';
import { CARD_TEXT } from './cards/card-text.ts';
import { fitText, textWidth, wrap } from './cards/card-font.ts';
import { OUTLINER, loadOutlineFonts, outlinedText } from './cards/card-outline.ts';

/** The size Open Graph and X (Twitter) ask of a large card image: 1.91:1. */
const CARD_WIDTH = 1200;
const CARD_HEIGHT = 630;

/** A card's file name, beside its page's index.html. */
const CARD_FILE = 'card.png';

/** The pages that have a card. */
type CardPage = Extract<PageRef, { kind: 'home' | 'year' | 'dapil' | 'profile' }>;

function hasCard(page: PageRef | null): page is CardPage {
  return (
    page !== null && (page.kind === 'home' || page.kind === 'year' || page.kind === 'dapil' || page.kind === 'profile')
  );
}

/** A figure and what it counts. */
interface CardFigure {
  value: string;
  label: string;
}

/** What a card says, before it is drawn. */
interface SocialCard {
  /** Above the title: the site's name, or the election and province. */
  kicker: string;
  title: string;
  figure: CardFigure | null;
  /** Up to three smaller figures below the key one. */
  facts: CardFigure[];
  /** A sentence below the figures (a year without voter figures says so). */
  note: string | null;
  /** A share drawn as a bar (women's share; a party's women's representation with the quota marked). */
  bar: { share: number; label: string; mark: { share: number; label: string } | null } | null;
  source: string;
  /** The demo build's warning, drawn beside the source line; null on real data. */
  demo: string | null;
  alt: string;
}

/** The 30 % of women a party's central board should have (Law 7/2017, art. 173(2)(e)), marked on its bar. */
const QUOTA_SHARE = 0.3;

/** The quota as the cards write it: "30%". */
function quotaText(lang: Lang): string {
  return `${formatCount(lang, QUOTA_SHARE * 100)}%`;
}

/** Voters who used their vote (all lists, both sexes) and women's share among them; null when no record gave a count. */
function votersOf(totals: Totals): { voters: number; women: number | null } | null {
  const male = totals[countColumn('total', 'male')];
  const female = totals[countColumn('total', 'female')];
  if ((male?.given ?? 0) + (female?.given ?? 0) === 0) return null;
  return {
    voters: (male?.sum ?? 0) + (female?.sum ?? 0),
    women: womenShare({ male: male?.sum ?? null, female: female?.sum ?? null }),
  };
}

/** The women's-share bar of some totals. */
function womenBar(lang: Lang, women: number | null): SocialCard['bar'] {
  return women === null
    ? null
    : { share: women, label: `${formatPercent(lang, women)} ${CARD_TEXT[lang].women}`, mark: null };
}

/** What the card of a page says; null for a page without a card (or whose figures are not in the data). */
function socialCardOf(site: SiteData, lang: Lang, page: PageRef | null): SocialCard | null {
  if (!hasCard(page)) return null;
  const t = CARD_TEXT[lang];
  const { manifest } = site;
  // No release or date: a new release with the same figures keeps its cards (renderSocialCards).
  const source = t.source(manifest.source.publisher, upstreamOf(lang, manifest));
  const demo = manifest.demo ? t.demo : null;
  const card = cardContent(site, lang, page);
  if (card === null) return null;
  const parts = [
    `${card.kicker} · ${card.title}`,
    ...(card.figure ? [`${card.figure.value} ${card.figure.label}`] : []),
    ...card.facts.map((fact) => `${fact.value} ${fact.label}`),
    ...(card.note === null ? [] : [card.note.replace(/\.$/, '')]),
    ...(card.bar ? [card.bar.label] : []),
    source,
    ...(demo === null ? [] : [demo]),
  ];
  return { ...card, source, demo, alt: t.alt(parts) };
}

type CardContent = Omit<SocialCard, 'source' | 'demo' | 'alt'>;

/** A year's dapils as a card's figure: the count, and "of 77 official dapils" when its records miss some. */
function dapilsFact(site: SiteData, lang: Lang, year: number): CardFigure {
  const t = CARD_TEXT[lang];
  const count = site.dapils.filter((view) => view.year === year).length;
  const coverage = site.quality.coverage?.years.find((entry) => entry.year === year);
  const partial = coverage?.status === 'compared' && coverage.dapils.harvested < coverage.dapils.official;
  return {
    value: formatCount(lang, count),
    label: partial ? t.ofOfficial(formatCount(lang, coverage.dapils.official)) : t.dapils(count),
  };
}

/** A profile page's value of its dataset's first percent column (a party's women's representation, 0–100), or null. */
function percentOf(view: ProfileView): number | null {
  const column = datasetById(view.dataset).columns.find((each) => each.unit === 'percent');
  return column === undefined || view.records[0] === undefined ? null : numberValue(view.records[0], column.name);
}

function cardContent(site: SiteData, lang: Lang, page: CardPage): CardContent | null {
  const t = CARD_TEXT[lang];
  const siteName = TEXT[lang].siteName;
  switch (page.kind) {
    case 'home': {
      const latest = site.years.filter((view) => votersOf(view.totals) !== null).at(-1);
      const counts = latest ? votersOf(latest.totals) : null;
      const years = site.years.map((view) => view.year);
      const facts: CardFigure[] = [
        {
          value: formatCount(lang, years.length),
          label: `${t.years(years.length)}${years.length > 0 ? ` (${years.join(', ')})` : ''}`,
        },
      ];
      if (latest) facts.push(dapilsFact(site, lang, latest.year));
      return {
        kicker: siteName,
        title: t.homeTitle,
        figure: latest && counts ? { value: formatCount(lang, counts.voters), label: t.votersIn(latest.year) } : null,
        facts,
        note: null,
        bar: womenBar(lang, counts?.women ?? null),
      };
    }
    case 'year': {
      const view = site.years.find((candidate) => candidate.year === page.year);
      if (!view) return null;
      const counts = votersOf(view.totals);
      if (counts === null) {
        // No voter figures that year: its parties, and how many meet the quota of women in their central board.
        const given = view.parties.map(percentOf).filter((value): value is number => value !== null);
        const met = given.filter((value) => value >= QUOTA_SHARE * 100).length;
        return {
          kicker: siteName,
          title: t.election(view.year),
          figure: { value: formatCount(lang, view.parties.length), label: t.parties(view.parties.length) },
          facts:
            given.length === 0
              ? []
              : [
                  {
                    value: formatCount(lang, met),
                    label: t.quotaMet(formatCount(lang, given.length), quotaText(lang)),
                  },
                ],
          note: t.noTurnout,
          bar: null,
        };
      }
      const regencies = view.turnoutRecords.length;
      return {
        kicker: siteName,
        title: t.election(view.year),
        figure: { value: formatCount(lang, counts.voters), label: t.voters },
        facts: [
          dapilsFact(site, lang, view.year),
          { value: formatCount(lang, regencies), label: t.regencies(regencies) },
          { value: formatCount(lang, view.parties.length), label: t.parties(view.parties.length) },
        ],
        note: null,
        bar: womenBar(lang, counts.women),
      };
    }
    case 'dapil': {
      const view = site.dapils.find((candidate) => candidate.year === page.year && candidate.dapilId === page.dapilId);
      if (!view) return null;
      const counts = votersOf(view.totals);
      return {
        kicker: `${t.election(view.year)} · ${t.province(provinceLabel(lang, view))}`,
        title: `${dapilLabel(view)} (dapil ${view.dapilId})`,
        figure: counts ? { value: formatCount(lang, counts.voters), label: t.voters } : null,
        facts: [{ value: formatCount(lang, view.records.length), label: t.regencies(view.records.length) }],
        note: null,
        bar: womenBar(lang, counts?.women ?? null),
      };
    }
    case 'profile': {
      const view = site.profiles.find(
        (candidate) => candidate.dataset === page.dataset && candidate.year === page.year && candidate.id === page.id,
      );
      if (!view) return null;
      const name = profileLabel(view);
      const column = datasetById(view.dataset).columns.find((each) => each.unit === 'percent');
      const own = percentOf(view);
      const shortName = view.shortName && view.shortName !== name ? ` · ${view.shortName}` : '';
      // The party's other years that give the figure (a year that does not would read as a figure of its own).
      const others = findProfileInOtherYears(site, view)
        .sort((a, b) => a.year - b.year)
        .flatMap((other) => {
          const value = percentOf(other);
          return value === null ? [] : [{ value: String(other.year), label: formatPercent(lang, value / 100) }];
        })
        .slice(-3);
      return {
        kicker: `${t.election(view.year)} · ${keyLine(lang, view.dataset, view.id)}${shortName}`,
        title: name,
        figure: own === null ? null : { value: formatPercent(lang, own / 100), label: t.partyFigure },
        facts: column === undefined ? [] : others,
        note: column !== undefined && own === null ? t.partyNotGiven : null,
        bar:
          own === null
            ? null
            : {
                share: Math.min(1, Math.max(0, own / 100)),
                label: `${formatPercent(lang, own / 100)} ${t.women}`,
                mark: { share: QUOTA_SHARE, label: t.quota(quotaText(lang)) },
              },
      };
    }
  }
}

/** The path of a page's card (root-relative, without the base), beside its index.html. */
function socialCardPath(lang: Lang, page: PageRef): string {
  return `${pagePath(lang, page)}${CARD_FILE}`;
}

/** What a page's head says of its card: null for a page without one. */
export interface CardMeta {
  path: string;
  width: number;
  height: number;
  alt: string;
}

export function socialCardMeta(site: SiteData, lang: Lang, page: PageRef | null): CardMeta | null {
  const card = socialCardOf(site, lang, page);
  if (card === null || page === null) return null;
  return { path: socialCardPath(lang, page), width: CARD_WIDTH, height: CARD_HEIGHT, alt: card.alt };
}

// ---- Drawing ----

// ---- Drawing ----

const COLOURS = {
  background: '#ffffff',
  band: '#253494',
  text: '#1b1b1b',
  muted: '#4a4a4a',
  figure: '#253494',
  barBack: '#dfe3ea',
  bar: '#c2185b',
  mark: '#1b1b1b',
  demo: '#8a4b00',
};

/** Left and right margins of the card, in pixels. */
const MARGIN = 64;

/** How a card's line of text is written into its SVG. */
type TextWriter = (
  x: number,
  y: number,
  text: string,
  size: number,
  weight: 'regular' | 'bold',
  fill: string,
  anchor?: 'start' | 'end',
) => string;

/** Escapes text for XML. */
function xml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A line as a `<text>` element: the card's SVG that names its card in the card cache (what it says, where and how
 * big), written without the fonts.
 */
const textElement: TextWriter = (x, y, text, size, weight, fill, anchor = 'start') =>
  `<text x="${x}" y="${y}" font-size="${size}"${weight === 'bold' ? ' font-weight="bold"' : ''} fill="${fill}"${anchor === 'end' ? ' text-anchor="end"' : ''}>${xml(text)}</text>`;

/** A line as its glyphs' outlines, filled: the SVG resvg rasterizes (it needs no font). */
const textOutlines: TextWriter = (x, y, text, size, weight, fill, anchor = 'start') =>
  `<g fill="${fill}">${outlinedText(text, x, y, size, weight, anchor)}</g>`;

/** The card drawn as SVG, its texts written by `svgText`, 1200 × 630: kicker, title, key figure, smaller figures, the bar, the source line. */
function socialCardSvg(card: SocialCard, svgText: TextWriter): string {
  const inner = CARD_WIDTH - 2 * MARGIN;
  // A demo card says so in a wide strip at the top, where no crop of the image hides it.
  const band = card.demo === null ? 16 : 44;
  const parts: string[] = [
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.background}"/>`,
    `<rect width="${CARD_WIDTH}" height="${band}" fill="${card.demo === null ? COLOURS.band : COLOURS.demo}"/>`,
  ];
  if (card.demo !== null) {
    const demo = fitText(card.demo, inner, 24, 16, 'bold');
    parts.push(svgText(MARGIN, 31, demo.lines[0] ?? '', demo.size, 'bold', COLOURS.background));
  }
  let y = band + 58;
  const kicker = fitText(card.kicker, inner, 30, 22, 'bold');
  parts.push(svgText(MARGIN, y, kicker.lines[0] ?? '', kicker.size, 'bold', COLOURS.band));
  // One line at 60 px, else two lines at up to 48 px.
  const title =
    wrap(card.title, inner, 60, 'bold').length === 1
      ? { lines: [card.title], size: 60 }
      : fitText(card.title, inner, 48, 36, 'bold', 2);
  y += 16;
  for (const line of title.lines) {
    y += Math.round(title.size * 1.15);
    parts.push(svgText(MARGIN, y, line, title.size, 'bold', COLOURS.text));
  }
  if (card.figure) {
    const value = fitText(card.figure.value, inner, title.lines.length > 1 ? 88 : 104, 64, 'bold');
    y += 24 + value.size;
    parts.push(svgText(MARGIN, y, value.lines[0] ?? '', value.size, 'bold', COLOURS.figure));
    const label = fitText(card.figure.label, inner, 32, 22, 'regular');
    y += 44;
    parts.push(svgText(MARGIN, y, label.lines[0] ?? '', label.size, 'regular', COLOURS.muted));
  }
  // The smaller figures on one line, each a figure in bold and its label, 48 px apart; the labels smaller, all alike,
  // when they would not fit.
  const facts = card.facts.slice(0, 3);
  if (facts.length > 0) {
    y += 58;
    const gap = 48;
    const widthAt = (size: number) =>
      facts.reduce(
        (sum, fact) => sum + textWidth(`${fact.value} `, 28, 'bold') + textWidth(fact.label, size, 'regular') + gap,
        -gap,
      );
    let size = 26;
    while (size > 16 && widthAt(size) > inner) size -= 2;
    let x = MARGIN;
    for (const fact of facts) {
      const valueWidth = textWidth(`${fact.value} `, 28, 'bold');
      const label = fitText(fact.label, Math.max(inner - (x - MARGIN) - valueWidth, 40), size, size, 'regular');
      parts.push(
        svgText(x, y, fact.value, 28, 'bold', COLOURS.text),
        svgText(x + valueWidth, y, label.lines[0] ?? '', size, 'regular', COLOURS.muted),
      );
      x += valueWidth + textWidth(label.lines[0] ?? '', size, 'regular') + gap;
    }
  }
  if (card.note !== null) {
    const note = fitText(card.note, inner, 26, 18, 'regular', 2);
    for (const line of note.lines) {
      y += 44;
      parts.push(svgText(MARGIN, y, line, note.size, 'regular', COLOURS.muted));
    }
  }
  const footer = CARD_HEIGHT - 40;
  // The bar sits right above the footer, whatever the text above took.
  if (card.bar) {
    const barY = footer - 64;
    const barHeight = 22;
    parts.push(
      `<rect x="${MARGIN}" y="${barY}" width="${inner}" height="${barHeight}" rx="4" fill="${COLOURS.barBack}"/>`,
    );
    const filled = Math.round(inner * Math.min(1, Math.max(0, card.bar.share)));
    if (filled > 0)
      parts.push(
        `<rect x="${MARGIN}" y="${barY}" width="${filled}" height="${barHeight}" rx="4" fill="${COLOURS.bar}"/>`,
      );
    if (card.bar.mark) {
      const markX = MARGIN + Math.round(inner * card.bar.mark.share);
      parts.push(
        `<rect x="${markX - 2}" y="${barY - 8}" width="4" height="${barHeight + 16}" fill="${COLOURS.mark}"/>`,
      );
      // The mark's label right of the mark, or left of it when the bar's own label reaches past the mark.
      const ownEnd = MARGIN + textWidth(card.bar.label, 22, 'bold') + 16;
      parts.push(
        ownEnd < markX
          ? svgText(markX + 10, barY - 12, card.bar.mark.label, 22, 'regular', COLOURS.text)
          : svgText(Math.max(markX + 10, ownEnd), barY - 12, card.bar.mark.label, 22, 'regular', COLOURS.text),
      );
    }
    parts.push(svgText(MARGIN, barY - 12, card.bar.label, 22, 'bold', COLOURS.bar));
  }
  const source = fitText(card.source, inner, 22, 16, 'regular');
  parts.push(svgText(MARGIN, footer, source.lines[0] ?? '', source.size, 'regular', COLOURS.muted));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">${parts.join('')}</svg>`;
}

// ---- Rendering and writing ----

/**
 * resvg's settings: no font at all (the card's texts are outlines, cards/card-outline.ts; so no system font can
 * change a glyph), the SVG's own size.
 */
const RENDER_OPTIONS: ResvgRenderOptions = {
  font: { loadSystemFonts: false },
  fitTo: { mode: 'original' },
};

/** A card's PNG bytes: rasterized on libuv's thread pool (resvg's renderAsync), so the build's own thread goes on. */
async function renderCardSvg(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, RENDER_OPTIONS);
  return image.asPng();
}

/** Every page that has a card, in every language. */
function socialCardPages(site: SiteData): Array<{ lang: Lang; page: CardPage }> {
  const pages: CardPage[] = [
    { kind: 'home' },
    ...site.years.map((view): CardPage => ({ kind: 'year', year: view.year })),
    ...site.dapils.map((view): CardPage => ({ kind: 'dapil', year: view.year, dapilId: view.dapilId })),
    ...site.profiles.map((view): CardPage => ({
      kind: 'profile',
      dataset: view.dataset,
      year: view.year,
      id: view.id,
    })),
  ];
  return LANGS.flatMap((lang) => pages.map((page) => ({ lang, page })));
}

/**
 * Cards rasterized at once: one beside the Astro build's own thread (its render of the pages goes on meanwhile) takes
 * the machine's second core; more would take libuv threads the pages' writes wait on.
 */
const CARDS_AT_ONCE = 1;

/**
 * What decides a card's bytes besides its SVG with `<text>` elements: the rasterizer's and the fonts' versions, and
 * the outlining's (fontkit's version and card-outline.ts's own source). A card is kept under the SHA-256 of these
 * and that SVG, so a rebuild that finds every card loads no font.
 */
const RENDERER = [
  ...['@resvg/resvg-js', 'dejavu-fonts-ttf'].map((name) => {
    const manifest = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(`${name}/package.json`)), 'utf8')) as {
      version: string;
    };
    return `${name}@${manifest.version}`;
  }),
  OUTLINER,
].join(' ');

/** A card to place: its path in the site, and the file in the card cache that holds its PNG. */
export interface RenderedCard {
  relative: string;
  file: string;
}

/**
 * Renders every card into the card cache `cacheDir`, named by the SHA-256 of its SVG and renderer, while Astro builds
 * the pages (astro-build.ts starts it before Astro); a card whose SVG has not changed since a build that kept it is
 * not drawn again. Rasterizing costs tens of milliseconds of CPU per card (anti-aliasing and the PNG's encoding), as
 * much as Astro's rendering of the pages, so a rebuild draws only the cards whose figures changed. Their figures and
 * texts name no release or date, so a new release with the same figures keeps them.
 */
export async function renderSocialCards(site: Promise<SiteData>, cacheDir: string): Promise<RenderedCard[]> {
  const data = await site;
  await mkdir(cacheDir, { recursive: true });
  const cards: RenderedCard[] = [];
  await forEachAtOnce(socialCardPages(data), CARDS_AT_ONCE, async ({ lang, page }) => {
    const card = socialCardOf(data, lang, page);
    if (card === null) return;
    const named = socialCardSvg(card, textElement);
    const file = path.join(
      cacheDir,
      `${createHash('sha256').update(RENDERER).update('\0').update(named).digest('hex')}.png`,
    );
    if (!existsSync(file)) {
      await loadOutlineFonts();
      const png = await renderCardSvg(socialCardSvg(card, textOutlines));
      // Whole or not at all: written beside, renamed into place.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, png);
      await rename(partial, file);
    }
    cards.push({ relative: socialCardPath(lang, page), file });
  });
  return cards;
}

/**
 * Copies the cards beside their pages in the built site `outDir` (each page's folder exists; copies, so nothing done
 * to the site reaches the cache), then removes from the cache every card this build did not use (all of them when
 * it drew none).
 */
export async function placeSocialCards(
  cards: readonly RenderedCard[],
  cacheDir: string,
  outDir: string,
): Promise<void> {
  await forEachAtOnce(cards, FILES_AT_ONCE, (card) => copyFile(card.file, path.join(outDir, card.relative)));
  const used = new Set(cards.map((card) => path.basename(card.file)));
  // No cache yet when no build drew a card (none without the site's address).
  const cached = existsSync(cacheDir) ? await readdir(cacheDir) : [];
  const stale = cached.filter((name) => !used.has(name));
  await forEachAtOnce(stale, FILES_AT_ONCE, (name) => rm(path.join(cacheDir, name), { force: true }));
}
