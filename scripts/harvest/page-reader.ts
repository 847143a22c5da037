// Where a page's text is read (page-content.ts, readPageText): on this thread for any page whose records are wanted
// whole, on a thread of its own (page-reader-thread.ts) for every other page, whatever the harvest's size. Parsing is
// most of a harvest's CPU time (JSON.parse of every page); on its own thread it runs beside the fetching, hashing,
// scanning and writing of the pages around it, on the machine's second core (docs/performance.md, "Harvest").
import { Worker } from 'node:worker_threads';
import { childEnv } from '../config.ts';
import { readPageText, type PageDataset, type PageRead, type PageReadLimits } from './page-content.ts';

export interface PageReader {
  /**
   * Reads a page's text. `keep`: the records are wanted whole; such a page is read here, since records sent back
   * from another thread would lose what JSON.rawJSON keeps of a number (exact-json.ts).
   */
  read(text: string, dataset: PageDataset, offset: number, keep: boolean): Promise<PageRead>;
  /** Stops the reader's thread, if it started; a read still waiting for it fails. */
  close(): Promise<void>;
}

/** A page sent to the reader's thread. */
export interface PageReadJob {
  id: number;
  text: string;
  dataset: PageDataset;
  offset: number;
}

/** The thread's answer: the page read, or the error reading it threw (a fault of the publisher's, not the page's). */
export type PageReadAnswer = { id: number; read: PageRead } | { id: number; error: string };

/** A page reader; its thread starts with the first page read there. */
export function createPageReader(limits: PageReadLimits): PageReader {
  let thread: Worker | null = null;
  let stopped: Error | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (read: PageRead) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error): void => {
    stopped ??= error;
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };

  const startThread = (): Worker => {
    const started = new Worker(new URL('./page-reader-thread.ts', import.meta.url), {
      workerData: limits,
      // Its modules from the build's compile cache (config.ts, childEnv).
      env: childEnv(),
    });
    started.on('message', (answer: PageReadAnswer) => {
      const job = waiting.get(answer.id);
      if (!job) return;
      waiting.delete(answer.id);
      // Only reads in flight keep the process alive: a harvest that ends without close() still ends.
      if (waiting.size === 0) started.unref();
      if ('error' in answer)
        job.reject(new Error(`reading a page on the page reader's thread failed: ${answer.error}`));
      else job.resolve(answer.read);
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => failAll(new Error(`the page reader's thread stopped (exit code ${code})`)));
    started.unref();
    return started;
  };

  return {
    read(text, dataset, offset, keep) {
      if (keep) return Promise.resolve(readPageText(text, dataset, offset, limits, keep));
      if (stopped) return Promise.reject(stopped);
      thread ??= startThread();
      const id = (nextId += 1);
      const job: PageReadJob = { id, text, dataset, offset };
      return new Promise<PageRead>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        if (waiting.size === 1) thread?.ref();
        thread?.postMessage(job);
      });
    },
    async close() {
      const running = thread;
      thread = null;
      failAll(new Error('the page reader was closed while a page was being read on its thread'));
      await running?.terminate();
    },
  };
}
