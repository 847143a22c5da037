// Lighthouse (the npm package, as the benchmark runs it: bench/support/lighthouse-run.ts) on every page kind, with its
// mobile and its desktop settings, on the demo site built with KPU_SITE_URL (so its canonical links, alternates and
// sitemap are there for the SEO audits) and served under that address's base path by the project's static server.
// Each kind is audited once per setting, in one language with the one and in the other with the other (the pages of
// both languages come from the same template and model; what differs between them, the texts, is audited in each
// setting through the other kinds): every kind in both languages, and both languages in each setting. Accessibility
// and best practices are 100 on every page, SEO on every page search engines index (a page kept out of their index,
// such as a figure's embed page, passes every other SEO audit). Performance is judged by what does not depend on how
// loaded the machine is: its layout shift audit passes on every page (the shifts themselves are held at 0 by
// test/site/layout-shift.browser.test.ts); its score, metrics and Lighthouse's benchmark index of the machine are
// printed (Lighthouse simulates a slower CPU from the time the page's tasks took on this one, so on a loaded machine
// the same page's blocking time varies tenfold; `npm run bench` scores it on a quiet one). One Chromium, the pages in
// sequence. A CI lane (.ci/run; `npm test -- --project ci` with KPU_TEST_CI=1), not part of `npm test`: 30
// Lighthouse runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLighthouse,
  type LighthouseDetails,
  type LighthouseFormFactor,
  type LighthouseSession,
} from '../../bench/support/lighthouse-run.ts';
import type { LighthouseRun } from '../../bench/bench-results.ts';
import { DEFAULT_LANG } from '../../scripts/languages.ts';
import { LANGS, type Lang } from '../../scripts/site/site-routes.ts';
import { startStaticServer, type RunningStaticServer } from '../../scripts/site/static-server.ts';
import { sharedSiteUrlDemoWorld, SITE_URL_OF_SHARED_WORLD } from './site-fixtures.ts';
import { auditedPages, type AuditedPage, PAGES } from './every-page-kind.ts';

const FORM_FACTORS: readonly LighthouseFormFactor[] = ['mobile', 'desktop'];
type Audit = Omit<LighthouseRun, 'site' | 'language' | 'kind' | 'path'> & LighthouseDetails;

/** A page's language from its path (the default language's pages at the root); none for the release's landing page. */
const languageOf = (page: AuditedPage): Lang | null =>
  page.kind === 'release'
    ? null
    : (LANGS.find((lang) => lang !== DEFAULT_LANG && page.path.startsWith(`/${lang}/`)) ?? DEFAULT_LANG);

/**
 * The pages each setting audits: one page of each kind, the kinds' pages (one per language, in every-page-kind.ts's
 * order) taken in turn, the first kind's first page with the first setting and its second with the second, the next
 * kind the other way round; a kind with one page (the release's landing page) with both.
 */
function pagesPerFormFactor(pages: readonly AuditedPage[]): Record<LighthouseFormFactor, AuditedPage[]> {
  const kinds = [...new Set(pages.map((page) => page.kind))];
  const chosen: Record<LighthouseFormFactor, AuditedPage[]> = { mobile: [], desktop: [] };
  for (const [kindIndex, kind] of kinds.entries()) {
    const ofKind = pages.filter((page) => page.kind === kind);
    for (const [formIndex, formFactor] of FORM_FACTORS.entries())
      chosen[formFactor].push(ofKind[(kindIndex + formIndex) % ofKind.length] as AuditedPage);
  }
  return chosen;
}

