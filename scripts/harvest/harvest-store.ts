// The harvest on disk: every page's raw body with its provenance, written atomically as it is
// accepted, so an interrupted harvest resumes without refetching; a manifest is written only once
// every page it names is on disk, and only then does the folder move from partial/ to complete/.
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isUpstreamDataset, type DatasetDefinition, type RawRecord } from '../datasets/dataset-definition.ts';
import { findDataset } from '../datasets/datasets.ts';
import { BuildError } from '../errors.ts';
import { writeFileAtomic } from '../foundation/atomic-file.ts';
import { sha256Hex } from '../foundation/hashing.ts';
import { readJsonIfPresent } from '../foundation/json-file.ts';
import { killPoint } from '../kill-point.ts';
import { parsePage, type PageShape } from './page-parser.ts';
import { bodyText, type BodyNotes } from './response-body.ts';

/**
 * What is known about one fetched page (file `<offset>.json` beside `<offset>.body`). The body file holds the
 * bytes after any Content-Encoding is removed; `bytes` and `sha256` are of that file, and BodyNotes' wire fields
 * of the bytes as received (docs/upstream.md, "Bodies").
 */
export interface PageProvenance extends BodyNotes {
  dataset: string;
  offset: number;
  limit: number;
  /** Request URL, without the key (the key is only ever a header). */
  url: string;
  method: string;
  /** When the request started (after any pause), ISO 8601 in UTC. */
  fetchedAt: string;
  status: number;
  durationMs: number;
  attempts: number;
  bytes: number;
  sha256: string;
  records: number;
  /** The envelope's `count`, as sent (null when absent or not a number). */
  count: number | null;
  shape: PageShape;
  totalCount: number | null;
  /** Body file, relative to the harvest folder. */
  file: string;
}

export interface HarvestParameters {
  /** Upstream host (and port); with `demo`, the stand-in upstream serving synthetic data. */
  upstreamHost: string;
  upstreamPath: string;
  demo: boolean;
  pageSize: number;
  method: string;
  datasets: string[];
}

export interface DatasetHarvestSummary {
  records: number;
  pages: number;
  retries: number;
  totalCount: number | null;
  shapes: PageShape[];
  pageFiles: PageProvenance[];
  /** How the end of the data was established (absent in a harvest stored by an earlier version). */
  end?: EndEvidence;
}

/** The evidence that a dataset's harvest reached the end of its data (docs/upstream.md, "The end of the data"). */
export interface EndEvidence {
  /** The offset of the empty page that ended the chain of pages. */
  emptyPageOffset: number;
  /**
   * Whether that page was asked again after a pause and held no records, and the page before it (unless the first)
   * read again held the same records; false only when the first page was the end.
   */
  confirmed: boolean;
  /** The end asked through the query's filter (end-by-value.ts); null for a dataset without one. */
  byValue: ByValueEvidence | null;
}

/** What asking the end by value showed: nothing the pages lacked, or why the filter's answers say nothing. */
export interface ByValueEvidence {
  /** The filter parameter asked (`id_dapil`, `tahun_pemilu`). */
  parameter: string;
  /** Values the pages returned that the filter answered, each read whole, before any went unanswered. */
  valuesReturned: number;
  /** Records those answers and the unseen values' held in all: the pages' records when every value agrees. */
  recordsAnswered: number;
  /** Values the law names that the pages did not return, asked and answered (none holds a record when complete). */
  unseenValuesAsked: number;
  /** Why the filter's answers prove nothing (it ignores the filter, or answers with an error); null when they do. */
  unanswered: string | null;
}

export interface HarvestManifest {
  schemaVersion: 1;
  harvestId: string;
  startedAt: string;
  finishedAt: string;
  parameters: HarvestParameters;
  settings: { concurrency: number; pauseMs: number; retries: number; timeoutMs: number };
  /** Whether pages of an interrupted harvest were reused. */
  resumed: boolean;
  /** Full harvests it took (a second one follows an inconsistent first). */
  attempts: number;
  retries: number;
  warnings: string[];
  datasets: Record<string, DatasetHarvestSummary>;
}

export interface StoredPage {
  provenance: PageProvenance;
  records: RawRecord[];
}

const MANIFEST_FILE = 'harvest-manifest.json';
const PARAMETERS_FILE = 'harvest-parameters.json';
/** A partial harvest older than this is refetched rather than resumed: its pages may be stale. */
const RESUME_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Complete harvests kept on disk; the newest is what --offline builds from. */
const COMPLETE_HARVESTS_KEPT = 3;

function pageBase(datasetId: string, offset: number): string {
  return path.join('pages', datasetId, String(offset).padStart(12, '0'));
}

/** A stored JSON file, or null when absent or damaged (a damaged partial harvest is refetched, not trusted). */
function readJson<T>(file: string): Promise<T | null> {
  return readJsonIfPresent<T>(file, { damaged: 'null' });
}

