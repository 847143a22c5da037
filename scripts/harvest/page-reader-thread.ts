// The page reader's thread (page-reader.ts): reads each page's text it is sent, one after another, and answers with
// what the harvest's checks need of it (page-content.ts); never the records themselves.
import { parentPort, workerData } from 'node:worker_threads';
import { readPageText, type PageReadLimits } from './page-content.ts';
import type { PageReadAnswer, PageReadJob } from './page-reader.ts';

const limits = workerData as PageReadLimits;
const port = parentPort;
if (!port) throw new Error('page-reader-thread.ts runs as a worker thread of page-reader.ts');

port.on('message', (job: PageReadJob) => {
  let answer: PageReadAnswer;
  try {
    answer = { id: job.id, read: readPageText(job.text, job.dataset, job.offset, limits, false) };
  } catch (error) {
    answer = { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
