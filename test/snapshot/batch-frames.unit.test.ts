// The pipe between a snapshot stage's process and its Parquet encoder's process (scripts/snapshot/batch-frames.ts):
// frames come out whole and in order however the pipe cuts them, headers and bytes split anywhere.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { batchFrameHeader, readBatchFrames } from '../../scripts/snapshot/batch-frames.ts';

/** Frames of several jobs and sizes, one of them larger than a pipe's chunk. */
const FRAMES: Array<[number, Buffer]> = [
  [1, Buffer.from('abcde')],
  [7, Buffer.from([0])],
  [2 ** 32 - 1, Buffer.alloc(200_000, 7)],
  [3, Buffer.from('the last one')],
];

const wire = (): Buffer =>
  Buffer.concat(FRAMES.flatMap(([job, bytes]) => [batchFrameHeader(job, bytes.length), bytes]));

/** The frames read back from `bytes` written in chunks of the given sizes (cycled). */
async function readBack(bytes: Buffer, sizes: readonly number[]): Promise<Array<[number, string]>> {
  const input = new PassThrough();
  const frames: Array<[number, string]> = [];
  readBatchFrames(input, (job, ipc) => frames.push([job, Buffer.from(ipc).toString('hex')]));
  for (let at = 0, turn = 0; at < bytes.length; turn += 1) {
    const size = sizes[turn % sizes.length] as number;
    input.write(bytes.subarray(at, at + size));
    at += size;
  }
  input.end();
  await once(input, 'end');
  return frames;
}

describe('batch frames', () => {
  const expected = FRAMES.map(([job, bytes]): [number, string] => [job, bytes.toString('hex')]);

  it('hands on every frame whole and in order, whatever the chunks', async () => {
    const bytes = wire();
    for (const sizes of [[bytes.length], [1], [3, 5, 7], [8], [13, 65_536], [65_536]]) {
      expect(await readBack(bytes, sizes), `chunks of ${sizes.join(', ')}`).toEqual(expected);
    }
  });

  it('refuses a batch too large for a frame', () => {
    expect(() => batchFrameHeader(1, 2 ** 32)).toThrow(/too large/);
  });
});
