// Social cards: the 1200 × 630 PNG a link preview shows (og:image) for the home, year, dapil and party pages, drawn
// from the page's own figures in its language. This module decides what each card says and what a page's head says
// of it; cards/card-drawing.ts composes its SVG, its texts as outlines of the DejaVu Sans fonts of npm's
// dejavu-fonts-ttf (never the system's: cards/card-outline.ts), rasterized by resvg (a kept Rust rasterizer, npm's
// @resvg/resvg-js, with prebuilt binaries) on a thread of its own beside Astro (cards/card-files.ts,
// cards/card-thread.ts) and encoded by cards/card-png.ts, so the same data gives the same image on every machine, and
// the same PNG bytes with the pinned Node. Its words in each language are in cards/card-text.ts, its fonts and the
// measuring of its texts in cards/card-font.ts.
import { datasetById } from '../datasets/datasets.ts';
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
import { CARD_HEIGHT, CARD_WIDTH, type CardFigure, type SocialCard } from './cards/card-drawing.ts';
import type { CardJob } from './cards/card-thread.ts';

/** A card's file name, beside its page's index.html. */
const CARD_FILE = 'card.png';

/** The pages that have a card. */
type CardPage = Extract<PageRef, { kind: 'home' | 'year' | 'dapil' | 'profile' }>;

function hasCard(page: PageRef | null): page is CardPage {
  return (
    page !== null && (page.kind === 'home' || page.kind === 'year' || page.kind === 'dapil' || page.kind === 'profile')
  );
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
        // A figure shared without its page's ⚠ and quality notes (NUSA TENGGARA TIMUR II's "0 voters" of 2014, whose
        // lists add up to 1.3 million) says where it comes from.
        note: view.flagged > 0 ? t.flagged : null,
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

/** Every card of the site: the path of each page's card in the site and what it says, for the cards' thread. */
export function socialCardJobs(site: SiteData): CardJob[] {
  return socialCardPages(site).flatMap(({ lang, page }) => {
    const card = socialCardOf(site, lang, page);
    return card === null ? [] : [{ relative: socialCardPath(lang, page), card }];
  });
}
