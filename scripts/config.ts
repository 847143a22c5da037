// The publisher's configuration: one schema, read from the environment and validated at start,
// naming the bad variable. Nothing else in scripts/ reads process.env.
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { BuildError } from './errors.ts';
import { createSecretMatcher } from './log/secret-forms.ts';

type HttpMethod = 'GET' | 'POST';

export interface UpstreamConfig {
  /** Base URL of the upstream; null means "no upstream configured: serve the synthetic demo". */
  baseUrl: URL | null;
  /** Secret: sent only in the x-api-key header. */
  apiKey: string | null;
  method: HttpMethod;
  pageSize: number;
  concurrency: number;
  /** Pause between the start of two requests, in milliseconds. */
  pauseMs: number;
  /** Retries of one request after the first attempt. */
  retries: number;
  /** First backoff delay, in milliseconds; doubles each retry, with full jitter. */
  retryBaseMs: number;
  /** The longest the harvester waits before a retry, Retry-After included, in milliseconds. */
  retryMaxDelayMs: number;
  /** Time allowed for one request (headers and body), in milliseconds. */
  timeoutMs: number;
  maxPages: number;
  /** The least and the most the pause grows to after 429s, in milliseconds (defaults in upstream-client.ts; tests shorten them). */
  throttleFloorMs?: number;
  throttleCeilingMs?: number;
  limits: HarvestLimits;
}

/** The bounds on what the upstream may send (docs/upstream.md, "Limits"); each breach fails with its own code. */
export interface HarvestLimits {
  /** Bytes of one answer, as received and again after Content-Encoding is decoded. */
  maxResponseBytes: number;
  /** Characters of one record value (or field name). */
  maxFieldChars: number;
  /** Nesting of one answer, the envelope included: `{"data":[{"f":"v"}]}` is 3. */
  maxJsonDepth: number;
  /** Records of one dataset. */
  maxRecords: number;
  /** Distinct values of one dataset's election year field. */
  maxYears: number;
  /** Bytes of every page body one harvest keeps, both datasets together. */
  maxHarvestBytes: number;
}

export interface PublisherConfig {
  upstream: UpstreamConfig;
  cacheDir: string;
  distDir: string;
  /** URL path the site is served under; starts and ends with "/". */
  siteBase: string;
  /** Share of a dataset-year's published records a new harvest may lose without RELEASE_SHRANK, in percent. */
  shrinkTolerancePercent: number;
  /** A folder outside the CI cache keeping every release (the `data` branch in CI); null: none. */
  releaseArchiveDir: string | null;
  /** Where the site is published, ending in "/" (the datapackage's homepage, the citations' permanent URLs); null: unset. */
  siteUrl: string | null;
  /** KPU_REPORT_URL: where visitors report an error in the data or the site (every page's footer links it); null: unset. */
  reportUrl: string | null;
  /** KPU_SOURCE_URL: the upstream as the datapackage and the citations name it; null: the harvested upstream's origin. */
  sourceUrl: string | null;
}

/** The limits' defaults: far above the real data (thousands of records, a few election years, megabytes), far below harm. */
export const DEFAULT_HARVEST_LIMITS: Readonly<HarvestLimits> = {
  maxResponseBytes: 64 * 1024 * 1024,
  maxFieldChars: 10_000,
  maxJsonDepth: 64,
  maxRecords: 5_000_000,
  maxYears: 50,
  maxHarvestBytes: 4 * 1024 ** 3,
};

interface VariableSpec {
  name: string;
  default: string;
  description: string;
}

