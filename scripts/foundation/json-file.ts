// Reading a JSON file that may not be there: absence is an expected outcome (null), not an exception.
import { readFile } from 'node:fs/promises';

/**
 * A JSON file's content, or null when the file does not exist; with `damaged: 'null'`, also null when it is not
 * valid JSON (a cache that is rebuilt when unreadable). Any other failure is thrown.
 */
export async function readJsonIfPresent<T>(
  file: string,
  options: { damaged?: 'throw' | 'null' } = {},
): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (options.damaged === 'null' && error instanceof SyntaxError) return null;
    throw error;
  }
}

/** A JSON file that must be there: its content, or the read or parse failure thrown. */
export async function readJsonFile<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/** An expected outcome as data: the value, or the reason there is none. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A JSON file's content, or why it cannot be read (absent, unreadable, not JSON) as data. */
export async function readJsonChecked<T>(file: string): Promise<Checked<T>> {
  try {
    return { ok: true, value: await readJsonFile<T>(file) };
  } catch (error) {
    return { ok: false, reason: `${file} cannot be read as JSON: ${(error as Error).message}` };
  }
}
