// The dapil and party pages' own CSV and JSON files (scripts/site/page-files.ts), as the real build publishes them:
// the downloads' bytes copied, each file the same, byte for byte, as the snapshot's CSV and JSON writers make of the
// page's records (what the pages' files were written with before they were copied), for the demo data and, when
// ../shared/data is there, the real data; and written by those writers, the same bytes, for a data folder whose
// downloads cannot be copied from.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANG } from '../../scripts/languages.ts';
import { pageFileChunks, pageTable } from '../../scripts/site/page-file-writers.ts';
import { pagesWithFiles, writePageFiles } from '../../scripts/site/page-files.ts';
import { readCsvLineStarts } from '../../scripts/site/record-lines.ts';
import { loadSiteDataOnce } from '../../scripts/site/site-data.ts';
import { PAGE_FILE_FORMATS, pageFileName, pagePath } from '../../scripts/site/site-routes.ts';
import { noticeSharedData } from '../support/shared-data.ts';
import { buildDemoSite, buildRealSite, type PublishedSite } from './site-fixtures.ts';

async function expectWritersBytes(built: () => Promise<PublishedSite>, pagesAtLeast: number): Promise<void> {
  const site = await built();
  try {
    const data = await loadSiteDataOnce(site.dataDir);
    // Every dataset's records have their places in both downloads: the pages' files are copied, not written anew.
    expect(data.lines?.size).toBe(2);
    for (const lines of data.lines?.values() ?? []) {
      expect(lines.complete).toBe(true);
      const csv = lines.csv as NonNullable<typeof lines.csv>;
      expect(await readCsvLineStarts(csv.file, csv.described, lines.size)).not.toBeNull();
    }
    const pages = pagesWithFiles(data);
    expect(pages.length).toBeGreaterThanOrEqual(pagesAtLeast);
    for (const page of pages) {
      const table = pageTable(page.dataset, page.records);
      for (const format of PAGE_FILE_FORMATS) {
        const name = pageFileName(page.dataset.fileStem, page.year, page.kind, page.id, format);
        const published = await readFile(path.join(site.distDir, pagePath(DEFAULT_LANG, page.page), name));
        expect(published.equals(Buffer.from([...pageFileChunks(table, format)].join(''))), name).toBe(true);
      }
    }
  } finally {
    await site.close();
  }
}

describe("the pages' own files", () => {
  it("are the writers' bytes of each page's records, copied from the downloads (demo data)", async () => {
    await expectWritersBytes(buildDemoSite, 20);
  });

  it("are written by the downloads' writers, the same bytes, when the downloads cannot be copied from", async () => {
    const site = await buildDemoSite();
    const written = await mkdtemp(path.join(os.tmpdir(), 'kpu-page-files-'));
    try {
      const data = await loadSiteDataOnce(site.dataDir);
      // No record's place known (as for a data folder written by hand, read whole): every file made by the writers.
      await writePageFiles({ ...data, lines: new Map() }, written);
      for (const page of pagesWithFiles(data)) {
        for (const format of PAGE_FILE_FORMATS) {
          const file = path.join(
            pagePath(DEFAULT_LANG, page.page),
            pageFileName(page.dataset.fileStem, page.year, page.kind, page.id, format),
          );
          const [published, made] = await Promise.all([
            readFile(path.join(site.distDir, file)),
            readFile(path.join(written, file)),
          ]);
          expect(made.equals(published), file).toBe(true);
        }
      }
    } finally {
      await rm(written, { recursive: true, force: true });
      await site.close();
    }
  });

  it.skipIf(!noticeSharedData("the real data's page files"))(
    "are the writers' bytes of each page's records, copied from the downloads (real data)",
    async () => {
      await expectWritersBytes(buildRealSite, 100);
    },
  );
});
