// A minimal static server for measuring pages: folders answer with index.html, text is gzip-compressed (level
// 6, zlib's default, as common static hosts send it), so the sizes Chromium reports are what a visitor transfers.
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SERVED_TYPES } from '../../scripts/site/static-server.ts';

export interface SiteServer {
  url: string;
  close(): Promise<void>;
}

export async function serveSite(root: string): Promise<SiteServer> {
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      let file = path.join(root, path.normalize(`/${pathname}`));
      if (!file.startsWith(root)) file = path.join(root, '404.html');
      const info = await stat(file).catch(() => null);
      if (info?.isDirectory()) file = path.join(file, 'index.html');
      const body = await readFile(file).catch(() => null);
      if (!body) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const extension = path.extname(file);
      const headers: Record<string, string> = {
        'content-type': SERVED_TYPES.get(extension)?.mediaType ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      };
      const gzip =
        SERVED_TYPES.get(extension)?.text === true && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      const sent = gzip ? gzipSync(body) : body;
      if (gzip) headers['content-encoding'] = 'gzip';
      response.writeHead(200, { ...headers, 'content-length': String(sent.length) }).end(sent);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
