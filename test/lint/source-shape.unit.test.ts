// What `npm run lint` holds for the files ESLint does not parse (the site's .astro files and stylesheets): no file
// over the line limit eslint.config.js gives its max-lines rule, and no .astro file naming a dataset's declaration
// (the site reads the datasets through the registry and their declared roles, as eslint.config.js says for .ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** eslint.config.js's MAX_LINES. */
const MAX_LINES = 600;
const FOLDERS = ['scripts', 'site', 'test', 'bench'];
/** Folders of generated or installed files, never written by hand. */
const SKIPPED = new Set(['node_modules', '.astro', 'dist', 'results']);

/** Every file under the source folders whose name ends with one of `endings`, relative to the project root. */
function sourceFiles(endings: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(relative);
      } else if (endings.some((ending) => entry.name.endsWith(ending))) files.push(relative);
    }
  };
  for (const folder of FOLDERS) walk(folder);
  return files.sort();
}

/** Lines as ESLint's max-lines counts them: a final newline ends the last line, it does not start another. */
function lineCount(text: string): number {
  const lines = text.split(/\r\n|\r|\n/);
  return lines.length > 1 && lines.at(-1) === '' ? lines.length - 1 : lines.length;
}

describe('source files ESLint does not parse', () => {
  it(`has no .astro file or stylesheet over ${MAX_LINES} lines`, () => {
    const files = sourceFiles(['.astro', '.css']);
    expect(files.length).toBeGreaterThan(20);
    const long = files
      .map((file) => ({ file, lines: lineCount(readFileSync(path.join(ROOT, file), 'utf8')) }))
      .filter((entry) => entry.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("has no .astro file importing a dataset's declaration by name", () => {
    const naming = sourceFiles(['.astro']).filter((file) =>
      /from\s+['"][^'"]*\/datasets\/[^'"/]+-dataset\.ts['"]/.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(naming).toEqual([]);
  });

  it('counts lines as max-lines does', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\nb\n')).toBe(3);
  });
});