/** Every configuration variable, documented in README.md (a test checks it). */
export const CONFIG_VARIABLES: readonly VariableSpec[] = [
  {
    name: 'KPU_BASE_URL',
    default: '(unset: demo)',
    description:
      'Base URL of the upstream API. Unset (and no KPU_API_KEY): the build serves the synthetic demo data from the stand-in upstream.',
  },
  {
    name: 'KPU_API_KEY',
    default: '(required with KPU_BASE_URL)',
    description: 'The API key, sent only in the x-api-key header; never written or printed.',
  },
  { name: 'KPU_HTTP_METHOD', default: 'GET', description: 'HTTP method of the queries: GET or POST.' },
  {
    name: 'KPU_PAGE_SIZE',
    default: '1000',
    description: 'Records asked for per page (`limit`). The upstream may silently send fewer.',
  },
  { name: 'KPU_CONCURRENCY', default: '2', description: 'Requests in flight at once.' },
  {
    name: 'KPU_PAUSE_MS',
    default: '0',
    description: 'Pause between the starts of two requests, in milliseconds; grows by itself after a 429.',
  },
  {
    name: 'KPU_RETRIES',
    default: '5',
    description: 'Retries of one request after a network error, timeout, 408, 429 or 5xx.',
  },
  {
    name: 'KPU_RETRY_BASE_MS',
    default: '500',
    description: 'First backoff delay in milliseconds; doubles each retry, with full jitter.',
  },
  {
    name: 'KPU_RETRY_MAX_DELAY_MS',
    default: '60000',
    description: 'Longest wait before one retry, Retry-After included; a longer Retry-After fails the harvest.',
  },
  { name: 'KPU_TIMEOUT_MS', default: '30000', description: 'Time allowed for one request, in milliseconds.' },
  {
    name: 'KPU_MAX_PAGES',
    default: '100000',
    description: 'Page cap per dataset: the harvest fails rather than page forever.',
  },
  {
    name: 'KPU_MAX_RESPONSE_BYTES',
    default: '67108864',
    description:
      'Largest answer in bytes (64 MiB), as received and after gzip/deflate/br decoding; a larger one is cut off and fails the harvest (1024 to 536870912).',
  },
  {
    name: 'KPU_MAX_FIELD_CHARS',
    default: '10000',
    description:
      'Longest record value (or field name) in characters; a longer one fails the harvest (100 to 100000000).',
  },
  {
    name: 'KPU_MAX_JSON_DEPTH',
    default: '64',
    description: 'Deepest nesting of an answer, the envelope included (3 to 512); deeper fails the harvest.',
  },
  {
    name: 'KPU_MAX_RECORDS',
    default: '5000000',
    description: 'Most records per dataset; more fail the harvest (1 to 1000000000).',
  },
  {
    name: 'KPU_MAX_YEARS',
    default: '50',
    description: 'Most distinct election years per dataset; more fail the harvest (1 to 10000).',
  },
  {
    name: 'KPU_MAX_HARVEST_BYTES',
    default: '4294967296',
    description:
      'Most bytes of page bodies one harvest keeps in the cache (4 GiB), both datasets together; more fail the harvest (1048576 to 1099511627776).',
  },
  {
    name: 'KPU_CACHE_DIR',
    default: '.cache',
    description: 'Where harvests (raw pages and their manifests) and intermediate stage outputs are kept.',
  },
  { name: 'KPU_DIST_DIR', default: 'dist', description: 'The published folder.' },
  {
    name: 'KPU_SHRINK_TOLERANCE',
    default: '10',
    description:
      "Percentage of a dataset-year's published records a new harvest may lose; more (or a year or dataset gone, or a dataset with no records) fails with RELEASE_SHRANK unless --accept-shrink. 0 to 100, decimals allowed.",
  },
  {
    name: 'KPU_RELEASE_ARCHIVE_DIR',
    default: '(unset: no archive)',
    description:
      'A folder keeping every release outside the cache (in CI a checkout of the `data` branch): restored from when dist/ lacks its releases, and added to after each publish.',
  },
  {
    name: 'KPU_SITE_BASE',
    default: '(the path of KPU_SITE_URL; / when that is unset)',
    description:
      'URL path the site is served under, e.g. /kpu-data/ for a project page on GitHub Pages. When KPU_SITE_URL is set as well, its path must be this one (CONFIG_INVALID otherwise), so every link and the canonical address agree; leave it unset to follow KPU_SITE_URL.',
  },
  {
    name: 'KPU_SITE_URL',
    default: '(unset: no homepage, permanent URL or sitemap)',
    description:
      "The site's public address, e.g. https://example.org/kpu-data/: datapackage.json's homepage, the citations' permanent URL of each release (its folder under data/releases/), and the site's canonical links, og:url, og:image (the social cards), absolute hreflang alternates, sitemap.xml and robots.txt's Sitemap line. When dist/ holds no release and no release archive does, a build of the real upstream (not the demo) fetches the deployed data/releases.json and release folders from it, verifies them against their manifests and continues that history (a 404 there: a first release).",
  },
  {
    name: 'KPU_REPORT_URL',
    default: '(unset: no report link)',
    description:
      "Where visitors report an error in the data or on the site, e.g. an issue tracker's new-issue page or a form: an http:// or https:// address without credentials (a query is allowed, for a form's fields). Every page's footer links it, in the page's language; unset, the pages have no such link.",
  },
  {
    name: 'KPU_SOURCE_URL',
    default: '(the origin of the harvested upstream; none for the demo)',
    description:
      'The upstream as datapackage.json and the citation files name it (`sources`); set it when the API host is not the address to cite. Unset while the upstream is on this machine (localhost, 127.x, a stand-in or a tunnel), the build says in its output that the files cite that address.',
  },
];

