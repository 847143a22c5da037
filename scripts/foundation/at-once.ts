// Work on many files, a few at a time: enough calls in flight to keep libuv's thread pool busy (a site of thousands of
// small files read or copied one after another waits on each system call in turn), never thousands of open files.

/** Calls at once that keep libuv's thread pool (four threads by default) busy on thousands of small files. */
export const FILES_AT_ONCE = 16;

/**
 * Calls `each` on every item, at most `limit` calls at once, starting them in the items' order. Resolves once every
 * call has ended; when one fails, no further call starts, and it rejects with the first failure once the calls
 * already started have ended (nothing runs on after it returns).
 */
export async function forEachAtOnce<T>(
  items: readonly T[],
  limit: number,
  each: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (failure === null && next < items.length) {
      const index = next++;
      try {
        await each(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}
