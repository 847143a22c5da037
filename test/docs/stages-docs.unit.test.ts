// The stages the code runs are the stages the docs draw: scripts/stages.ts is read, and docs/architecture.md must
// name each stage with its module, output folder and exit code, give its folder a paragraph, and list exactly these
// stages, in this order, where a build can stop; errors.ts must know no other stage.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, EXIT_CODES } from '../../scripts/errors.ts';
import { COMMAND_STAGES } from '../../scripts/pipeline.ts';
import { STAGES, stageFolderLabel } from '../../scripts/stages.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

const architecture = (): Promise<string> => readFile(path.join(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8');

/** The rows of the first Markdown table at or after the text `after`, as cells. */
function tableRows(document: string, after: string): string[][] {
  const start = document.indexOf(after);
  expect(start, `"${after}" in docs/architecture.md`).toBeGreaterThanOrEqual(0);
  const lines = document.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.slice(1, -1).split(' | ').map((cell) => cell.trim()));
  }
  return rows;
}

describe('the stages in the code and in docs/architecture.md', () => {
  it('names every stage with its module, output folder and exit code, in the order they run', async () => {
    const rows = tableRows(await architecture(), '| stage | code | output | exit code |');
    expect(rows).toEqual(STAGES.map((stage) => [stage.name, `\`${stage.module}\``, `\`${stageFolderLabel(stage.name)}\``, String(stage.exitCode)]));
    for (const stage of STAGES) expect(existsSync(path.join(PROJECT_ROOT, stage.module)), stage.module).toBe(true);
  });

  it("gives each stage's folder a paragraph naming its module and its output", async () => {
    const document = await architecture();
    for (const stage of STAGES) {
      const folder = `${path.dirname(stage.module)}/`;
      const start = document.indexOf(`**\`${folder}\``);
      expect(start, `a paragraph for ${folder}`).toBeGreaterThanOrEqual(0);
      const paragraph = document.slice(start, document.indexOf('\n\n', start));
      expect(paragraph, folder).toContain(`\`${path.basename(stage.module)}\``);
      if (stage.output.root === 'cache') expect(paragraph, folder).toContain(`\`${stageFolderLabel(stage.name)}\``);
    }
  });

  it('lists exactly these stages, in order, where a build can stop, each with the codes it stops with', async () => {
    const rows = tableRows(await architecture(), '## Where a build can stop');
    expect(rows.map((row) => row[0])).toEqual(['start', ...STAGES.map((stage) => stage.name), 'anywhere']);
    for (const [code, spec] of Object.entries(ERROR_CATALOGUE)) {
      if (spec.stage === 'build' || spec.stage === 'config') continue;
      expect(rows.find((row) => row[0] === spec.stage)?.[1], code).toContain(`\`${code}\``);
    }
  });

  it("errors.ts knows exactly these stages, with their exit codes, beside the configuration and the build", () => {
    const outside = new Set(['ok', 'build', 'config', 'busy', 'interrupted']);
    expect(Object.keys(EXIT_CODES).filter((key) => !outside.has(key))).toEqual(STAGES.map((stage) => stage.name));
    for (const stage of STAGES) expect(EXIT_CODES[stage.name]).toBe(stage.exitCode);
    const known = new Set<string>(['config', 'build', ...STAGES.map((stage) => stage.name)]);
    for (const [code, spec] of Object.entries(ERROR_CATALOGUE)) expect(known.has(spec.stage), code).toBe(true);
  });

  it('runs the declared stages: a build all of them in order, the others a prefix of it', () => {
    expect(COMMAND_STAGES.build).toEqual(STAGES.map((stage) => stage.name));
    for (const stages of Object.values(COMMAND_STAGES)) expect(stages).toEqual(COMMAND_STAGES.build.slice(0, stages.length));
  });
});