type Environment = Record<string, string | undefined>;

function readInteger(env: Environment, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new BuildError('CONFIG_INVALID', `${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  }
  return Number(raw);
}

function readBaseUrl(env: Environment): URL | null {
  const raw = env.KPU_BASE_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BuildError('CONFIG_INVALID', 'KPU_BASE_URL is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BuildError('CONFIG_INVALID', 'KPU_BASE_URL must start with http:// or https://.');
  }
  if (url.username || url.password || url.search) {
    // Credentials or a query in the base URL would end up in every logged URL.
    throw new BuildError(
      'CONFIG_INVALID',
      'KPU_BASE_URL must not carry credentials or a query; put the key in KPU_API_KEY.',
    );
  }
  return url;
}

const SITE_BASE_PATTERN = /^\/([A-Za-z0-9._~-]+\/)*$/;

/**
 * KPU_SITE_BASE, or the path of the site's address (KPU_SITE_URL, ending in "/") when it is unset: the links of
 * the pages and downloads start where the canonical links say the site is. Both set and different: refused.
 */
function readSiteBase(env: Environment, siteUrl: string | null): string {
  const urlPath = siteUrl === null ? null : new URL(siteUrl).pathname;
  const given = env.KPU_SITE_BASE?.trim();
  if (!given) {
    if (urlPath !== null && !SITE_BASE_PATTERN.test(urlPath))
      throw new BuildError(
        'CONFIG_INVALID',
        `KPU_SITE_URL's path "${urlPath}" cannot be the site's base path (KPU_SITE_BASE unset): letters, digits and . _ ~ - between slashes only.`,
      );
    return urlPath ?? '/';
  }
  if (!SITE_BASE_PATTERN.test(given)) {
    throw new BuildError(
      'CONFIG_INVALID',
      `KPU_SITE_BASE must be a URL path that starts and ends with "/", like /kpu-data/, not "${given}".`,
    );
  }
  if (urlPath !== null && urlPath !== given)
    throw new BuildError(
      'CONFIG_INVALID',
      `KPU_SITE_BASE is "${given}" but KPU_SITE_URL's path is "${urlPath}": the links would not start where the site is. Make them agree, or leave KPU_SITE_BASE unset to follow KPU_SITE_URL.`,
    );
  return given;
}

