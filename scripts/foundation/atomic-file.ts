// Every stage's way of writing a file: written whole under a temporary name and renamed into place (same
// folder), so readers see the old content or the new one, and an interrupted build never leaves a truncated
// file that looks complete.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
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
export async function writeChunksToFile(
  path: string,
  chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
): Promise<void> {
  await writeFileAtomically(path, (stream) => pipeline(Readable.from(chunks, { objectMode: false }), stream));
}

/**
 * Writes `data` (a string is UTF-8) to `path` atomically. One write call, no stream: the harvest writes two files a
 * page, two thousand a million records, and a stream per file cost it about a tenth of its time.
 */
export async function writeFileAtomic(path: string, data: Buffer | string): Promise<void> {
  const partial = partialPathOf(path);
  try {
    await writeFile(partial, data);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