describe('Lighthouse on every page kind, mobile and desktop', () => {
  let server: RunningStaticServer | undefined;
  let auditor: LighthouseSession | undefined;
  let everyPage: AuditedPage[] = [];
  const audits: { page: AuditedPage; formFactor: LighthouseFormFactor; audit: Audit }[] = [];

  beforeAll(async () => {
    const world = await sharedSiteUrlDemoWorld();
    server = await startStaticServer({ root: world.distDir, base: new URL(SITE_URL_OF_SHARED_WORLD).pathname });
    everyPage = await auditedPages(world.distDir);
    const pages = pagesPerFormFactor(everyPage);
    auditor = await startLighthouse();
    const started = Date.now();
    for (const formFactor of FORM_FACTORS)
      for (const page of pages[formFactor]) {
        const audit = await auditor.audit(new URL(page.path.slice(1), server.url).href, 1, formFactor);
        audits.push({ page, formFactor, audit });
        const { scores, metrics } = audit;
        console.log(
          `lighthouse ${formFactor} ${page.path}: performance ${String(scores.performance)} (FCP ${String(metrics.fcpMs)} ms, LCP ${String(metrics.lcpMs)} ms, TBT ${String(metrics.tbtMs)} ms, CLS ${String(metrics.cls)}, benchmark index ${String(audit.benchmarkIndex)}), accessibility ${String(scores.accessibility)}, best practices ${String(scores.bestPractices)}, SEO ${String(scores.seo)}`,
        );
      }
    console.log(`lighthouse: ${audits.length} runs in ${Math.round((Date.now() - started) / 1000)} s`);
  }, 3_600_000);

  afterAll(async () => {
    await auditor?.close();
    await server?.close();
  });

  /** Per page and form factor, what `select` finds wrong; only the pages with something wrong. */
  const problems = (select: (entry: (typeof audits)[number]) => string[]): Record<string, string[]> =>
    Object.fromEntries(
      audits
        .map((entry) => [`${entry.formFactor} ${entry.page.path}`, select(entry)] as const)
        .filter(([, found]) => found.length > 0),
    );
  const belowOne = (audit: Audit, category: string): string[] =>
    audit.belowOne
      .filter((item) => item.category === category)
      .map((item) => `${item.id} ${String(item.score)}${item.displayValue ? ` (${item.displayValue})` : ''}`);

  it('ran on every page kind once with each setting, every kind in both languages, without a runtime error', () => {
    // The route's kinds, the not-found and embed pages, the release's landing page.
    const kinds = [...Object.keys(PAGES), 'not-found', 'embed', 'release'];
    for (const formFactor of FORM_FACTORS)
      expect(audits.filter((entry) => entry.formFactor === formFactor).map((entry) => entry.page.kind)).toEqual(kinds);
    // Every page of every kind (both languages' of the kinds that have them) audited, with one setting or the other.
    expect(new Set(audits.map((entry) => entry.page))).toEqual(new Set(everyPage));
    expect(everyPage).toHaveLength(LANGS.length * (kinds.length - 1) + 1);
    // Each setting sees both languages: a text that fails an audit only on a phone, or only on a desktop, is met.
    for (const formFactor of FORM_FACTORS)
      for (const lang of LANGS)
        expect(
          audits.filter((entry) => entry.formFactor === formFactor && languageOf(entry.page) === lang).length,
          `${formFactor} ${lang}`,
        ).toBeGreaterThanOrEqual(Math.floor((kinds.length - 1) / LANGS.length));
    expect(problems(({ audit }) => (audit.runtimeError ? [audit.runtimeError] : []))).toEqual({});
  });

  it('scores 100 for accessibility and best practices on every page', () => {
    expect(
      problems(({ audit }) => [
        ...(audit.scores.accessibility === 100 ? [] : belowOne(audit, 'accessibility')),
        ...(audit.scores.bestPractices === 100 ? [] : belowOne(audit, 'bestPractices')),
      ]),
    ).toEqual({});
  });

  it('scores 100 for SEO on every page search engines index, and passes every other SEO audit on the rest', () => {
    expect(
      problems(({ page, audit }) =>
        page.noindex
          ? belowOne(audit, 'seo').filter((found) => !found.startsWith('is-crawlable '))
          : audit.scores.seo === 100
            ? []
            : belowOne(audit, 'seo'),
      ),
    ).toEqual({});
  });

  it('passes Lighthouse’s layout shift audit on every page', () => {
    expect(
      problems(({ audit }) =>
        audit.belowOne
          .filter((item) => item.id === 'cumulative-layout-shift')
          .map((item) => `${item.id} ${String(item.score)} (${String(audit.metrics.cls)})`),
      ),
    ).toEqual({});
  });
});
