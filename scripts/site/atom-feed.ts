// The Atom feed of releases (RFC 4287), one per language: each release the changelog page lists is an entry dated
// by its retrieval instant, saying what it changed per dataset and, when it altered or withdrew records an earlier
// release published (a correction the source made without a word), saying so first. Built from the changelog's
// model (site-changes.ts), so the feed and the page cannot disagree; a pure function of the data, so the same
// releases give the same bytes. Its texts in both languages are here.
import { changelog, type Changelog } from './site-changes.ts';
import type { SiteData } from './site-data.ts';
import { absoluteUrl, releaseName } from './site-share.ts';
import { DATASETS } from '../datasets/datasets.ts';
import { DEFAULT_LANG } from '../languages.ts';
import { pagePath, releaseFilePath, withBase, type Lang } from './site-routes.ts';
import { formatCount } from './site-format.ts';
import { TEXT } from './site-text.ts';

interface FeedText {
  /** The feed's title after the site's name. */
  title: string;
  subtitle: string;
  /** The link to the feed on the changelog page and the title of the head's alternate link. */
  linkText: string;
  /** What a feed reader does with it, after the link on the changelog page. */
  linkNote: string;
  /** Marks an entry's title when the release corrected published records. */
  correctionMark: string;
  correction: (changed: number, removed: number, previous: string) => string;
  first: (records: string) => string;
  nothing: (previous: string) => string;
  since: (previous: string) => string;
  /** One dataset's counts in a summary: "Hak pilih DPR: 1 ditambahkan, 0 dihapus, 2 diubah". */
  counts: (dataset: string, counts: string) => string;
  records: (dataset: string, count: string) => string;
  category: string;
  more: (shown: number, total: number) => string;
}

const id: FeedText = {
  title: 'rilis dan perubahan data',
  subtitle:
    'Setiap rilis data dan apa yang diubahnya, rekaman demi rekaman, termasuk koreksi atas angka yang sudah diterbitkan.',
  linkText: 'Umpan Atom rilis',
  linkNote: 'berlangganan di pembaca umpan untuk tahu setiap rilis baru dan setiap koreksi',
  correctionMark: 'KOREKSI',
  correction: (changed, removed, previous) =>
    `Koreksi: rilis ini mengubah ${changed} dan menghapus ${removed} rekaman yang sudah diterbitkan di rilis ${previous}, jadi angka yang pernah diterbitkan berubah.`,
  first: (records) => `Rilis pertama: ${records}.`,
  nothing: (previous) => `Tidak ada rekaman yang berubah dibanding rilis ${previous}.`,
  since: (previous) => `Dibanding rilis ${previous}:`,
  counts: (dataset, counts) => `${dataset}: ${counts}.`,
  records: (dataset, count) => `${dataset} ${count} rekaman`,
  category: 'koreksi',
  more: (shown, total) =>
    `${shown} dari ${total} perubahan ditampilkan; semuanya ada di halaman perubahan dan history.json.`,
};

const en: FeedText = {
  title: 'releases and changes to the data',
  subtitle:
    'Every release of the data and what it changed, record by record, corrections to published figures included.',
  linkText: 'Atom feed of releases',
  linkNote: 'subscribe in a feed reader to learn of every new release and every correction',
  correctionMark: 'CORRECTION',
  correction: (changed, removed, previous) =>
    `Correction: this release changed ${changed} and removed ${removed} ${changed + removed === 1 ? 'record' : 'records'} published in release ${previous}, so figures published before have changed.`,
  first: (records) => `First release: ${records}.`,
  nothing: (previous) => `No record changed since release ${previous}.`,
  since: (previous) => `Since release ${previous}:`,
  counts: (dataset, counts) => `${dataset}: ${counts}.`,
  records: (dataset, count) => `${dataset} ${count} ${count === '1' ? 'record' : 'records'}`,
  category: 'correction',
  more: (shown, total) => `${shown} of ${total} changes shown; all are on the changes page and in history.json.`,
};

export const FEED_TEXT: Record<Lang, FeedText> = { id, en };

/** Example: ('id') → "/feed.xml"; ('en') → "/en/feed.xml" (root-relative, without the base). */
export function feedPath(lang: Lang): string {
  return `${lang === DEFAULT_LANG ? '/' : `/${lang}/`}feed.xml`;
}

/** Escapes text for XML element content and attribute values. */
function xml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Without the site's public address no domain names the site, so ids are tag: URIs (RFC 4151) under the reserved
 * name `.invalid`, which no one can own and so no one else mints under, dated by the day the release's data was
 * retrieved. Example: ("2026-11-23.2", "2026-11-23T07:00:00Z") → "tag:kpu-election-data.invalid,2026-11-23:release:2026-11-23.2".
 */
function releaseTag(release: string, instant: string): string {
  return `tag:kpu-election-data.invalid,${instant.slice(0, 10)}:release:${encodeURIComponent(release)}`;
}

interface FeedOptions {
  /** Astro's base ("/kpu/"). */
  base: string;
  /** KPU_SITE_URL, ending in "/", or null. */
  siteUrl: string | null;
}