/** An absolute http(s) URL from `name`, or null when unset; no credentials or query (it is published). */
function readPublicUrl(env: Environment, name: string): URL | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // Reported below.
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search)
    throw new BuildError(
      'CONFIG_INVALID',
      // The value is not repeated: it may hold credentials.
      `${name} must be an http:// or https:// address without credentials or a query.`,
    );
  return url;
}

function readSiteUrl(env: Environment): string | null {
  const url = readPublicUrl(env, 'KPU_SITE_URL');
  if (!url) return null;
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/**
 * KPU_REPORT_URL, or null: an http(s) address without credentials, published on every page. A query is allowed (a
 * new-issue page or a form takes its fields there), unlike the other addresses, which the build extends with paths.
 */
function readReportUrl(env: Environment): string | null {
  const raw = env.KPU_REPORT_URL?.trim();
  if (!raw) return null;
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new BuildError(
      'CONFIG_INVALID',
      // The value is not repeated: it may hold credentials.
      'KPU_REPORT_URL must be an http:// or https:// address without credentials.',
    );
  return url.href;
}

/** KPU_SOURCE_URL, or null: the snapshot stage then names the harvested upstream's origin (never a path or a key). */
function readSourceUrl(env: Environment): string | null {
  return readPublicUrl(env, 'KPU_SOURCE_URL')?.href ?? null;
}

function readPercentage(env: Environment, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(raw) || Number(raw) > 100) {
    throw new BuildError(
      'CONFIG_INVALID',
      `${name} must be a percentage from 0 to 100 (like 10 or 2.5), not "${raw}".`,
    );
  }
  return Number(raw);
}

