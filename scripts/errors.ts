// The one catalogue of the build's errors: every way a build can stop, with its stage, exit code,
// message and hint. docs/operations.md documents each code; a test keeps the two in step.
import { STAGES, type StageName } from './stages.ts';

/** Where a build can stop: one of the pipeline's stages (stages.ts), the configuration, or the build as a whole. */
export type Stage = 'config' | StageName | 'build';

interface ErrorSpec {
  stage: Stage;
  message: string;
  hint: string;
}

/** Exit codes per stage (each pipeline stage's from stages.ts), so a scheduler can tell what failed without parsing text. */
export const EXIT_CODES = {
  ok: 0,
  build: 1,
  config: 2,
  ...(Object.fromEntries(STAGES.map((stage) => [stage.name, stage.exitCode])) as Record<StageName, number>),
  /** Another build uses the same cache or published folder: try again later (sysexits' EX_TEMPFAIL). */
  busy: 75,
  interrupted: 130,
} as const satisfies Record<Stage | 'ok' | 'busy' | 'interrupted', number>;

export const ERROR_CATALOGUE = {
  CONFIG_INVALID: {
    stage: 'config',
    message: 'The configuration is not valid.',
    hint: 'Fix the named environment variable or flag; `npm run build -- --help` lists them all.',
  },
  RELEASE_DEPLOYED_UNREACHABLE: {
    stage: 'harvest',
    message:
      'The deployed site (KPU_SITE_URL) did not give its release history, fetched because dist/ lacks its releases: no answer, a status other than 200 or 404, a redirect to another host, or more bytes than allowed.',
    hint: 'Check KPU_SITE_URL and the network, then build again; dist/ was left as it was. A site that answers 404 for data/releases.json has no history deployed, and the build makes a first release. KPU_MAX_RESPONSE_BYTES bounds each file and KPU_MAX_HARVEST_BYTES all of them.',
  },
  UPSTREAM_UNREACHABLE: {
    stage: 'harvest',
    message: 'The upstream could not be reached.',
    hint: 'Check KPU_BASE_URL and the network; the retries are exhausted. Use --offline to rebuild from the last complete harvest.',
  },
  UPSTREAM_TIMEOUT: {
    stage: 'harvest',
    message: 'The upstream did not answer in time.',
    hint: 'The upstream may be overloaded: raise KPU_TIMEOUT_MS or KPU_RETRIES, or try later. Use --offline to rebuild from the last complete harvest.',
  },
  UPSTREAM_KEY_REFUSED: {
    stage: 'harvest',
    message: 'The upstream refused the API key (401/403).',
    hint: 'Check that KPU_API_KEY holds a valid, current key for this upstream. The key is never printed.',
  },
  UPSTREAM_THROTTLED: {
    stage: 'harvest',
    message: 'The upstream kept throttling requests (429) beyond the retries.',
    hint: 'Lower KPU_CONCURRENCY, raise KPU_PAUSE_MS or KPU_RETRIES, or try later.',
  },
  UPSTREAM_SERVER_ERROR: {
    stage: 'harvest',
    message: 'The upstream kept answering with a server error beyond the retries.',
    hint: 'The upstream is failing; try later, or use --offline to rebuild from the last complete harvest.',
  },
  UPSTREAM_CLIENT_ERROR: {
    stage: 'harvest',
    message: 'The upstream rejected a request.',
    hint: 'The upstream may have changed its interface: compare the URL and the answer with docs/upstream.md.',
  },
  UPSTREAM_REDIRECT: {
    stage: 'harvest',
    message: 'The upstream answered with a redirect.',
    hint: 'Redirects are not followed, so the key is never sent to another address: set KPU_BASE_URL to the new location if you trust it.',
  },
  UPSTREAM_UNEXPECTED_STATUS: {
    stage: 'harvest',
    message:
      'The upstream answered with a status other than 200 that is not an error it is known to send (a 202, 204 or 206, say).',
    hint: 'Only a 200 answer is taken for a page: a 202 or 204 may carry an empty page that would end the data early, a 206 part of a page. Read the status and the snippet, try later, or use --offline to rebuild from the last complete harvest.',
  },
  UPSTREAM_BAD_JSON: {
    stage: 'harvest',
    message: 'The upstream answered with a body that is not JSON, twice.',
    hint: 'The upstream may be behind a maintenance page or a proxy: check the snippet, and KPU_BASE_URL.',
  },
  UPSTREAM_UNEXPECTED_SHAPE: {
    stage: 'harvest',
    message: 'The upstream answered with JSON of an unexpected shape.',
    hint: 'The upstream may have changed its interface: compare the snippet with docs/upstream.md before changing the parser.',
  },
  UPSTREAM_RESPONSE_TOO_LARGE: {
    stage: 'harvest',
    message: 'An upstream answer is larger than KPU_MAX_RESPONSE_BYTES.',
    hint: 'The request was cut off at the cap (for a compressed answer, the cap applies to the decompressed body too). Raise KPU_MAX_RESPONSE_BYTES if such pages are expected, or lower KPU_PAGE_SIZE.',
  },
  UPSTREAM_FIELD_TOO_LONG: {
    stage: 'harvest',
    message: 'An upstream record holds a value longer than KPU_MAX_FIELD_CHARS.',
    hint: 'The message names the dataset, the page offset and the field. Such a value is more likely a fault or an attack than data; raise KPU_MAX_FIELD_CHARS only if it is real.',
  },
  UPSTREAM_TOO_DEEP: {
    stage: 'harvest',
    message: 'An upstream answer is nested deeper than KPU_MAX_JSON_DEPTH.',
    hint: 'Records are flat objects of strings: a deeply nested answer is a fault or an attack. Raise KPU_MAX_JSON_DEPTH only if the upstream really sends such values.',
  },
  UPSTREAM_ERROR_ENVELOPE: {
    stage: 'harvest',
    message:
      'The upstream kept answering with an error inside a 200 answer (an envelope saying error) beyond the retries.',
    hint: 'The upstream is failing although it says 200: read its message in the snippet, try later, or use --offline to rebuild from the last complete harvest. Nothing was published.',
  },
  UPSTREAM_UNKNOWN_ENVELOPE: {
    stage: 'harvest',
    message:
      'The upstream kept answering with an envelope other than `{"count": …, "data": […]}` (another key, a key written twice, `data` null or absent, or no records beside a `count` that is absent or not a count) beyond the retries.',
    hint: 'Whatever the extra key says ("success", "errors", "meta", "message", …), an envelope this upstream is not known to send is taken for an error, never for data or for the end of the data: read the snippet, try later, or use --offline. If the upstream changed its envelope for good, compare with docs/upstream.md.',
  },
  UPSTREAM_NOT_RECORDS: {
    stage: 'harvest',
    message: "The upstream kept answering with objects that carry none of the dataset's fields beyond the retries.",
    hint: 'This is usually an error message dressed as data (e.g. [{"error": "…"}]): read the snippet, try later, or use --offline. If the upstream renamed its fields, compare with docs/upstream.md.',
  },
  UPSTREAM_ECHOED_KEY: {
    stage: 'harvest',
    message: 'The upstream sent the API key back inside its data.',
    hint: 'Nothing was published and the harvest holding it was deleted; the key is never printed. Report the echo to the upstream, and rotate the key if its answers may have been seen elsewhere.',
  },
  HARVEST_OFFSET_IGNORED: {
    stage: 'harvest',
    message: 'The upstream repeats the same records on later pages: it seems to ignore `offset`.',
    hint: 'A full harvest is not possible this way; check KPU_BASE_URL and the upstream. Nothing was published.',
  },
  HARVEST_TOO_MANY_PAGES: {
    stage: 'harvest',
    message: 'The harvest reached the page cap before the upstream ran out of records.',
    hint: 'Raise KPU_MAX_PAGES if the dataset really is that large, or raise KPU_PAGE_SIZE.',
  },
  HARVEST_TOO_MANY_RECORDS: {
    stage: 'harvest',
    message: 'A dataset has more records than KPU_MAX_RECORDS.',
    hint: 'The upstream may be paging forever or sending junk; if the dataset really is that large, raise KPU_MAX_RECORDS.',
  },
  HARVEST_TOO_MANY_YEARS: {
    stage: 'harvest',
    message: 'A dataset has more distinct election years than KPU_MAX_YEARS.',
    hint: 'Each year becomes its own files and pages: so many years points at a fault upstream. Raise KPU_MAX_YEARS only if they are real.',
  },
  HARVEST_TOO_LARGE: {
    stage: 'harvest',
    message: 'The harvest holds more bytes than KPU_MAX_HARVEST_BYTES.',
    hint: 'The upstream may be paging forever; if the data really is that large, raise KPU_MAX_HARVEST_BYTES (the cache needs that much free disk).',
  },
  HARVEST_TRUNCATED: {
    stage: 'harvest',
    message:
      'The upstream ended the data early: a page with no records, while its `count` or its X-Total-Count header says there are more, or records that the pages lacked, asked by value (each dapil, each election year).',
    hint: 'The upstream stopped mid-way (an overload or a fault); try later, or use --offline to rebuild from the last complete harvest. Nothing was published.',
  },
  HARVEST_END_UNCONFIRMED: {
    stage: 'harvest',
    message:
      'The end of the data could not be confirmed: the page that ended it, asked again, or the page before it, read again, answered otherwise, in two full harvests.',
    hint: 'The upstream answers the end of the data inconsistently (an overload, a cache in front of it, data being loaded): nothing was published. Try later, or use --offline to rebuild from the last complete harvest.',
  },
  HARVEST_RECORD_REPEATED: {
    stage: 'harvest',
    message:
      'A record came twice, exactly (the same key and the same values), in two full harvests: a paging fault that hides the records it replaced.',
    hint: 'The upstream pages wrongly (records repeated in place of others); nothing was published. Try later, or use --offline to rebuild from the last complete harvest; docs/upstream.md ("Repeated records") says more.',
  },
  HARVEST_PAGES_OVERLAP: {
    stage: 'harvest',
    message: 'Consecutive pages overlap: a page begins with the records that ended the page before.',
    hint: 'The upstream seems to read `offset` differently (1-based, say), which would duplicate records; see docs/upstream.md ("Overlapping pages") before changing KPU_PAGE_SIZE.',
  },
  HARVEST_INCONSISTENT: {
    stage: 'harvest',
    message: 'The upstream data changed during the harvest, twice in a row.',
    hint: 'The upstream is being updated; try again later. Use --offline to rebuild from the last complete harvest.',
  },
  HARVEST_NOT_FOUND: {
    stage: 'harvest',
    message: 'There is no complete harvest on disk to build from.',
    hint: 'Run a build with the network first (without --offline), or point KPU_CACHE_DIR at a folder holding a complete harvest.',
  },
  HARVEST_CORRUPT: {
    stage: 'harvest',
    message: 'A stored page does not match the checksum recorded when it was fetched.',
    hint: 'The harvest on disk was changed or damaged; run a fresh harvest (a build without --offline).',
  },
  UPSTREAM_NUMBER_INEXACT: {
    stage: 'check',
    message: 'A count or year came as a JSON number that is not an exact count, so it cannot be published as sent.',
    hint: 'The message names the dataset, the field, the record and the number as sent (a fraction, a negative, or an integer above 9007199254740991). Counts sent as whole JSON numbers are taken exactly; anything else is a fault of the upstream: report it there. Nothing was published (dist/ was left as it was).',
  },
  UPSTREAM_SCHEMA_CHANGED: {
    stage: 'check',
    message:
      "Most records of a dataset break the same quality rule: the upstream's schema has changed, this is not bad data.",
    hint: "The message names the dataset, the rule and its share of the records; the quality report in the check stage's folder lists them. Compare a page of the upstream with docs/upstream.md and adapt the dataset's declaration (scripts/datasets/) to the new schema. Nothing was published (dist/ was left as it was); --strict makes no difference.",
  },
  CHECK_STRICT_FAILED: {
    stage: 'check',
    message: 'Records break the data quality rules, and --strict is set.',
    hint: 'Read the quality report for the broken rules; without --strict such records are published and flagged.',
  },
  SNAPSHOT_VALUE_INVALID: {
    stage: 'snapshot',
    message: 'A normalized value cannot be written exactly in the published formats.',
    hint: 'The message names the column, the record and the value (for example a count above 2^53 − 1); the quality rules should flag such values: report it.',
  },
  RELEASE_SHRANK: {
    stage: 'release',
    message:
      'The new harvest has fewer records than the recent releases (the largest count of each year in the last five), beyond the tolerance.',
    hint: "An upstream fault is likelier than a correction: check the upstream and try later (dist/ was left as it was). If the loss is real, run the build with --accept-shrink; the change report then records it. KPU_SHRINK_TOLERANCE sets the share of a year's records that may go unremarked.",
  },
  RELEASE_ARCHIVE_INVALID: {
    stage: 'release',
    message:
      'The release archive does not match its own list of releases and their manifests (a file that does not match, a file or folder no manifest lists, a symbolic link), so none of it was used.',
    hint: 'The message names what does not match. Restore the archive folder (KPU_RELEASE_ARCHIVE_DIR, the `data` branch in CI) from its history, or remove the named folder if the list never held it, or the named file if its manifest does not list it; docs/operations.md, "The release archive", says how.',
  },
  RELEASE_DEPLOYED_INVALID: {
    stage: 'release',
    message:
      "The deployed site's release history (KPU_SITE_URL's data/releases.json and release folders), fetched because dist/ lacks its releases, does not match its own list and manifests, so none of it was used.",
    hint: 'The message names what does not match (a file that differs from its manifest, a file no manifest lists, a list or manifest that is not valid). Fix or redeploy the site, or restore the releases from a release archive (KPU_RELEASE_ARCHIVE_DIR); docs/operations.md, "The release archive", says how. dist/ was left as it was.',
  },
  SITE_BUILD_FAILED: {
    stage: 'site',
    message: 'The site could not be built from the snapshot.',
    hint: 'The message ends with the site build output; dist/ was left as it was. Run `npm run build -- --offline` after a fix.',
  },
  SITE_CARDS_FAILED: {
    stage: 'site',
    message: 'The social cards could not be drawn.',
    hint: 'The message ends with what stopped them: a card cache folder that cannot be written (KPU_CACHE_DIR/stages/site-cards, which may be removed at any time: the next build draws every card again), or a fault of the rasterizer. dist/ was left as it was.',
  },
  PUBLISH_VERIFY_FAILED: {
    stage: 'publish',
    message: 'The new build does not match its own manifest or the release history, so it was not published.',
    hint: 'dist/ was left as it was. A release folder that releases.json does not list was left by another build (docs/operations.md, "Releases that cannot be lost"); anything else points at a disk problem or a bug: run the build again, and report it if it repeats.',
  },
  DISK_ERROR: {
    stage: 'build',
    message: 'A file could not be read or written.',
    hint: 'Check free disk space and the permissions of KPU_CACHE_DIR and KPU_DIST_DIR.',
  },
  BUILD_BUSY: {
    stage: 'build',
    message: 'Another build is running with the same cache folder.',
    hint: 'Wait for it to finish, or run this one with another KPU_CACHE_DIR. If no such build runs (its process id was reused by another program), remove the entry named above.',
  },
  DIST_BUSY: {
    stage: 'build',
    message: 'Another build is releasing into the same published folder.',
    hint: 'Wait for it to finish and run this one again: it then compares with the release the other build published. If no such build runs (its process id was reused by another program), remove the entry named above.',
  },
  INTERRUPTED: {
    stage: 'build',
    message: 'The build was interrupted.',
    hint: 'Run the same command again: the harvest resumes where it stopped, and dist/ was left as it was.',
  },
  INTERNAL: {
    stage: 'build',
    message: 'The build failed unexpectedly.',
    hint: 'This is a bug in the publisher: please report it with the output above.',
  },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** A build failure with a catalogued code; `detail` says what happened this time (never a secret). */
export class BuildError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly stage: Stage;
  readonly hint: string;

  constructor(code: ErrorCode, detail: string, options?: { cause?: unknown; stage?: Stage }) {
    const spec: ErrorSpec = ERROR_CATALOGUE[code];
    super(
      detail ? `${spec.message} ${detail}` : spec.message,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'BuildError';
    this.code = code;
    this.detail = detail;
    // Codes that can happen anywhere (disk, bug) take the stage they happened in.
    this.stage = spec.stage === 'build' && options?.stage ? options.stage : spec.stage;
    this.hint = spec.hint;
  }

  get exitCode(): number {
    return exitCodeOf(this.code, this.stage);
  }
}

/** The exit code of a build stopped with `code` in `stage`: the stage's, but for an interruption or a busy cache. */
export function exitCodeOf(code: ErrorCode, stage: Stage): number {
  if (code === 'INTERRUPTED') return EXIT_CODES.interrupted;
  if (code === 'BUILD_BUSY' || code === 'DIST_BUSY') return EXIT_CODES.busy;
  return EXIT_CODES[stage];
}

const DISK_ERROR_CODES = new Set([
  'ENOSPC',
  'EACCES',
  'EPERM',
  'EROFS',
  'EMFILE',
  'EDQUOT',
  'EIO',
  'ENOTDIR',
  'EISDIR',
  'EEXIST',
]);

/** Turns anything thrown into a BuildError of the given stage, mapping file-system failures to DISK_ERROR. */
export function toBuildError(error: unknown, stage?: Stage): BuildError {
  if (error instanceof BuildError) {
    return error.stage === 'build' && stage && stage !== 'build'
      ? new BuildError(error.code, error.detail, { cause: error.cause, stage })
      : error;
  }
  const code = (error as { code?: unknown } | null)?.code;
  const options = { cause: error, ...(stage ? { stage } : {}) };
  if (typeof code === 'string' && DISK_ERROR_CODES.has(code)) {
    return new BuildError('DISK_ERROR', `${code}: ${(error as Error).message}`, options);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new BuildError('INTERNAL', message, options);
}