/** A root-relative path (base included) made absolute when the site's address is known; else left root-relative. */
function address(options: FeedOptions, path: string): string {
  const rooted = withBase(options.base, path);
  return options.siteUrl === null ? rooted : absoluteUrl(options.siteUrl, options.base, rooted);
}

type FeedRelease = Changelog['releases'][number];

/** What an entry's summary says: the correction first, then the counts per dataset. */
function entrySummary(lang: Lang, release: FeedRelease): { text: string; correction: boolean } {
  const t = FEED_TEXT[lang];
  if (release.status === 'first') {
    const records = Object.entries(release.records)
      .filter((entry): entry is [string, number] => entry[1] !== null)
      .map(([dataset, count]) => t.records(datasetTitle(lang, dataset), formatCount(lang, count)));
    return { text: t.first(records.join(', ')), correction: false };
  }
  if (release.status === 'nothing') return { text: t.nothing(release.previous ?? ''), correction: false };
  const changed = release.groups.reduce((sum, group) => sum + group.changed, 0);
  const removed = release.groups.reduce((sum, group) => sum + group.removed, 0);
  const correction = changed + removed > 0;
  const parts = [
    ...(correction ? [t.correction(changed, removed, release.previous ?? '')] : []),
    t.since(release.previous ?? ''),
    ...release.groups.map((group) => t.counts(group.title, group.counts)),
  ];
  return { text: parts.join(' '), correction };
}

/** A dataset's title in the feed's language (an id no longer declared is shown as it is). */
function datasetTitle(lang: Lang, dataset: string): string {
  return DATASETS.find((each) => each.id === dataset)?.title[lang] ?? dataset;
}

/** The changed records of an entry as an HTML list (Atom `content type="html"`), within the changelog's limits. */
function entryContent(lang: Lang, release: FeedRelease): string {
  const t = TEXT[lang].changes;
  const parts: string[] = [];
  for (const group of release.groups.filter((each) => each.total > 0)) {
    parts.push(`<p>${xml(group.title)}: ${xml(group.counts)}</p>`);
    if (group.rows.length > 0) {
      const items = group.rows.map((row) => {
        const field = row.field
          ? `${row.field.label} (${row.field.name}): ${row.old ?? ''} → ${row.new ?? ''}`
          : t.wholeRecord;
        return `<li>${xml(row.kindText)} · ${xml(row.record.label)} · ${xml(field)}</li>`;
      });
      parts.push(`<ul>${items.join('')}</ul>`);
    }
    if (group.note) parts.push(`<p>${xml(group.note)}</p>`);
  }
  return parts.join('');
}

/**
 * The feed of one language: the releases the changelog page lists (newest first, at most its limit), each entry's
 * id the release's permanent folder when KPU_SITE_URL is set (the same in both languages' feeds: one release, two
 * translations), else a tag: URI; dated by the release's retrieval instant; linked to its section of the changelog.
 */
export function atomFeed(site: SiteData, lang: Lang, options: FeedOptions): string {
  const t = FEED_TEXT[lang];
  const text = TEXT[lang];
  const log = changelog(site, lang);
  const demo = site.manifest.demo ? text.demoPrefix : '';
  const changesPage = address(options, pagePath(lang, { kind: 'changes' }));
  const self = address(options, feedPath(lang));
  const newest = log.releases[0];
  const updated = newest?.datetime ?? site.manifest.harvest.finishedAt;
  const firstDay = site.releases[0]?.harvestedAt ?? updated;
  const feedId =
    options.siteUrl === null ? `tag:kpu-election-data.invalid,${firstDay.slice(0, 10)}:feed:${lang}` : self;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `<title>${xml(`${demo}${text.siteName}: ${t.title}`)}</title>`,
    `<subtitle>${xml(t.subtitle)}</subtitle>`,
    `<id>${xml(feedId)}</id>`,
    `<updated>${xml(updated)}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${xml(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${xml(changesPage)}"/>`,
    `<author><name>${xml(text.siteName)}</name></author>`,
  ];
  for (const release of log.releases) {
    const { text: summary, correction } = entrySummary(lang, release);
    const id =
      options.siteUrl !== null && release.folder !== null
        ? address(options, releaseFilePath(release.folder))
        : releaseTag(release.id, release.datetime);
    const name = releaseName(lang, release.id);
    const title = `${correction ? `${t.correctionMark}: ` : ''}${demo}${name.charAt(0).toUpperCase()}${name.slice(1)} (${release.id})`;
    const content = entryContent(lang, release);
    lines.push(
      '<entry>',
      `<id>${xml(id)}</id>`,
      `<title>${xml(title)}</title>`,
      `<published>${xml(release.datetime)}</published>`,
      `<updated>${xml(release.datetime)}</updated>`,
      `<link rel="alternate" type="text/html" href="${xml(`${changesPage}#${release.anchor}`)}"/>`,
      ...(correction ? [`<category term="correction" label="${xml(t.category)}"/>`] : []),
      `<summary>${xml(summary)}</summary>`,
      ...(content === '' ? [] : [`<content type="html">${xml(content)}</content>`]),
      '</entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
