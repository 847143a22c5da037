// The stand-in upstream's plumbing over node:http: the key compared in constant time, a request's body, a
// response's backpressure, a server listening.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Whether the key sent equals the expected one, compared in constant time. */
export function sameKey(given: string | undefined, expected: Buffer): boolean {
  if (given === undefined) return false;
  const buffer = Buffer.from(given);
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}

/** Resolves when a response that refused a write can take more, or is closed; leaves no listener behind. */
export function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** Reads a request body; POST parameters may come as a JSON object as well as in the query string. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Resolves once `server` listens on `host`:`port`; rejects with the error that kept it from listening. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
