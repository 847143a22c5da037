// The raw JSON files: the records exactly as the upstream sent them, one per line, streamed as the snapshot's second
// pass reads them.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { partialPathOf } from '../foundation/atomic-file.ts';

/**
 * Writes a JSON array one record per line, streaming: `[\n{…},\n{…}\n]\n`, or `[]\n` when empty. Lines are
 * gathered into chunks of RAW_LINES_PER_CHUNK before they reach the stream: one write (and one await) per record
 * cost about 3 s on a million records.
 */
export function createRawJsonWriter(file: string) {
  const partial = partialPathOf(file);
  const stream = createWriteStream(partial);
  let count = 0;
  let pending: string[] = [];
  const write = async (text: string): Promise<void> => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    await write(text);
  };
  return {
    /** Adds one record, given as its JSON text (the caller stringifies it once for every file it goes to). */
    async addLine(json: string): Promise<void> {
      pending.push(count === 0 ? `[\n${json}` : `,\n${json}`);
      count += 1;
      if (pending.length === RAW_LINES_PER_CHUNK) await flush();
    },
    async close(): Promise<void> {
      await flush();
      await write(count === 0 ? '[]\n' : '\n]\n');
      stream.end();
      await finished(stream);
      await rename(partial, file);
    },
  };
}

const RAW_LINES_PER_CHUNK = 512;

export type RawJsonWriter = ReturnType<typeof createRawJsonWriter>;
