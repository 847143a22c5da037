// A new file written from ranges of others and a few new bytes, without holding any in memory: how the snapshot
// stage joins the year files into the all-years file, which at a million records is hundreds of megabytes (over
// 2 GiB readFile refuses), and how the release stage and the site read parts of files.
import { open, type FileHandle } from 'node:fs/promises';
import { writeChunksToFile } from './atomic-file.ts';

/** Random access to a file's bytes. */
export interface ByteSource {
  size: number;
  /** Bytes [start, end). */
  read(start: number, end: number): Promise<Buffer>;
}

/** New bytes, or the range [start, end) of the source. */
type Part = Buffer | { start: number; end: number };

/** Ranges are copied this much at a time. */
const COPY_CHUNK = 8 * 1024 * 1024;

/** Fills `buffer` from `length` bytes at `position` of an open file, reading until they are all there. */
async function readFully(handle: FileHandle, buffer: Buffer, length: number, position: number): Promise<void> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) throw new Error('unexpected end of file');
    done += bytesRead;
  }
}

/** The bytes [start, end) of an open file, read until they are all there; a file shorter than `end` throws. */
export async function readFileRange(handle: FileHandle, start: number, end: number): Promise<Buffer> {
  const buffer = Buffer.alloc(end - start);
  await readFully(handle, buffer, buffer.length, start);
  return buffer;
}

function handleSource(handle: FileHandle, size: number): ByteSource {
  return { size, read: (start, end) => readFileRange(handle, start, end) };
}

async function* chunksOf(source: ByteSource, parts: readonly Part[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    if (Buffer.isBuffer(part)) {
      yield part;
      continue;
    }
    for (let at = part.start; at < part.end; at += COPY_CHUNK)
      yield await source.read(at, Math.min(part.end, at + COPY_CHUNK));
  }
}

/** Opens `file` as a ByteSource for `use`, and closes it after. */
export async function withFileSource<T>(file: string, use: (source: ByteSource) => Promise<T>): Promise<T> {
  const handle = await open(file, 'r');
  try {
    return await use(handleSource(handle, (await handle.stat()).size));
  } finally {
    await handle.close();
  }
}

/** New bytes, or the range [start, end) of a file. */
export type FilePart = Buffer | { file: string; start: number; end: number };

/** Writes `target` (atomically) as the parts one after the other, streaming: each file is open while it is read. */
export async function joinFileParts(target: string, parts: readonly FilePart[]): Promise<void> {
  async function* chunks(): AsyncGenerator<Buffer> {
    for (const part of parts) {
      if (Buffer.isBuffer(part)) {
        yield part;
        continue;
      }
      const handle = await open(part.file, 'r');
      try {
        yield* chunksOf(handleSource(handle, (await handle.stat()).size), [part]);
      } finally {
        await handle.close();
      }
    }
  }
  await writeChunksToFile(target, chunks());
}
