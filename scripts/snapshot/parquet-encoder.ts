// The Parquet encoder as a process of its own, for a snapshot stage that runs in a process of its own (a large
// harvest; parquet-writer.ts starts it, parquet-encoding.ts does the work): parquet-wasm's encoding, the stage's
// largest single cost, runs here on the second core while the stage makes the next record batch and writes the other
// formats, and parquet-wasm's WebAssembly memory is this process's, not the stage's. The batches come down standard
// input as frames (batch-frames.ts), everything else on the channel. It ends with the channel to its writer (the
// writer's process ended, even killed).
import { readBatchFrames } from './batch-frames.ts';
import { serveWriter } from './parquet-encoding.ts';

if (process.send === undefined) {
  process.stderr.write('scripts/snapshot/parquet-encoder.ts is started by parquet-writer.ts, not by hand\n');
  process.exit(2);
}
// The writer's process is gone (it finished, failed or was killed): nothing is waiting for a file any more.
process.on('disconnect', () => process.exit(0));
serveWriter({
  send: (reply) => process.send?.(reply),
  onRequest: (handle) => {
    process.on('message', handle);
    readBatchFrames(process.stdin, (job, ipc) => handle({ type: 'batch', job, ipc }));
  },
});
