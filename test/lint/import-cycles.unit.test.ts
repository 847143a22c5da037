// No import cycles in the publisher's code, types included (eslint.config.js: import-x/no-cycle, and
// publisher/no-type-cycle for the cycles through an import of types only, which import-x leaves out). ESLint's Node
// API lints a small in-memory source as if it were a file of the project, whose other files are read from disk.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The cycle rules' messages for `source` linted as the file `file` (relative to the project root). */
async function cycleErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-cycle' || message.ruleId === 'publisher/no-type-cycle')
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import cycle lint', () => {
  // scripts/site/site-format.ts is imported (for its values) by scripts/site/site-sentences.ts.
  it('fails a cycle that goes through an import of types only', async () => {
    for (const source of [
      "import type { SentenceParts } from './site-sentences.ts';",
      "import { type SentenceParts } from './site-sentences.ts';",
    ]) {
      const errors = await cycleErrors('scripts/site/site-format.ts', source);
      expect(errors, source).toEqual([
        'publisher/no-type-cycle: Import cycle through an import of types only: scripts/site/site-format.ts → scripts/site/site-sentences.ts → scripts/site/site-format.ts.',
      ]);
    }
  });

  it('fails a cycle of value imports or re-exports once, by import-x', async () => {
    for (const source of [
      "import { sexSplitSentence } from './site-sentences.ts';",
      "export type { SentenceParts } from './site-sentences.ts';",
    ]) {
      const errors = await cycleErrors('scripts/site/site-format.ts', source);
      expect(errors, source).toHaveLength(1);
      expect(errors[0], source).toMatch(/^import-x\/no-cycle: /);
    }
  });

  it('lets a module import the types of a module that does not import it back', async () => {
    expect(await cycleErrors('scripts/site/site-format.ts', "import type { SiteData } from './site-data.ts';")).toEqual(
      [],
    );
  });
});
