// Refuses a harvest holding the API key (secret-scan.ts finds it): every page is scanned before it is written, or,
// for a harvest read from disk, before it is used; on a hit the harvest folder is removed and the build fails.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from '../errors.ts';
import type { HarvestManifest, PartialHarvest } from './harvest-store.ts';
import { createKeyScan } from './secret-scan.ts';

function echoError(where: string, encoding: string, removed: string): BuildError {
  return new BuildError('UPSTREAM_ECHOED_KEY', `${where} holds it (${encoding}). ${removed}`);
}

/**
 * The partial harvest, refusing the key: every page is scanned before it is written (and a page kept from an
 * interrupted harvest before it is reused). On a hit the partial folder, with the pages already in it, is removed
 * once the writes in progress have ended, and every later write fails the same way. Without a key, `partial` as is.
 */
export function guardPartialHarvest(partial: PartialHarvest, apiKey: string | null | undefined): PartialHarvest {
  const scan = createKeyScan(apiKey);
  if (!scan) return partial;
  let refused: BuildError | null = null;
  const writes = new Set<Promise<unknown>>();
  const refuse = async (where: string, encoding: string): Promise<never> => {
    refused ??= echoError(where, encoding, 'The harvest in progress was removed; nothing was written outside it.');
    await Promise.allSettled([...writes]);
    await rm(partial.dir, { recursive: true, force: true });
    throw refused;
  };
  // Getters, not a copy: `resumed` and `startedAt` change when a resume starts over.
  return {
    get dir() {
      return partial.dir;
    },
    get resumed() {
      return partial.resumed;
    },
    get startedAt() {
      return partial.startedAt;
    },
    keptOffsets: (dataset) => partial.keptOffsets(dataset),
    startOver: (now) => partial.startOver(now),
    clearPages: () => partial.clearPages(),
    async readPage(dataset, offset, limit) {
      if (refused) throw refused;
      const page = await partial.readPage(dataset, offset, limit);
      // The records as JSON: the escapes of the stored body decoded, so every form left is one the scan knows.
      const encoding = page ? scan(JSON.stringify(page.records)) : null;
      if (encoding) return refuse(`${dataset.id}: the kept page at offset ${offset}`, encoding);
      return page;
    },
    async writePage(fields, body, text) {
      if (refused) throw refused;
      // The decoded text holds every ASCII byte of the body as the same character, in the same runs (a BOM or an
      // invalid byte becomes other non-ASCII characters, never an ASCII one, and swallows none), and every form of
      // the key is ASCII: the text matches where the bytes read as Latin-1 would, without a second decoding.
      const encoding = scan(text ?? body);
      if (encoding) return refuse(`${fields.dataset}: the page at offset ${fields.offset}`, encoding);
      const write = partial.writePage(fields, body);
      writes.add(write);
      try {
        return await write;
      } finally {
        writes.delete(write);
      }
    },
    async complete(manifest) {
      if (refused) throw refused;
      return partial.complete(manifest);
    },
  };
}

/**
 * For a harvest read from disk (--offline, `snapshot`): scans every page body it names, and on a hit removes
 * that harvest folder and fails, before any stage reads it.
 */
export async function refuseStoredKey(
  dir: string,
  manifest: HarvestManifest,
  apiKey: string | null | undefined,
): Promise<void> {
  const scan = createKeyScan(apiKey);
  if (!scan) return;
  for (const [datasetId, summary] of Object.entries(manifest.datasets)) {
    for (const page of summary.pageFiles) {
      let body: Buffer;
      try {
        body = await readFile(path.join(dir, page.file));
      } catch (error) {
        // A missing page is HARVEST_CORRUPT's to report, when the stage reads it.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const encoding = scan(body);
      if (encoding) {
        await rm(dir, { recursive: true, force: true });
        throw echoError(
          `The stored harvest ${manifest.harvestId}, ${datasetId}: the page at offset ${page.offset}`,
          encoding,
          'That harvest folder was removed; nothing was built from it.',
        );
      }
    }
  }
}
