// Charts as SVG text, drawn at build time (no script): the sex split and the voter-list composition per
// row (regency or year), and the small sex-split bar of the year pages. Colours come from CSS classes
// (site/src/styles/content.css, in site.css's colours); every chart carries its one-sentence text alternative as its
// accessible name.
// Drawn for a phone: 360 units wide, each row's name on its own line above its bar, so a 390 px screen shows the
// 12-unit text at about 12 CSS px (the stylesheet lets a chart grow to 30rem, no more).

/** Escapes text for an SVG or HTML text node or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A coordinate with at most one decimal: small, and stable across platforms. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

const WIDTH = 360;
/** The row's name, on its own line above the bar. */
const LABEL = 16;
const BAR = 14;
const ROW = LABEL + BAR + 8;
const TOP = 24;
/** Approximate width of one character of the 12px label font, for sizing the label column and legend. */
const CHAR = 6.6;

/** Approximate width of a 12px label: capitals (the source's names are upper case) are wider than the rest. */
function textWidth(text: string): number {
  let width = 0;
  for (const character of text) width += /[A-Z0-9]/.test(character) ? 8.8 : /[ .,:;'()-]/.test(character) ? 3.8 : CHAR;
  return width;
}

interface ChartFrame {
  barX: number;
  barWidth: number;
  height: number;
}

function frame(rows: number, rightMargin: number): ChartFrame {
  return { barX: 0, barWidth: WIDTH - rightMargin, height: TOP + rows * ROW };
}

/** The top of row `index`'s bar. */
function barTop(index: number): number {
  return TOP + index * ROW + LABEL;
}

function open(label: string, height: number): string {
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${n(height)}" width="${WIDTH}" height="${n(height)}" role="img" aria-label="${escapeXml(label)}">`;
}

function legend(entries: ReadonlyArray<{ className: string; label: string }>, x: number): string {
  let offset = x;
  return entries
    .map((entry) => {
      const item = `<rect class="${entry.className}" x="${n(offset)}" y="4" width="12" height="12"/><text x="${n(offset + 16)}" y="14">${escapeXml(entry.label)}</text>`;
      offset += 16 + textWidth(entry.label) + 18;
      return item;
    })
    .join('');
}

/** The label cut to the width with "…" when longer; the full name is in the page's table. */
export function fitLabel(label: string, width: number): string {
  if (textWidth(label) <= width) return label;
  let cut = label;
  while (cut.length > 1 && textWidth(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function rowLabel(index: number, label: string): string {
  return `<text x="0" y="${n(TOP + index * ROW + 12)}">${escapeXml(fitLabel(label, WIDTH))}</text>`;
}

/** A dashed mark across one row's bar (at 50%, or an axis tick), leaving the names above the bars clear. */
function rowMark(x: number, index: number): string {
  return `<line class="ref" x1="${n(x)}" x2="${n(x)}" y1="${n(barTop(index) - 2)}" y2="${n(barTop(index) + BAR + 2)}"/>`;
}

/** Axis ticks at the start, the middle and the end of the bars, across every row's bar, each labelled under the last. */
function axisTicks(layout: ChartFrame, rows: number, label: (fraction: number) => string): string[] {
  const axisY = layout.height + 8;
  return [0, 0.5, 1].flatMap((fraction) => {
    const x = layout.barX + fraction * layout.barWidth;
    const anchor = fraction === 0 ? 'start' : fraction === 1 ? 'end' : 'middle';
    return [
      ...Array.from({ length: rows }, (_, index) => rowMark(x, index)),
      `<text x="${n(x)}" y="${n(axisY)}" text-anchor="${anchor}">${escapeXml(label(fraction))}</text>`,
    ];
  });
}

export interface SexSplitRow {
  label: string;
  male: number | null;
  female: number | null;
}

export interface SexSplitChart {
  /** The one-sentence text alternative. */
  summary: string;
  rows: readonly SexSplitRow[];
  /** The legend's words for a bar leaning to the men's side and to the women's, and for a row without figures. */
  labels: { male: string; female: string; unavailable: string };
  /** Formats a share (0–1) for the labels at the end of each bar. */
  percent: (share: number) => string;
}

/** Men and women of a row: the figures of a sex split. */
type Split = Pick<SexSplitRow, 'male' | 'female'>;

/** The women's share (0–1) of a split; null without both figures, or with none. */
export function womenShare({ male, female }: Split): number | null {
  const both = (male ?? 0) + (female ?? 0);
  return male === null || female === null || both === 0 ? null : female / both;
}

/**
 * Half of a sex split's axis around 50%, in percentage points, for every row of a chart or table to share: a round
 * number at or above the largest distance of a row's women's share from 50%.
 */
export function splitReach(rows: readonly Split[]): number {
  return niceCeiling(
    Math.max(
      0,
      ...rows.map((row) => {
        const share = womenShare(row);
        return share === null ? 0 : Math.abs(share - 0.5) * 100;
      }),
    ),
  );
}

/**
 * The women's share of each row as a bar from 50% (as many women as men) towards the side of the majority: to the
 * right in the women's colour, to the left in the men's, on an axis zoomed to a round number of points either side
 * (splitReach: women's shares lie between about 48% and 53%, and bars of men's and women's shares out of 100% all
 * looked the same). The women's share is written at the end of each row, the axis's ends and middle under the last
 * bar.
 */
export function renderSexSplitChart(chart: SexSplitChart): string {
  const layout = frame(chart.rows.length, 58);
  const shares = chart.rows.map(womenShare);
  const reach = splitReach(chart.rows);
  const scale = layout.barWidth / 2 / (reach / 100);
  const middle = layout.barX + layout.barWidth / 2;
  const parts = [
    open(chart.summary, layout.height + 14),
    legend(
      [
        { className: 'm', label: chart.labels.male },
        { className: 'f', label: chart.labels.female },
      ],
      layout.barX,
    ),
  ];
  chart.rows.forEach((row, index) => {
    const y = barTop(index);
    parts.push(rowLabel(index, row.label));
    const share = shares[index] ?? null;
    if (share === null) {
      parts.push(`<text x="${n(layout.barX)}" y="${n(y + 12)}">${escapeXml(chart.labels.unavailable)}</text>`);
      return;
    }
    const offset = Math.max(-reach / 100, Math.min(reach / 100, share - 0.5)) * scale;
    // At least a hairline, so an even split still shows a mark on its side.
    const width = Math.max(1, Math.abs(offset));
    parts.push(
      `<rect class="${offset < 0 ? 'm' : 'f'}" x="${n(offset < 0 ? middle - width : middle)}" y="${n(y)}" width="${n(width)}" height="${BAR}"/>`,
      `<text x="${n(layout.barX + layout.barWidth + 6)}" y="${n(y + 12)}">${escapeXml(chart.percent(share))}</text>`,
    );
  });
  parts.push(
    ...axisTicks(layout, chart.rows.length, (fraction) => chart.percent(0.5 + ((fraction - 0.5) * 2 * reach) / 100)),
  );
  parts.push('</svg>');
  return parts.join('');
}

export interface VoterListRow {
  label: string;
  dpt: number | null;
  dptb: number | null;
  dpk: number | null;
}

export interface VoterListChart {
  summary: string;
  rows: readonly VoterListRow[];
  labels: { dptb: string; dpk: string; dpt: string; unavailable: string };
  percent: (share: number) => string;
}

/** The smallest of 1, 2, 5 × 10^k (in percent) at or above the value, so the axis ends on a round number. */
export function niceCeiling(percent: number): number {
  if (percent <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(percent));
  const step = [1, 2, 5, 10].find((candidate) => candidate * magnitude >= percent - 1e-9) ?? 10;
  return Math.min(100, step * magnitude);
}

/** The three lists' shares (0–1) of a row's voters; null without all three figures, or with none. */
export function listShares(row: VoterListRow): { dpt: number; dptb: number; dpk: number } | null {
  if (row.dpt === null || row.dptb === null || row.dpk === null) return null;
  const all = row.dpt + row.dptb + row.dpk;
  return all === 0 ? null : { dpt: row.dpt / all, dptb: row.dptb / all, dpk: row.dpk / all };
}

/**
 * The voters outside the main list: the DPTb and DPK shares of all three lists, stacked on an axis zoomed to the
 * largest share (a 0–100% axis would show only DPT), with the DPT share written at the end of each bar.
 */
export function renderVoterListChart(chart: VoterListChart): string {
  const layout = frame(chart.rows.length, 92);
  const shares = chart.rows.map(listShares);
  const axisMax = niceCeiling(Math.max(0, ...shares.map((share) => (share ? (share.dptb + share.dpk) * 100 : 0))));
  const scale = layout.barWidth / (axisMax / 100);
  const parts = [
    open(chart.summary, layout.height + 14),
    legend(
      [
        { className: 'b', label: chart.labels.dptb },
        { className: 'k', label: chart.labels.dpk },
      ],
      layout.barX,
    ),
  ];
  chart.rows.forEach((row, index) => {
    const y = barTop(index);
    parts.push(rowLabel(index, row.label));
    const share = shares[index];
    if (!share) {
      parts.push(`<text x="${n(layout.barX)}" y="${n(y + 12)}">${escapeXml(chart.labels.unavailable)}</text>`);
      return;
    }
    parts.push(
      `<rect class="b" x="${n(layout.barX)}" y="${n(y)}" width="${n(share.dptb * scale)}" height="${BAR}"/>`,
      `<rect class="k" x="${n(layout.barX + share.dptb * scale)}" y="${n(y)}" width="${n(share.dpk * scale)}" height="${BAR}"/>`,
      `<text x="${n(layout.barX + layout.barWidth + 6)}" y="${n(y + 12)}">${escapeXml(`${chart.labels.dpt} ${chart.percent(share.dpt)}`)}</text>`,
    );
  });
  parts.push(...axisTicks(layout, chart.rows.length, (fraction) => chart.percent((axisMax / 100) * fraction)));
  parts.push('</svg>');
  return parts.join('');
}

/** The small bar's width, its middle (50%) and its height, in CSS pixels. */
const MINI = { width: 60, middle: 30, height: 10 };

/**
 * The small bar of the year page's dapil table, drawn as the chart of the provinces is (renderSexSplitChart): from a
 * mark at 50% towards the majority's side, in its colour, on the table's shared axis of `reach` points either side
 * (splitReach over every row), so two dapils' bars differ as their shares do (a bar of men's then women's share out of
 * 100% looked the same in every row). Decorative (aria-hidden): the women's share is written beside it in the same
 * table cell, which is its text alternative.
 */
export function renderMiniSplit(split: Split, reach: number): string {
  const share = womenShare(split);
  if (share === null) return '';
  const offset = (Math.max(-reach, Math.min(reach, (share - 0.5) * 100)) / reach) * MINI.middle;
  // At least a hairline, so an even split still shows a mark on its side.
  const width = Math.max(1, Math.abs(offset));
  const x = offset < 0 ? MINI.middle - width : MINI.middle;
  return `<svg class="mini" viewBox="0 0 ${MINI.width} ${MINI.height}" width="${MINI.width}" height="${MINI.height}" aria-hidden="true"><rect class="${offset < 0 ? 'm' : 'f'}" x="${n(x)}" width="${n(width)}" height="${MINI.height}"/><line class="ref" x1="${MINI.middle}" x2="${MINI.middle}" y1="0" y2="${MINI.height}"/></svg>`;
}

interface QuotaRow {
  label: string;
  /** The percentage (0–100) the source gives; null when it gives none (left out of the chart, never drawn as 0). */
  percent: number | null;
}

export interface QuotaChart {
  summary: string;
  rows: readonly QuotaRow[];
  /** The quota in percent (30 for the parties' leadership) and its label. */
  quota: number;
  labels: { quota: string };
  /** Formats a percentage (0–100) for the label at the end of each row. */
  percent: (value: number) => string;
}

/**
 * One bar per row that gives a value, on a 0–100% axis (a share above 100 is drawn to the end), and a dashed line at
 * the quota; rows without a value are not drawn (the page names them in a sentence: twenty rows saying "not given"
 * made most of the chart empty). Each value is written in a column after the axis, where the quota's line never
 * crosses it, so the line is not the only way to read whether a row reaches the quota.
 */
export function renderQuotaChart(chart: QuotaChart): string {
  const rows = chart.rows.filter((row): row is QuotaRow & { percent: number } => row.percent !== null);
  const layout = frame(rows.length, 58);
  const scale = layout.barWidth / 100;
  const quotaX = layout.barX + chart.quota * scale;
  const parts = [
    open(chart.summary, layout.height),
    `<text x="${n(quotaX)}" y="14" text-anchor="middle">${escapeXml(chart.labels.quota)}</text>`,
  ];
  rows.forEach((row, index) => {
    const y = barTop(index);
    const width = Math.max(0, Math.min(100, row.percent)) * scale;
    parts.push(
      rowLabel(index, row.label),
      `<rect class="f" x="${n(layout.barX)}" y="${n(y)}" width="${n(width)}" height="${BAR}"/>`,
      `<text x="${n(layout.barX + layout.barWidth + 6)}" y="${n(y + 12)}">${escapeXml(chart.percent(row.percent))}</text>`,
      rowMark(quotaX, index),
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
