// A dapil with more regencies than a page lists: the real build of a source giving 60 regencies per
// dapil publishes dapil pages that list the first 50 and say so in both languages, totals over all 60, the page's
// own CSV and JSON with all 60, and pages within the 30 KB budget.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAPIL_REGENCIES_LISTED } from '../../scripts/site/pages/dapil-page.ts';
import { pageFileName, pagePath } from '../../scripts/site/site-routes.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { createBuildWorld, type BuildWorld } from '../support/build-fixtures.ts';

const REGENCIES = 60;
const YEAR = 2024;

let world: BuildWorld;
beforeAll(async () => {
  world = await createBuildWorld({
    turnout: generateTurnoutRecords({ years: [YEAR], dapils: 2, regenciesPerDapil: REGENCIES, seed: 16 }),
    parties: generatePartyRecords({ years: [YEAR], parties: 3, seed: 16 }),
  });
  const run = await world.build();
  if (run.code !== 0) throw new Error(`build failed:\n${run.stderr}`);
});
afterAll(async () => {
  await world.close();
});

interface PageRecord {
  dapil_id: string;
  regency_name: string;
  total_voters: number;
  quality_flags: string[];
}

/** The visible text of an HTML fragment: tags dropped, the entities Astro writes decoded, white space collapsed. */
const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();

describe('a dapil with more regencies than its page lists', () => {
  for (const lang of ['id', 'en'] as const) {
    it(`(${lang}) lists the first ${DAPIL_REGENCIES_LISTED}, says so, totals all ${REGENCIES}, and links the page's files with every record`, async () => {
      const manifest = await world.readManifest();
      const yearFile = manifest.files.find(
        (file) => file.dataset === turnoutDataset.id && file.year === YEAR && file.format === 'json',
      );
      if (!yearFile) throw new Error(`no turnout JSON of ${YEAR} in the manifest`);
      const records = JSON.parse(
        await readFile(path.join(world.distDir, 'data', yearFile.path), 'utf8'),
      ) as PageRecord[];
      const byDapil = Map.groupBy(records, (record) => record.dapil_id);
      expect([...byDapil.values()].map((group) => group.length)).toEqual([REGENCIES, REGENCIES]);

      for (const [dapilId, group] of byDapil) {
        const pageDir = path.join(world.distDir, pagePath(lang, { kind: 'dapil', year: YEAR, dapilId }));
        const html = await readFile(path.join(pageDir, 'index.html'), 'utf8');
        const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
        const rows = [...body.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((match) => textOf(match[0]));
        expect(rows).toHaveLength(DAPIL_REGENCIES_LISTED);
        group.slice(0, DAPIL_REGENCIES_LISTED).forEach((record, index) => {
          expect(rows[index]).toContain(record.regency_name);
        });
        for (const record of group.slice(DAPIL_REGENCIES_LISTED)) expect(body).not.toContain(`>${record.regency_name}`);

        const listing = /<p class="listing">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
        expect(listing).toMatch(/<a href="#unduh">[^<]+<\/a>$/);
        const note = textOf(listing.replace(/<a [\s\S]*$/, ''));
        expect(note).toBe(
          lang === 'en'
            ? `The table and the charts list the first ${DAPIL_REGENCIES_LISTED} of ${REGENCIES} regencies and cities, in the source's order; the dapil total counts them all. Every record, with all its figures, is in this page's files below.`
            : `Tabel dan grafik memuat ${DAPIL_REGENCIES_LISTED} kabupaten/kota pertama dari ${REGENCIES}, menurut urutan sumber; jumlah dapil menghitung semuanya. Setiap rekaman, dengan semua angkanya, ada di berkas halaman ini di bawah.`,
        );

        // The summary counts every regency.
        const lead = textOf(/<p class="lead">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '');
        expect(lead).toContain(lang === 'en' ? `${REGENCIES} regencies and cities` : `${REGENCIES} kabupaten/kota`);

        // The total row: every record's voters, not only the listed ones'.
        const foot = /<tfoot>([\s\S]*?)<\/tfoot>/.exec(html)?.[1] ?? '';
        const values = [...foot.matchAll(/data-v="(\d+)"/g)].map((match) => Number(match[1]));
        expect(values).toContain(group.reduce((total, record) => total + record.total_voters, 0));

        // The page's own files hold every record of the dapil, in the source's order.
        // They sit next to the Indonesian page, which the English page links to.
        const inFolder = path.join(world.distDir, pagePath('id', { kind: 'dapil', year: YEAR, dapilId }));
        const pageJson = JSON.parse(
          await readFile(
            path.join(inFolder, pageFileName(turnoutDataset.fileStem, YEAR, 'dapil', dapilId, 'json')),
            'utf8',
          ),
        ) as PageRecord[];
        expect(pageJson.map((record) => record.regency_name)).toEqual(group.map((record) => record.regency_name));
        const csv = await readFile(
          path.join(inFolder, pageFileName(turnoutDataset.fileStem, YEAR, 'dapil', dapilId, 'csv')),
          'utf8',
        );
        expect(csv.trimEnd().split('\n')).toHaveLength(REGENCIES + 1);

        // Quality notes: one per listed flagged record, and a sentence for the flagged records not listed.
        const flaggedListed = group.slice(0, DAPIL_REGENCIES_LISTED).filter((r) => r.quality_flags.length > 0);
        const flaggedLeft = group.slice(DAPIL_REGENCIES_LISTED).filter((r) => r.quality_flags.length > 0);
        const notes = /<section aria-labelledby="catatan">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
        expect([...notes.matchAll(/<li id="/g)]).toHaveLength(flaggedListed.length);
        const leftSentence =
          lang === 'en'
            ? `${flaggedLeft.length} more flagged records are not listed on this page`
            : `${flaggedLeft.length} rekaman lain yang ditandai tidak tercantum di halaman ini`;
        // The generator's regencies beyond a province's real ones are in no official list (region-code-match).
        expect(flaggedLeft.length).toBeGreaterThan(0);
        expect(textOf(notes)).toContain(leftSentence);

        // Within the page budget (HTML alone here; the browser suites count the stylesheet and script too).
        expect(gzipSync(html, { level: 9 }).length).toBeLessThan(25_000);
      }
    });
  }
});
