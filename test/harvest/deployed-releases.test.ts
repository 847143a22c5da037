// Fetching the deployed release history (deployed-releases.ts) from a real local HTTP server: a redirect to another
// host is refused, every answer and all of them together are bounded, a manifest naming a path outside its folder
// is refused before anything is fetched from that path, and no key or credential is ever sent.
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildError } from '../../scripts/errors.ts';
import { fetchDeployedReleases } from '../../scripts/harvest/deployed-releases.ts';
import { isReleaseName, releaseFilesOf } from '../../scripts/release/release-history.ts';

type Answer = { status: number; body?: string; headers?: Record<string, string> };

const servers: Server[] = [];
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
let root: string;

async function serve(answer: (url: string) => Answer): Promise<string> {
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    const { status, body = '', headers = {} } = answer(request.url ?? '');
    response.writeHead(status, headers).end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-deployed-'));
  seen.length = 0;
});
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

async function fetchFrom(siteUrl: string, bounds: { maxResponseBytes?: number; maxTotalBytes?: number } = {}) {
  return fetchDeployedReleases({
    siteUrl,
    outDir: path.join(root, 'deployed'),
    timeoutMs: 5_000,
    maxResponseBytes: bounds.maxResponseBytes ?? 1_000_000,
    maxTotalBytes: bounds.maxTotalBytes ?? 10_000_000,
    isReleaseName,
    releaseFilesOf,
  });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BuildError);
  return (error as BuildError).code;
}

const RELEASE = '2026-11-22-3f9a1c0e';
const LIST = JSON.stringify([{ id: RELEASE, fingerprint: 'x', harvestedAt: '', records: {} }]);

describe('fetching the deployed release history', () => {
  it('refuses a redirect to another host, and follows one within the site', async () => {
    const elsewhere = await serve(() => ({ status: 200, body: '[]' }));
    const site = await serve((url) =>
      url === '/data/releases.json'
        ? { status: 302, headers: { location: `${elsewhere}data/releases.json` } }
        : { status: 404 },
    );
    expect(await codeOf(fetchFrom(site))).toBe('RELEASE_DEPLOYED_UNREACHABLE');
    expect(seen.map((request) => request.url)).toEqual(['/data/releases.json']);
    expect(existsSync(path.join(root, 'deployed'))).toBe(false);

    const moved = await serve((url) =>
      url === '/site/data/releases.json'
        ? { status: 200, body: '[]' }
        : url === '/data/releases.json'
          ? { status: 301, headers: { location: '/site/data/releases.json' } }
          : { status: 404 },
    );
    expect(await fetchFrom(moved)).toEqual([]);
  });

  it('bounds each answer and all of them together', async () => {
    const site = await serve((url) =>
      url === '/data/releases.json'
        ? { status: 200, body: LIST }
        : url === `/data/releases/${RELEASE}/manifest.json`
          ? { status: 200, body: JSON.stringify({ files: [{ path: 'a.csv' }] }) }
          : url === `/data/releases/${RELEASE}/a.csv`
            ? { status: 200, body: 'x'.repeat(5_000) }
            : { status: 404 },
    );
    expect(await codeOf(fetchFrom(site, { maxResponseBytes: 4_000 }))).toBe('RELEASE_DEPLOYED_UNREACHABLE');
    expect(await codeOf(fetchFrom(site, { maxTotalBytes: 4_000 }))).toBe('RELEASE_DEPLOYED_UNREACHABLE');
    expect(await fetchFrom(site)).toEqual([RELEASE]);
    expect(existsSync(path.join(root, 'deployed', 'releases', RELEASE, 'a.csv'))).toBe(true);
    // Only an agent and what it accepts: no key, no cookie, no authorization.
    for (const { headers } of seen) {
      expect(
        Object.keys(headers).filter((name) => !['host', 'connection', 'accept', 'user-agent'].includes(name)),
      ).toEqual([]);
    }
  });

  it('refuses a manifest naming a path outside its folder, and a status other than 200 or 404', async () => {
    const escaping = await serve((url) =>
      url === '/data/releases.json'
        ? { status: 200, body: LIST }
        : url === `/data/releases/${RELEASE}/manifest.json`
          ? { status: 200, body: JSON.stringify({ files: [{ path: '../../../outside.txt' }] }) }
          : { status: 200, body: 'outside' },
    );
    expect(await codeOf(fetchFrom(escaping))).toBe('RELEASE_DEPLOYED_INVALID');
    expect(seen.some((request) => request.url.includes('outside'))).toBe(false);
    expect(existsSync(path.join(root, 'deployed'))).toBe(false);

    const failing = await serve(() => ({ status: 503 }));
    expect(await codeOf(fetchFrom(failing))).toBe('RELEASE_DEPLOYED_UNREACHABLE');
    const absent = await serve(() => ({ status: 404 }));
    expect(await fetchFrom(absent)).toBeNull();
  });
});