/** Reads and validates the configuration; throws CONFIG_INVALID naming the first bad variable. */
export function loadConfig(env: Environment = process.env, cwd: string = process.cwd()): PublisherConfig {
  const baseUrl = readBaseUrl(env);
  const apiKey = env.KPU_API_KEY && env.KPU_API_KEY.length > 0 ? env.KPU_API_KEY : null;
  if (baseUrl && !apiKey) {
    throw new BuildError('CONFIG_INVALID', 'KPU_API_KEY is required when KPU_BASE_URL is set.');
  }
  // A key with no upstream to send it to is a mistake (a variable missing in a scheduled job, say): building the
  // demo then would publish synthetic figures where real ones were meant.
  if (apiKey && !baseUrl) {
    throw new BuildError(
      'CONFIG_INVALID',
      'KPU_API_KEY is set but KPU_BASE_URL is not: set both to harvest the upstream, or neither for the demo.',
    );
  }
  if (apiKey && !/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new BuildError(
      'CONFIG_INVALID',
      'KPU_API_KEY must be printable ASCII without spaces (it is sent as a header).',
    );
  }
  if (baseUrl && apiKey && createSecretMatcher([apiKey])?.find(baseUrl.href)) {
    // In the path (or the host), in any of the forms the redactor knows (percent-encoded, hex, base64, any case), the
    // key would be in every request line, every logged URL and the harvest's stored parameters; the header is its only
    // place.
    throw new BuildError(
      'CONFIG_INVALID',
      'KPU_BASE_URL holds the API key; put the key in KPU_API_KEY only (it is sent as the x-api-key header).',
    );
  }
  const method = (env.KPU_HTTP_METHOD?.trim() || 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'POST') {
    throw new BuildError('CONFIG_INVALID', `KPU_HTTP_METHOD must be GET or POST, not "${method}".`);
  }
  const retryBaseMs = readInteger(env, 'KPU_RETRY_BASE_MS', 500, 0, 600_000);
  const retryMaxDelayMs = readInteger(env, 'KPU_RETRY_MAX_DELAY_MS', 60_000, 0, 3_600_000);
  return {
    upstream: {
      baseUrl,
      apiKey,
      method,
      pageSize: readInteger(env, 'KPU_PAGE_SIZE', 1000, 1, 1_000_000),
      concurrency: readInteger(env, 'KPU_CONCURRENCY', 2, 1, 32),
      pauseMs: readInteger(env, 'KPU_PAUSE_MS', 0, 0, 600_000),
      retries: readInteger(env, 'KPU_RETRIES', 5, 0, 100),
      retryBaseMs,
      retryMaxDelayMs: Math.max(retryMaxDelayMs, retryBaseMs),
      timeoutMs: readInteger(env, 'KPU_TIMEOUT_MS', 30_000, 1, 3_600_000),
      maxPages: readInteger(env, 'KPU_MAX_PAGES', 100_000, 1, 100_000_000),
      ...readTestThrottle(env),
      limits: {
        // A body becomes one string, and V8 strings stop at about 2^29 characters.
        maxResponseBytes: readInteger(
          env,
          'KPU_MAX_RESPONSE_BYTES',
          DEFAULT_HARVEST_LIMITS.maxResponseBytes,
          1024,
          512 * 1024 * 1024,
        ),
        maxFieldChars: readInteger(env, 'KPU_MAX_FIELD_CHARS', DEFAULT_HARVEST_LIMITS.maxFieldChars, 100, 100_000_000),
        // 3: the envelope, `data`'s array and a record; 512 keeps every recursive walk of a record (JSON.parse's
        // reviver, JSON.stringify with a replacer) far from the stack's end, which 3,000 levels reached.
        maxJsonDepth: readInteger(env, 'KPU_MAX_JSON_DEPTH', DEFAULT_HARVEST_LIMITS.maxJsonDepth, 3, 512),
        maxRecords: readInteger(env, 'KPU_MAX_RECORDS', DEFAULT_HARVEST_LIMITS.maxRecords, 1, 1_000_000_000),
        maxYears: readInteger(env, 'KPU_MAX_YEARS', DEFAULT_HARVEST_LIMITS.maxYears, 1, 10_000),
        maxHarvestBytes: readInteger(
          env,
          'KPU_MAX_HARVEST_BYTES',
          DEFAULT_HARVEST_LIMITS.maxHarvestBytes,
          1024 * 1024,
          1024 ** 4,
        ),
      },
    },
    siteBase: readSiteBase(env, readSiteUrl(env)),
    cacheDir: path.resolve(cwd, env.KPU_CACHE_DIR?.trim() || '.cache'),
    distDir: path.resolve(cwd, env.KPU_DIST_DIR?.trim() || 'dist'),
    shrinkTolerancePercent: readPercentage(env, 'KPU_SHRINK_TOLERANCE', 10),
    releaseArchiveDir: env.KPU_RELEASE_ARCHIVE_DIR?.trim()
      ? path.resolve(cwd, env.KPU_RELEASE_ARCHIVE_DIR.trim())
      : null,
    siteUrl: readSiteUrl(env),
    sourceUrl: readSourceUrl(env),
    reportUrl: readReportUrl(env),
  };
}

/**
 * Variables for the test suite only (README, "Development"), never for a real build: the throttle's floor and ceiling,
 * shortened so a test of persistent 429s takes a second, the
 * named point where a test kills the build, and a test's own datasets.
 */
export const TEST_VARIABLES: readonly VariableSpec[] = [
  {
    name: 'KPU_TEST_THROTTLE_FLOOR_MS',
    default: '250',
    description: 'Tests only: the least the pause between request starts grows to after a 429.',
  },
  { name: 'KPU_TEST_THROTTLE_CEILING_MS', default: '10000', description: 'Tests only: the most it grows to.' },
  {
    name: 'KPU_TEST_KILL_AT',
    default: '(unset)',
    description:
      'Tests only: `point` or `point#n`; the CLI kills itself with SIGKILL the n-th time (first by default) it reaches that kill point (scripts/kill-point.ts).',
  },
  {
    name: 'KPU_TEST_DATASETS',
    default: '(unset)',
    description:
      'Tests only: the absolute path of a module whose default export lists datasets declared beside the shipped ones (scripts/datasets/datasets.ts); the site stage hands it to the Astro build.',
  },
];

