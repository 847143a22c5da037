// Same harvested pages in, same bytes out: two builds from one harvest are identical file for file, and a new
// harvest of unchanged data, in pages of the same size or another, changes only the files that say when the data was
// retrieved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandResult } from '../../scripts/pipeline.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { readAllFiles } from '../support/harvest-fixtures.ts';
import { createBuildWorld, sha256, type BuildWorld } from '../support/build-fixtures.ts';

async function hashes(dir: string): Promise<Record<string, string>> {
  const files = await readAllFiles(dir);
  return Object.fromEntries(
    files.map(([name, content]) => [name, sha256(content)]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
}

/** Every page of an `--offline` build carries one notice saying how old its data is; this removes it. */
const OFFLINE_NOTICE = /<p class="offline" role="note">[^<]*<\/p>/g;

describe('determinism', () => {
  let world: BuildWorld;
  beforeAll(async () => {
    world = await createBuildWorld(
      {
        turnout: generateTurnoutRecords({ years: [2019, 2024], dapils: 12, regenciesPerDapil: [1, 5], seed: 11 }),
        parties: generatePartyRecords({ years: [2014, 2019, 2024], parties: 10, seed: 11 }),
      },
      { maxLimit: 9 },
    );
  });
  afterAll(() => world?.close());

  it('builds the same dist/ twice from one harvest, byte for byte', async () => {
    const first = await world.build();
    expect(first.code, first.stderr).toBe(0);
    const online = await hashes(world.distDir);
    const onlineFiles = new Map(await readAllFiles(world.distDir));
    const second = await world.build(['--offline']);
    expect(second.code, second.stderr).toBe(0);
    const before = await hashes(world.distDir);
    // A fresh Astro run, not the kept site: the same harvest gives the same bytes from scratch.
    const third = await world.build(['--offline', '--rebuild-site', '--json']);
    expect(third.code, third.stderr).toBe(0);
    expect((JSON.parse(third.stdout) as CommandResult).site?.reused).toBe(false);
    expect(await hashes(world.distDir)).toEqual(before);
    expect(Object.keys(before).length).toBeGreaterThan(40);
    // The first (online) build and the offline ones of the same harvest differ only in the manifest's build
    // information (and the SHA256SUMS covering the manifest), the offline notice on every page, and the changelog pages, which after the first build say
    // that nothing changed since the first release. Every other page is, without the notice, byte for byte the
    // online build's.
    expect(Object.keys(before).sort()).toEqual(Object.keys(online).sort());
    const differing = Object.keys(before).filter((name) => before[name] !== online[name]);
    // The manifest, and the SHA256SUMS that covers it.
    expect(differing.filter((name) => !name.endsWith('.html')).sort()).toEqual([
      'data/SHA256SUMS',
      'data/manifest.json',
    ]);
    const offlineFiles = new Map(await readAllFiles(world.distDir));
    // The site's pages carry the offline notice; the release's landing page (data/index.html and its copy in the
    // release's folder) describes the release alone, and a figure's embed page is the chart alone with its source
    // line (scripts/site/figure-files.ts), so they keep their bytes.
    const pages = [...offlineFiles.keys()].filter(
      (name) => name.endsWith('.html') && !name.startsWith('data/') && !name.endsWith('-embed.html'),
    );
    const releasePages = [...offlineFiles.keys()].filter((name) => name.endsWith('.html') && name.startsWith('data/'));
    expect(releasePages.sort()).toEqual([
      'data/index.html',
      expect.stringMatching(/^data\/releases\/[^/]+\/index\.html$/),
    ]);
    expect(differing.filter((name) => name.endsWith('.html')).sort()).toEqual(pages.sort());
    const stillDiffering: string[] = [];
    for (const page of pages) {
      const offlineHtml = offlineFiles.get(page)!.toString('utf8');
      expect(offlineHtml.match(OFFLINE_NOTICE), page).toHaveLength(1);
      if (offlineHtml.replace(OFFLINE_NOTICE, '') !== onlineFiles.get(page)!.toString('utf8'))
        stillDiffering.push(page);
    }
    expect(stillDiffering.sort()).toEqual(['en/changes/index.html', 'perubahan/index.html']);
  });

  it('changes only the retrieval-time data files after a new harvest of the same data', async () => {
    const before = await hashes(world.distDir);
    const again = await world.build();
    expect(again.code, again.stderr).toBe(0);
    const after = await hashes(world.distDir);
    // Pages state when the data was retrieved, so they may change; every data file but the manifest (the new
    // harvest's provenance) and the SHA256SUMS covering it may not: the release, its retrieval time, its bundles,
    // citations and datapackage.json are kept.
    const changed = Object.keys(after).filter((name) => name.startsWith('data/') && after[name] !== before[name]);
    expect(changed.sort()).toEqual(['data/SHA256SUMS', 'data/manifest.json']);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  });

  it('keeps the release when the same records come in pages of another size', async () => {
    const before = await hashes(world.distDir);
    // Pages of 4 records where the upstream's cap made them 9: other page bodies, the same records.
    const again = await world.build([], { KPU_PAGE_SIZE: '4' });
    expect(again.code, again.stderr).toBe(0);
    const after = await hashes(world.distDir);
    const changed = Object.keys(after).filter((name) => name.startsWith('data/') && after[name] !== before[name]);
    expect(changed.sort()).toEqual(['data/SHA256SUMS', 'data/manifest.json']);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  });
});