/**
 * Reads a stored page and verifies its body against the recorded checksum; null when absent or damaged. The harvester
 * reads a page it wrote in this harvest through here (an earlier copy of a repeated record, say).
 */
export async function readStoredPage(
  dir: string,
  dataset: DatasetDefinition,
  offset: number,
): Promise<StoredPage | null> {
  const base = path.join(dir, pageBase(dataset.id, offset));
  const provenance = await readJson<PageProvenance>(`${base}.json`);
  if (!provenance) return null;
  let body: Buffer;
  try {
    body = await readFile(path.join(dir, provenance.file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (body.length !== provenance.bytes || sha256Hex(body) !== provenance.sha256) return null;
  const parsed = parsePage(bodyText(body).text, dataset, provenance.offset);
  if (!parsed.ok) return null;
  return { provenance, records: parsed.records };
}

export interface PartialHarvest {
  dir: string;
  /** Whether pages of an interrupted harvest are reused (false again after startOver). */
  readonly resumed: boolean;
  readonly startedAt: string;
  readPage(dataset: DatasetDefinition, offset: number, limit: number): Promise<StoredPage | null>;
  /** The offsets of the pages kept for a dataset, ascending (each still to be read with readPage, which verifies it). */
  keptOffsets(dataset: DatasetDefinition): Promise<number[]>;
  /** Discards every kept page and starts the harvest afresh at `now`: the kept pages no longer match the upstream. */
  startOver(now: Date): Promise<void>;
  /**
   * Writes a page's body and provenance. `text`, when given, is the body decoded as UTF-8 (bodyText): the key scan
   * reads it instead of decoding the body once more (secret-scan.ts).
   */
  writePage(
    provenance: Omit<PageProvenance, 'file' | 'bytes' | 'sha256'>,
    body: Buffer,
    text?: string,
  ): Promise<PageProvenance>;
  /** Forgets every page, for a fresh second attempt. */
  clearPages(): Promise<void>;
  /** Writes the manifest and moves the folder to complete/; returns the complete folder. */
  complete(manifest: HarvestManifest): Promise<string>;
}

function sameParameters(a: HarvestParameters, b: HarvestParameters): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface HarvestStore {
  root: string;
  openPartial(parameters: HarvestParameters, now: Date): Promise<PartialHarvest>;
  /** The newest complete harvest folder, or null. */
  latestComplete(): Promise<string | null>;
}

/** A sortable id from a time: 2026-11-22T03:13:01.123Z → 20261122T031301123Z. */
export function harvestIdOf(time: Date): string {
  return time.toISOString().replace(/[-:.]/g, '');
}

export function createHarvestStore(cacheDir: string): HarvestStore {
  const root = path.join(cacheDir, 'harvest');
  const partialDir = path.join(root, 'partial');
  const completeDir = path.join(root, 'complete');

  async function listComplete(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(completeDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const complete: string[] = [];
    for (const name of names.sort()) {
      if (await readJson(path.join(completeDir, name, MANIFEST_FILE))) complete.push(name);
    }
    return complete;
  }

  async function openPartial(parameters: HarvestParameters, now: Date): Promise<PartialHarvest> {
    type Stored = { parameters: HarvestParameters; startedAt: string };
    const previous = await readJson<Stored>(path.join(partialDir, PARAMETERS_FILE));
    const resumable =
      previous !== null &&
      sameParameters(previous.parameters, parameters) &&
      now.getTime() - Date.parse(previous.startedAt) < RESUME_MAX_AGE_MS;
    if (!resumable) {
      await rm(partialDir, { recursive: true, force: true });
      await mkdir(partialDir, { recursive: true });
      await writeFileAtomic(
        path.join(partialDir, PARAMETERS_FILE),
        JSON.stringify({ parameters, startedAt: now.toISOString() }, null, 2),
      );
    }
    let startedAt = resumable ? previous.startedAt : now.toISOString();
    let resumed = resumable;
    const createdFolders = new Set<string>();
    // Only a resumed harvest can hold pages before they are fetched (the chain never asks for an offset twice):
    // a fresh one skips the look, a failed open per page (about a second on a million records).
    let mayHoldPages = resumable;

    return {
      dir: partialDir,
      get resumed() {
        return resumed;
      },
      get startedAt() {
        return startedAt;
      },
      async keptOffsets(dataset) {
        if (!mayHoldPages) return [];
        let names: string[];
        try {
          names = await readdir(path.join(partialDir, 'pages', dataset.id));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
          throw error;
        }
        return names
          .filter((name) => /^\d+\.json$/.test(name))
          .map((name) => Number(name.slice(0, -'.json'.length)))
          .sort((a, b) => a - b);
      },
      async startOver(when) {
        await rm(path.join(partialDir, 'pages'), { recursive: true, force: true });
        createdFolders.clear();
        mayHoldPages = false;
        resumed = false;
        startedAt = when.toISOString();
        await writeFileAtomic(
          path.join(partialDir, PARAMETERS_FILE),
          JSON.stringify({ parameters, startedAt }, null, 2),
        );
      },
      async readPage(dataset, offset, limit) {
        if (!mayHoldPages) return null;
        const page = await readStoredPage(partialDir, dataset, offset);
        return page && page.provenance.limit === limit ? page : null;
      },
      async writePage(fields, body) {
        const base = pageBase(fields.dataset, fields.offset);
        const folder = path.dirname(path.join(partialDir, base));
        if (!createdFolders.has(folder)) {
          await mkdir(folder, { recursive: true });
          createdFolders.add(folder);
        }
        const provenance: PageProvenance = {
          ...fields,
          file: `${base}.body`,
          bytes: body.length,
          sha256: sha256Hex(body),
        };
        // Body first, then the provenance that vouches for it: a kill between the two leaves an
        // unvouched body, which a resume ignores.
        await writeFileAtomic(path.join(partialDir, provenance.file), body);
        await writeFileAtomic(path.join(partialDir, `${base}.json`), `${JSON.stringify(provenance, null, 2)}\n`);
        killPoint('harvest:page-stored');
        return provenance;
      },
      async clearPages() {
        await rm(path.join(partialDir, 'pages'), { recursive: true, force: true });
        createdFolders.clear();
        mayHoldPages = false;
      },
      async complete(manifest) {
        await writeFileAtomic(path.join(partialDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
        await mkdir(completeDir, { recursive: true });
        const target = path.join(completeDir, manifest.harvestId);
        await rename(partialDir, target);
        const kept = await listComplete();
        for (const old of kept.slice(0, Math.max(0, kept.length - COMPLETE_HARVESTS_KEPT))) {
          await rm(path.join(completeDir, old), { recursive: true, force: true });
        }
        return target;
      },
    };
  }

  return {
    root,
    openPartial,
    async latestComplete() {
      const complete = await listComplete();
      const newest = complete.at(-1);
      return newest ? path.join(completeDir, newest) : null;
    },
  };
}

/** Reads a complete harvest's manifest. */
export async function readHarvestManifest(dir: string): Promise<HarvestManifest> {
  const manifest = await readJson<HarvestManifest>(path.join(dir, MANIFEST_FILE));
  if (!manifest) throw new BuildError('HARVEST_NOT_FOUND', `No readable ${MANIFEST_FILE} in ${dir}.`);
  return manifest;
}

/**
 * The records of one dataset of a complete harvest, page by page in upstream order, each page
 * verified against its recorded checksum (streaming: one page in memory at a time).
 */
export async function* readHarvestPages(
  dir: string,
  manifest: HarvestManifest,
  dataset: DatasetDefinition,
): AsyncGenerator<StoredPage> {
  const summary = manifest.datasets[dataset.id];
  if (!summary) throw new BuildError('HARVEST_CORRUPT', `The harvest in ${dir} has no pages for ${dataset.id}.`);
  for (const expected of summary.pageFiles) {
    const page = await readStoredPage(dir, dataset, expected.offset);
    if (!page || page.provenance.sha256 !== expected.sha256) {
      // A page kept by an older publisher may match its SHA-256 and still be refused now (an error envelope, say).
      throw new BuildError(
        'HARVEST_CORRUPT',
        `${expected.file} in ${dir} is missing, does not match its SHA-256, or is not a page the harvester accepts (any more).`,
      );
    }
    yield page;
  }
}

/**
 * Every record of a published dataset for one harvest, a batch at a time, in harvest order: an upstream dataset's
 * stored pages (one batch per page), or the records a project dataset makes (`DatasetDefinition.origin`), which may
 * read the harvest's upstream records. The check and snapshot stages both read records through here, so their two
 * passes see the same records in the same order.
 */
export async function* readDatasetRecords(
  dir: string,
  manifest: HarvestManifest,
  dataset: DatasetDefinition,
  /** The four-digit election years of the harvest's upstream records (ProjectRecordsContext.years). */
  years: readonly number[],
): AsyncGenerator<readonly RawRecord[]> {
  const origin = dataset.origin;
  if (origin === undefined || origin.kind === 'upstream') {
    for await (const page of readHarvestPages(dir, manifest, dataset)) yield page.records;
    return;
  }
  yield* origin.records({
    years,
    async *upstreamRecords(id) {
      const source = findDataset(id);
      if (!source || !isUpstreamDataset(source)) throw new Error(`${dataset.id} reads ${id}, not an upstream dataset`);
      for await (const page of readHarvestPages(dir, manifest, source)) yield page.records;
    },
  });
}
