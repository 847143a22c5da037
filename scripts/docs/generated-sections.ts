// Parts of the docs generated from the code (error catalogue, configuration, flags) and from the newest benchmark
// run (bench/results/), between
// `<!-- generated:NAME -->` markers, so they cannot drift; `npm run docs` rewrites them and a test
// fails when a committed doc is not current.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderNewestResults } from '../../bench/results-table.ts';
import { COMMANDS, CLI_FLAGS } from '../cli-definition.ts';
import { CONFIG_VARIABLES } from '../config.ts';
import { DATASETS, DERIVED_DATASETS } from '../datasets/datasets.ts';
import { renderDatasetDictionary,
  renderDerivedDictionary, renderFormatTypes } from '../datasets/data-dictionary.ts';
import { STAGES } from '../stages.ts';
import { ERROR_CATALOGUE, EXIT_CODES, exitCodeOf, type ErrorCode } from '../errors.ts';

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(escapeCell).join(' | ')} |`)].join('\n');
}

const BENCH_RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bench/results');

/** Generated sections by name; each doc names the sections it holds. */
const GENERATED_SECTIONS: Record<string, () => string> = {
  errors: () =>
    table(
      ['code', 'stage', 'exit code', 'message', 'hint'],
      Object.entries(ERROR_CATALOGUE).map(([code, spec]) => [
        `\`${code}\``,
        spec.stage,
        // Codes of the build as a whole (disk, bug) take the exit code of the stage they happen in.
        spec.stage === 'build' && exitCodeOf(code as ErrorCode, 'build') === EXIT_CODES.build
          ? `the failing stage's (${EXIT_CODES.build} outside one)`
          : String(exitCodeOf(code as ErrorCode, spec.stage)),
        spec.message,
        spec.hint,
      ]),
    ),
  'exit-codes': () =>
    table(
      ['exit code', 'meaning'],
      [
        ['0', 'success'],
        [String(EXIT_CODES.build), 'the build as a whole (disk problems, a bug)'],
        [String(EXIT_CODES.config), 'configuration or command line'],
        ...[...STAGES].sort((a, b) => a.exitCode - b.exitCode).map((stage) => [String(stage.exitCode), stage.stops]),
        [String(EXIT_CODES.busy), 'another build is running with the same cache folder, or releasing into the same published folder: try again later'],
        [String(EXIT_CODES.interrupted), 'interrupted (Ctrl-C, SIGTERM)'],
      ],
    ),
  config: () =>
    table(
      ['variable', 'default', 'meaning'],
      CONFIG_VARIABLES.map((variable) => [`\`${variable.name}\``, variable.default, variable.description]),
    ),
  'format-types': renderFormatTypes,
  'data-dictionary': () =>
    [
      ...DATASETS.map((dataset) => renderDatasetDictionary(dataset, '##')),
      ...DERIVED_DATASETS.map((dataset) => renderDerivedDictionary(dataset, '##')),
    ].join('\n\n'),
  'bench-results': () => renderNewestResults(BENCH_RESULTS_DIR, 'bench/results'),
  cli: () =>
    [
      table(['command', 'what it does'], Object.entries(COMMANDS).map(([name, text]) => [`\`${name}\``, text])),
      '',
      table(['flag', 'meaning'], Object.entries(CLI_FLAGS).map(([name, flag]) => [`\`--${name}\``, flag.description])),
    ].join('\n'),
};

const MARKER = /<!-- generated:([a-z-]+) -->[\s\S]*?<!-- \/generated:\1 -->/g;

/** The document with each generated section replaced by its current content. */
export function renderGeneratedSections(document: string): string {
  return document.replace(MARKER, (_match, name: string) => {
    const generate = GENERATED_SECTIONS[name];
    if (!generate) throw new Error(`Unknown generated section "${name}".`);
    return `<!-- generated:${name} -->\n${generate()}\n<!-- /generated:${name} -->`;
  });
}

export const DOCS_WITH_GENERATED_SECTIONS = ['README.md', 'docs/operations.md', 'docs/data.md', 'docs/performance.md'];

export async function updateGeneratedDocs(root: string): Promise<string[]> {
  const changed: string[] = [];
  for (const name of DOCS_WITH_GENERATED_SECTIONS) {
    const file = path.join(root, name);
    const before = await readFile(file, 'utf8');
    const after = renderGeneratedSections(before);
    if (after !== before) {
      await writeFile(file, after);
      changed.push(name);
    }
  }
  return changed;
}