function readTestThrottle(env: Environment): Pick<UpstreamConfig, 'throttleFloorMs' | 'throttleCeilingMs'> {
  const floor = env.KPU_TEST_THROTTLE_FLOOR_MS?.trim()
    ? readInteger(env, 'KPU_TEST_THROTTLE_FLOOR_MS', 0, 1, 600_000)
    : undefined;
  const ceiling = env.KPU_TEST_THROTTLE_CEILING_MS?.trim()
    ? readInteger(env, 'KPU_TEST_THROTTLE_CEILING_MS', 0, 1, 600_000)
    : undefined;
  return {
    ...(floor === undefined ? {} : { throttleFloorMs: floor }),
    ...(ceiling === undefined ? {} : { throttleCeilingMs: ceiling }),
  };
}

/** The kill point a test asked for (KPU_TEST_KILL_AT), or null: always null outside tests. */
export function readTestKillPoint(env: Environment = process.env): { point: string; nth: number } | null {
  const raw = env.KPU_TEST_KILL_AT?.trim();
  if (!raw) return null;
  const match = /^([a-z]+:[a-z-]+)(?:#(\d+))?$/.exec(raw);
  if (!match)
    throw new BuildError(
      'CONFIG_INVALID',
      `KPU_TEST_KILL_AT must be a kill point such as publish:swapped or publish:placing#3, not "${raw}".`,
    );
  return { point: match[1] as string, nth: Number(match[2] ?? '1') };
}

/** The module of extra datasets a test declared (KPU_TEST_DATASETS), or null: always null outside tests. */
export function readTestDatasetsModule(env: Environment = process.env): string | null {
  const raw = env.KPU_TEST_DATASETS?.trim();
  if (!raw) return null;
  if (!path.isAbsolute(raw))
    throw new BuildError('CONFIG_INVALID', `KPU_TEST_DATASETS must be an absolute path to a module, not "${raw}".`);
  return raw;
}

/**
 * Node's own compile cache folder (NODE_COMPILE_CACHE), or null: passed on to the Astro build's process, whose
 * environment is otherwise only what the site stage gives it (without it, the site stage's own folder:
 * scripts/site/astro-compile-cache.ts).
 */
export function readNodeCompileCache(env: Environment = process.env): string | null {
  const raw = env.NODE_COMPILE_CACHE?.trim();
  return raw ? raw : null;
}

/**
 * The environment of a process or thread the build starts (a stage's process, the DuckDB file's, the harvest's page
 * reader): the build's own, with the folder of its compile cache, when the cache is on, in NODE_COMPILE_CACHE, so that
 * the child reads every module from the cache from its first on, its entry and the entry's imports included; a cache
 * the child's own code turned on would come after those were type-stripped and compiled anew, and a thread does not
 * share its process's (foundation/compile-cache.ts). The folder is the one Node chose for this process
 * (module.getCompileCacheDir names the subfolder it keeps there for a Node version and its flags).
 */
export function childEnv(env: Environment = process.env): Environment {
  if (module.getCompileCacheDir() === undefined) return env;
  return { ...env, NODE_COMPILE_CACHE: readNodeCompileCache(env) ?? path.join(os.tmpdir(), 'node-compile-cache') };
}

/** Whether Node's compile cache is turned off (NODE_DISABLE_COMPILE_CACHE=1, Node's own switch): also the Astro process's. */
export function readNodeCompileCacheDisabled(env: Environment = process.env): boolean {
  return env.NODE_DISABLE_COMPILE_CACHE?.trim() === '1';
}

/** Whether the terminal can show live progress; CI logs get quiet line output instead. */
export function detectTerminal(env: Environment = process.env, stream: { isTTY?: boolean } = process.stderr): boolean {
  return stream.isTTY === true && !env.CI && env.TERM !== 'dumb';
}
