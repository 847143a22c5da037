// The snapshot writers' only contact with the file system: a file is written whole under a temporary name and
// renamed into place, so an interrupted build never leaves a truncated file that looks complete.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The temporary name a file is written under until it is complete. */
export function partialPathOf(path: string): string {
  return `${path}.partial`;
}

/** Writes `fill`'s output to `path` atomically; `fill` gets a stream to write to and resolves when it has ended it. */
export async function writeFileAtomically(path: string, fill: (stream: WriteStream) => Promise<void>): Promise<void> {
  const partial = partialPathOf(path);
  try {
    await fill(createWriteStream(partial));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Writes the chunks (strings are UTF-8) to `path` atomically, honouring back-pressure. */
export async function writeChunksToFile(path: string, chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>): Promise<void> {
  await writeFileAtomically(path, (stream) => pipeline(Readable.from(chunks, { objectMode: false }), stream));
}

/** SHA-256 and size of a file, read as a stream (published files can be hundreds of megabytes). */
export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
