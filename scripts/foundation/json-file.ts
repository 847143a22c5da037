// Reading a JSON file that may not be there: absence is an expected outcome (null), not an exception.
import { readFile } from 'node:fs/promises';

/**
 * A JSON file's content, or null when the file does not exist; with `damaged: 'null'`, also null when it is not
 * valid JSON (a cache that is rebuilt when unreadable). Any other failure is thrown.
 */
export async function readJsonIfPresent<T>(file: string, options: { damaged?: 'throw' | 'null' } = {}): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (options.damaged === 'null' && error instanceof SyntaxError) return null;
    throw error;
  }
}
