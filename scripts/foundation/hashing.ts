// SHA-256, the one hash the publisher uses: of bytes in memory, and of a file read as a stream.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** A running SHA-256, for content that arrives in pieces. */
export function createSha256(): Hash {
  return createHash('sha256');
}

/** The SHA-256 of `data` (a string is UTF-8), as lower-case hex. */
export function sha256Hex(data: Buffer | Uint8Array | string): string {
  return createSha256().update(data).digest('hex');
}

/** SHA-256 and size of a file, read as a stream (published files can be hundreds of megabytes). */
export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createSha256();
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
