// Docs cannot drift: every error code, configuration variable, command and flag is documented, and the
// generated sections are what `npm run docs` would write.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_FLAGS, COMMANDS } from '../../scripts/cli-definition.ts';
import { CONFIG_VARIABLES } from '../../scripts/config.ts';
import { DOCS_WITH_GENERATED_SECTIONS, renderGeneratedSections } from '../../scripts/docs/generated-sections.ts';
import { ERROR_CATALOGUE } from '../../scripts/errors.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

const read = (name: string) => readFile(path.join(PROJECT_ROOT, name), 'utf8');

describe('docs', () => {
  it.each(DOCS_WITH_GENERATED_SECTIONS)('%s has current generated sections (run `npm run docs`)', async (name) => {
    const document = await read(name);
    expect(renderGeneratedSections(document)).toBe(document);
  });

  it('documents every error code with its hint in docs/operations.md', async () => {
    const operations = await read('docs/operations.md');
    for (const [code, spec] of Object.entries(ERROR_CATALOGUE)) {
      expect(operations, code).toContain(`\`${code}\``);
      expect(operations, code).toContain(spec.hint.replace(/\|/g, '\\|'));
    }
  });

  it('names every error code in the architecture map of where a build can stop', async () => {
    const architecture = await read('docs/architecture.md');
    for (const code of Object.keys(ERROR_CATALOGUE)) expect(architecture, code).toContain(`\`${code}\``);
  });

  it('documents every configuration variable, command and flag in README.md', async () => {
    const readme = await read('README.md');
    for (const variable of CONFIG_VARIABLES) expect(readme, variable.name).toContain(`\`${variable.name}\``);
    for (const command of Object.keys(COMMANDS)) expect(readme, command).toContain(`\`${command}\``);
    for (const flag of Object.keys(CLI_FLAGS)) expect(readme, flag).toContain(`\`--${flag}\``);
  });

  it('opens the README with the two commands', async () => {
    const readme = await read('README.md');
    const quickStart = readme.slice(readme.indexOf('## Quick start'));
    expect(quickStart.indexOf('npm install && npm run build')).toBeGreaterThan(0);
    expect(quickStart.indexOf('npm test')).toBeGreaterThan(quickStart.indexOf('npm install && npm run build'));
  });
});
