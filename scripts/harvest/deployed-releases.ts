// The deployed release history: when dist/ lacks its releases and no release archive holds them, the build reads
// the deployed site (KPU_SITE_URL) instead: data/releases.json, then each listed release's manifest.json, every file
// it lists and the descriptors, checksum and history files beside them, into a folder of the cache laid out as
// dist/data/ keeps them. Nothing of it is trusted: the release stage verifies that folder exactly as it verifies an
// archive (release-archive.ts, chooseReleaseSource). Only the harvest stage talks to the network; this is its step.
// What a release name is and which files a release folder holds are the release stage's to say: the caller passes
// them.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Agent, request } from 'undici';
import { BuildError } from '../errors.ts';
import { readResponseBody } from './response-body.ts';

interface DeployedReleasesOptions {
  /** KPU_SITE_URL, ending in "/". */
  siteUrl: string;
  /** The folder to fill (removed first); laid out as dist/data/. */
  outDir: string;
  /** Time allowed for one request, in milliseconds (KPU_TIMEOUT_MS). */
  timeoutMs: number;
  /** Bytes of one answer (KPU_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
  /** Bytes of every answer together (KPU_MAX_HARVEST_BYTES). */
  maxTotalBytes: number;
  signal?: AbortSignal;
  /** Whether a name in data/releases.json is a release name (release-history.ts, isReleaseName). */
  isReleaseName: (id: string) => boolean;
  /**
   * The files a release folder may hold by its parsed manifest.json, relative and "/"-separated (release-history.ts,
   * releaseFilesOf), or null when the manifest does not list its files by safe relative paths.
   */
  releaseFilesOf: (manifest: unknown) => string[] | null;
}

const RELEASES_FILE = 'releases.json';
const RELEASES_DIR = 'releases';

/** Redirects followed within the site's own origin; one to another host is refused. */
const MAX_REDIRECTS = 5;

/**
 * Fetches the deployed release history into `outDir`. Returns the release names fetched, or null when the site
 * answers 404 for data/releases.json (no history deployed; `outDir` is then absent). A network failure, a timeout,
 * a status other than 200 (or 404), a redirect to another origin or an answer beyond the bounds is
 * RELEASE_DEPLOYED_UNREACHABLE; a list or manifest that is not what a published history holds is
 * RELEASE_DEPLOYED_INVALID. A listed file the site answers 404 for is left out (the verification names it).
 * Only a user-agent and accept header are sent: never the upstream's key.
 */
export async function fetchDeployedReleases(options: DeployedReleasesOptions): Promise<string[] | null> {
  const { siteUrl, outDir, timeoutMs, maxResponseBytes, maxTotalBytes, signal, isReleaseName, releaseFilesOf } =
    options;
  const site = new URL(siteUrl);
  const agent = new Agent({ headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connectTimeout: timeoutMs });
  let total = 0;
  const dataUrl = new URL('data/', site);

  /** One file of data/: its bytes, or null for a 404. */
  async function get(relative: string): Promise<Buffer | null> {
    let url = new URL(relative.split('/').map(encodeURIComponent).join('/'), dataUrl);
    for (let redirects = 0; ; redirects++) {
      let status: number;
      let location: string | string[] | undefined;
      let read: Awaited<ReturnType<typeof readResponseBody>>;
      try {
        const response = await request(url, {
          method: 'GET',
          headers: { accept: '*/*', 'user-agent': 'kpu-open-data-publisher' },
          dispatcher: agent,
          signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]),
        });
        status = response.statusCode;
        location = response.headers.location;
        read = await readResponseBody(response.body, response.headers, maxResponseBytes);
      } catch (error) {
        if (signal?.aborted) throw new BuildError('INTERRUPTED', '');
        const code = (error as { code?: string }).code ?? (error as Error).name;
        throw new BuildError('RELEASE_DEPLOYED_UNREACHABLE', `${url.href}: no answer (${code}).`, { cause: error });
      }
      if (!read.ok)
        throw new BuildError(
          'RELEASE_DEPLOYED_UNREACHABLE',
          `${url.href}: ${read.detail}${read.reason === 'too-large' ? ' (KPU_MAX_RESPONSE_BYTES)' : ''}.`,
        );
      if (status >= 300 && status < 400 && typeof location === 'string') {
        const next = new URL(location, url);
        if (next.origin !== site.origin || redirects >= MAX_REDIRECTS)
          throw new BuildError(
            'RELEASE_DEPLOYED_UNREACHABLE',
            `${url.href} redirects to ${next.href}; only ${MAX_REDIRECTS} redirects within ${site.origin} are followed.`,
          );
        url = next;
        continue;
      }
      if (status === 404) return null;
      if (status !== 200)
        throw new BuildError('RELEASE_DEPLOYED_UNREACHABLE', `${url.href} answered ${status}, not 200 or 404.`);
      total += read.body.length;
      if (total > maxTotalBytes)
        throw new BuildError(
          'RELEASE_DEPLOYED_UNREACHABLE',
          `The deployed releases are more than the ${maxTotalBytes} bytes allowed (KPU_MAX_HARVEST_BYTES); stopped at ${url.href}.`,
        );
      return read.body;
    }
  }

  function parse<T>(relative: string, body: Buffer): T {
    try {
      return JSON.parse(body.toString('utf8')) as T;
    } catch {
      throw new BuildError('RELEASE_DEPLOYED_INVALID', `${new URL(relative, dataUrl).href} is not JSON.`);
    }
  }

  async function save(relative: string, body: Buffer): Promise<void> {
    const file = path.join(outDir, ...relative.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body, { flag: 'wx' });
  }

  try {
    await rm(outDir, { recursive: true, force: true });
    const listBody = await get(RELEASES_FILE);
    if (listBody === null) return null;
    const list = parse<unknown>(RELEASES_FILE, listBody);
    const ids = Array.isArray(list) ? list.map((entry) => (entry as { id?: unknown } | null)?.id) : null;
    if (ids === null || !ids.every((id): id is string => typeof id === 'string' && isReleaseName(id)))
      throw new BuildError(
        'RELEASE_DEPLOYED_INVALID',
        `${new URL(RELEASES_FILE, dataUrl).href} is not a list of releases with a release name each.`,
      );
    await mkdir(outDir, { recursive: true });
    await save(RELEASES_FILE, listBody);
    for (const id of new Set(ids)) {
      const folder = `${RELEASES_DIR}/${id}`;
      const manifestBody = await get(`${folder}/manifest.json`);
      if (manifestBody === null)
        throw new BuildError(
          'RELEASE_DEPLOYED_INVALID',
          `${new URL(`${folder}/manifest.json`, dataUrl).href} is missing (404), though data/${RELEASES_FILE} lists release ${id}.`,
        );
      const files = releaseFilesOf(parse<unknown>(`${folder}/manifest.json`, manifestBody));
      if (files === null)
        throw new BuildError(
          'RELEASE_DEPLOYED_INVALID',
          `${new URL(`${folder}/manifest.json`, dataUrl).href} does not list its files by relative paths.`,
        );
      await save(`${folder}/manifest.json`, manifestBody);
      for (const file of files.filter((name) => name !== 'manifest.json')) {
        const body = await get(`${folder}/${file}`);
        if (body !== null) await save(`${folder}/${file}`, body);
      }
    }
    return ids;
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  } finally {
    await agent.close();
  }
}
