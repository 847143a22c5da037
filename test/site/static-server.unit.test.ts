// The preview and test server: folders answer with their index.html, a folder without "/" is redirected,
// unknown paths get the site's 404 page, nothing outside the root is served, text is gzip-compressed.
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type RunningStaticServer } from '../../scripts/site/static-server.ts';

let root: string;
let server: RunningStaticServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-static-'));
  await mkdir(path.join(root, 'site', '2014'), { recursive: true });
  await writeFile(path.join(root, 'secret.txt'), 'outside');
  await writeFile(path.join(root, 'site', 'index.html'), '<h1>home</h1>');
  await writeFile(path.join(root, 'site', '2014', 'index.html'), '<h1>2014</h1>');
  await writeFile(path.join(root, 'site', '404.html'), '<h1>not found</h1>');
  server = await startStaticServer({ root: path.join(root, 'site'), base: '/kpu/' });
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

/** A raw GET, so the path is sent exactly as written (fetch would normalize "/../"). */
function get(
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const call = request({ host: url.hostname, port: url.port, path: pathname, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    call.on('error', reject);
    call.end();
  });
}

describe('the static server', () => {
  it('serves a folder’s index.html under the base, and redirects a folder without its slash', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+\/kpu\/$/);
    expect((await get('/kpu/2014/')).body.toString()).toBe('<h1>2014</h1>');
    const redirect = await get('/kpu/2014?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/kpu/2014/?x=1');
  });

  it('answers unknown paths, paths outside the base and escapes from the root with the 404 page', async () => {
    for (const pathname of ['/kpu/nope/', '/2014/', '/kpu/../secret.txt', '/kpu/%2e%2e/secret.txt']) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.body.toString(), pathname).toBe('<h1>not found</h1>');
    }
  });

  it('compresses text for clients that accept gzip', async () => {
    const response = await get('/kpu/', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.body).toString()).toBe('<h1>home</h1>');
  });

  it('serves a file changed in place or replaced as it is now, compressed or not', async () => {
    const page = path.join(root, 'site', 'changing', 'index.html');
    await mkdir(path.dirname(page), { recursive: true });
    const read = async (): Promise<string[]> => {
      const [gzip, plain] = [await get('/kpu/changing/', { 'accept-encoding': 'gzip' }), await get('/kpu/changing/')];
      return [gunzipSync(gzip.body).toString(), plain.body.toString()];
    };
    await writeFile(page, '<h1>first</h1>');
    expect(await read()).toEqual(['<h1>first</h1>', '<h1>first</h1>']);
    expect(await read()).toEqual(['<h1>first</h1>', '<h1>first</h1>']);
    // The same size, written in place: a new modification time.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await writeFile(page, '<h1>other</h1>');
    expect(await read()).toEqual(['<h1>other</h1>', '<h1>other</h1>']);
    // Replaced by another file, as a build swaps its pages in.
    await writeFile(`${page}.new`, '<h1>third, longer</h1>');
    await rename(`${page}.new`, page);
    expect(await read()).toEqual(['<h1>third, longer</h1>', '<h1>third, longer</h1>']);
  });
});
