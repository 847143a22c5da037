// The one static file server, for the published folder (npm run preview), the site tests and the benchmark's page
// measurements: folders answer with their index.html, a folder without its "/" is redirected, unknown paths get
// 404.html, and text is gzip-compressed (zlib's default level 6, as common static hosts send it) when the client
// accepts it, so the transfer sizes Chromium reports are what a visitor transfers.
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { servedExtensions } from '../formats.ts';

export interface StaticServerOptions {
  /** The folder to serve (dist/, which may be a symlink). */
  root: string;
  /** Default 0: an ephemeral port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** URL path the site lives under, as given to the site stage; default "/". */
  base?: string;
}

export interface RunningStaticServer {
  /** The site's URL, base included, ending in "/". */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The site's own file types; the published formats' come from the formats registry. */
const SITE_TYPES: Record<string, { mediaType: string; text: boolean }> = {
  '.html': { mediaType: 'text/html; charset=utf-8', text: true },
  '.css': { mediaType: 'text/css; charset=utf-8', text: true },
  '.js': { mediaType: 'text/javascript; charset=utf-8', text: true },
  '.svg': { mediaType: 'image/svg+xml', text: true },
  '.txt': { mediaType: 'text/plain; charset=utf-8', text: true },
  // sitemap.xml and the Atom feeds (feed.xml), as static hosts serve .xml.
  '.xml': { mediaType: 'application/xml; charset=utf-8', text: true },
  '.png': { mediaType: 'image/png', text: false },
  '.ico': { mediaType: 'image/x-icon', text: false },
  '.woff2': { mediaType: 'font/woff2', text: false },
};

/** Every file type a published site serves, by extension: the site's own, then the formats registry's. */
const SERVED_TYPES: ReadonlyMap<string, { mediaType: string; text: boolean }> = new Map([
  ...Object.entries(SITE_TYPES),
  ...servedExtensions(),
]);

/** Files compressed on the fly: text (and files without an extension, SHA256SUMS). Parquet, Arrow and ZIP are sent as they are. */
const COMPRESSIBLE = new Set([
  '',
  ...[...SERVED_TYPES].filter(([, type]) => type.text).map(([extension]) => extension),
]);

function mediaTypeOf(file: string): string {
  const name = path.basename(file);
  if (name === 'SHA256SUMS') return 'text/plain; charset=utf-8';
  return SERVED_TYPES.get(path.extname(file))?.mediaType ?? 'application/octet-stream';
}

async function fileStat(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

/** What answers a path: a file (the page, or 404.html with status 404), a redirect, or nothing at all. */
type Resolved =
  | { kind: 'file'; file: string; stats: Stats; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing' };

/** The file a path under `base` names: a folder's index.html (a folder without its "/" is redirected), else 404.html. */
async function resolveFile(root: string, base: string, pathname: string, search: string): Promise<Resolved> {
  const inside = pathname.startsWith(base) ? pathname.slice(base.length) : null;
  // Normalizing first and checking the prefix after keeps "/../" from leaving the root.
  let file = inside === null ? null : path.join(root, path.normalize(`/${inside}`));
  if (file !== null && !file.startsWith(root)) file = null;
  let stats = file === null ? null : await fileStat(file);
  if (file !== null && stats?.isDirectory()) {
    if (!pathname.endsWith('/')) return { kind: 'redirect', location: `${pathname}/${search}` };
    file = path.join(file, 'index.html');
    stats = await fileStat(file);
  }
  if (file !== null && stats?.isFile()) return { kind: 'file', file, stats, status: 200 };
  const notFound = path.join(root, '404.html');
  const notFoundStats = await fileStat(notFound);
  if (notFoundStats?.isFile()) return { kind: 'file', file: notFound, stats: notFoundStats, status: 404 };
  return { kind: 'missing' };
}

/** A file up to this size keeps its compressed body for the next request of it (GzipCache). */
const GZIP_CACHE_FILE_BYTES = 1024 * 1024;
/** The compressed bodies one server keeps, in all. */
const GZIP_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Compressed bodies already made, by file, size, modification time and inode (a file replaced or changed is
 * compressed again), up to GZIP_CACHE_BYTES, the oldest let go first. Every page asks again for the same stylesheet
 * and script (sent `no-cache`, with no validators, so that every transfer is whole), and the site tests load each
 * page several times: compressing on every request was 0.35 s of the 5.5 s of CPU the real-data site's browser
 * tests spent in their own process.
 */
class GzipCache {
  readonly #bodies = new Map<string, Buffer>();
  #bytes = 0;

  async body(file: string, stats: Stats): Promise<Buffer> {
    if (stats.size > GZIP_CACHE_FILE_BYTES) return gzipSync(await readFile(file));
    const key = `${file}\0${stats.size}\0${stats.mtimeMs}\0${stats.ino}`;
    const kept = this.#bodies.get(key);
    if (kept !== undefined) return kept;
    const body = gzipSync(await readFile(file));
    this.#bodies.set(key, body);
    this.#bytes += body.length;
    for (const [oldest, old] of this.#bodies) {
      if (this.#bytes <= GZIP_CACHE_BYTES) break;
      this.#bodies.delete(oldest);
      this.#bytes -= old.length;
    }
    return body;
  }
}

/** Sends a file, gzip-compressed when it is text and the client accepts gzip; headers only for HEAD. */
async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  { file, stats, status }: Extract<Resolved, { kind: 'file' }>,
  compressed: GzipCache,
): Promise<void> {
  const headers: Record<string, string> = { 'content-type': mediaTypeOf(file), 'cache-control': 'no-cache' };
  const gzip =
    COMPRESSIBLE.has(path.extname(file)) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (gzip) {
    const body = await compressed.body(file, stats);
    response.writeHead(status, {
      ...headers,
      'content-encoding': 'gzip',
      'content-length': String(body.length),
      vary: 'accept-encoding',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  response.writeHead(status, { ...headers, 'content-length': String(stats.size) });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
}

async function answer(
  root: string,
  base: string,
  compressed: GzipCache,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    response.writeHead(400).end();
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const resolved = await resolveFile(root, base, pathname, url.search);
  if (resolved.kind === 'redirect') response.writeHead(301, { location: resolved.location }).end();
  else if (resolved.kind === 'missing')
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
  else await sendFile(request, response, resolved, compressed);
}

export async function startStaticServer(options: StaticServerOptions): Promise<RunningStaticServer> {
  const root = path.resolve(options.root);
  const base = (options.base ?? '/').replace(/\/?$/, '/');
  const compressed = new GzipCache();
  const server: Server = createServer((request, response) => {
    answer(root, base, compressed, request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}${base}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
