// The record batches' bytes on the pipe from a snapshot stage's process to its Parquet encoder's process
// (parquet-writer.ts, parquet-encoder.ts): each a frame, a header naming its job and length, then the bytes as they
// are, so that they are neither copied into a message nor left to the collector (docs/performance.md, "Memory at
// a million records").

/** A frame's header: the job (u32, little-endian), then the length of the bytes that follow it (u32). */
const BATCH_FRAME_HEADER = 8;

/** The header to write before a batch's bytes of `length` for `job`. */
export function batchFrameHeader(job: number, length: number): Buffer {
  if (length > 0xffff_ffff) throw new Error(`a record batch of ${length} bytes is too large for one frame`);
  const header = Buffer.alloc(BATCH_FRAME_HEADER);
  header.writeUInt32LE(job, 0);
  header.writeUInt32LE(length, 4);
  return header;
}

/**
 * The frames read from `input` (the encoder process's standard input), each handed on whole, in order, as its last
 * byte arrives, however the pipe cut them into chunks.
 */
export function readBatchFrames(input: NodeJS.ReadableStream, onFrame: (job: number, ipc: Uint8Array) => void): void {
  let chunks: Buffer[] = [];
  let buffered = 0;
  /** The frame whose bytes are being gathered, once its header is read. */
  let frame: { job: number; length: number } | null = null;
  /** The bytes buffered so far as one buffer: a copy only when they came in several chunks. */
  const joined = (): Buffer => (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, buffered));
  input.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    buffered += chunk.length;
    for (;;) {
      if (frame === null) {
        if (buffered < BATCH_FRAME_HEADER) return;
        const head = joined();
        frame = { job: head.readUInt32LE(0), length: head.readUInt32LE(4) };
        chunks = [head.subarray(BATCH_FRAME_HEADER)];
        buffered -= BATCH_FRAME_HEADER;
      }
      // The frame's bytes are joined once, when they are all there, not on every chunk.
      if (buffered < frame.length) return;
      const body = joined();
      const { job, length } = frame;
      frame = null;
      const rest = body.subarray(length);
      chunks = rest.length > 0 ? [rest] : [];
      buffered = rest.length;
      onFrame(job, body.subarray(0, length));
    }
  });
}
