// Docs cannot drift: every error code, configuration variable, command and flag is documented, the generated
// sections (the benchmark's tables among them) are what `npm run docs` would write, and no text of the project
// narrates the work that made it (who worked on what and when, issue numbers as history, dates of
// measurements).
import { readdirSync } from 'node:fs';
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

  it('keeps docs/performance.md to what is true now: at most 400 lines', async () => {
    expect((await read('docs/performance.md')).split('\n').length).toBeLessThanOrEqual(400);
  });

  it('speaks of the software as it is: no narration of the work in docs, code, tests or the benchmark', async () => {
    const found: string[] = [];
    for (const file of projectTextFiles()) {
      const lines = (await read(file)).split('\n');
      lines.forEach((line, index) => {
        for (const [name, pattern] of NARRATION) {
          const match = pattern.exec(line);
          if (match && !NARRATION_ALLOWED.some((allowed) => allowed.file === file && line.includes(allowed.text)))
            found.push(`${file}:${index + 1}: ${name}: "${match[0]}"`);
        }
      });
    }
    expect(found, 'history belongs in git commit messages, not in the project\'s text').toEqual([]);
  });

  it('tells narration from data: work periods, issue numbers and dated measurements, not release dates or code', () => {
    const caught = (line: string) => NARRATION.some(([, pattern]) => pattern.test(line));
    // Each `~` keeps a sample from being caught by the scan above; it is taken out before the sample is tested.
    const narration = [
      'the build took 160.9 s (the sixteenth ses~sion)',
      'Harvest at its fair floor (is~sue 16)',
      'about 41 → 30 s on two cores, measured 2026~-11-27',
      'Checked on 2026~-11-27, and again on 2026~-11-28 at 01dc9e8',
      '### The stages in processes of their own (2026~-11-26, later)',
      'we tr~ied a worker pool first',
      'the suite took 169 s; 2026~-11-26)',
      'what changed in this per~iod',
    ];
    const data = [
      'release 2026-11-22, retrieved 2026-11-22T03:00:00.000Z',
      'const session = await page.context().newCDPSession(page);',
      "const { data } = await session.send('Page.captureScreenshot', {",
      '## [0.1.0] - 2026-11-28',
      "Example: ('2026-11-22.2') → \"/data/releases/2026-11-22.2/\"",
      'Run of 2026-11-28T00:08:00.513Z (`full`, 1268.2 s)',
      'a second release that day is `2026-11-22.2`',
    ];
    for (const line of narration.map((sample) => sample.replace(/~/g, ''))) expect(caught(line), line).toBe(true);
    for (const line of data) expect(caught(line), line).toBe(false);
  });
});

/**
 * Words that narrate the work rather than describe the software. Dates that are data (release dates, fixtures, the
 * laws cited, a version's date in CHANGELOG.md, a benchmark run's start) stay: only dates said of a measurement or
 * of the work are caught.
 */
const NARRATION: readonly (readonly [string, RegExp])[] = [
  ['an issue number as history', /\bissues? #?\d+\b/i],
  // A work session; not a browser's or a tool's session object (`session.send`, `session = …`).
  ['a work session', /\bsessions?\b(?!\.\w|\s*=[^=>]|\s*\?\.)/i],
  ['a work period', /\b(?:this|that|the last|the next|a later|an earlier) period\b|\bperiods? of work\b/i],
  ['who measured what', /\bwe (?:measured|tried|found|changed|fixed|added|removed|saw)\b/i],
  ['a change narrated', /\b(?:in|since|before|after|until) this change\b|\bfixed in this\b/i],
  [
    'the date of a measurement',
    /\b(?:measured|checked|tested|timed|taken|profiled|run|ran)\b(?: (?:last|again|first))?(?: on| at| in)? 20\d\d-\d\d-\d\d\b/i,
  ],
  ['a dated aside', /[(;,]\s*20\d\d-\d\d-\d\d(?:,? \d\d:\d\d)?\s*[),]/],
  ['a date of work', /\b(?:since|until|as of|on) 20\d\d-\d\d-\d\d\b/i],
  ['a dated heading', /^#{1,6} (?!\[\d+\.\d+\.\d+\] - 20\d\d-\d\d-\d\d$).*\b20\d\d-\d\d-\d\d\b/],
];

/** Lines where a pattern above is not narration, each with the reason. */
const NARRATION_ALLOWED: readonly { file: string; text: string; why: string }[] = [
  { file: 'test/docs/docs-current.unit.test.ts', text: 'A work session; not', why: 'says what the pattern catches' },
  { file: 'test/docs/docs-current.unit.test.ts', text: "['a work session'", why: 'the pattern itself' },
  { file: 'test/docs/docs-current.unit.test.ts', text: "['a work period'", why: 'the pattern itself' },
];

/** Folders of text the project speaks in; data (benchmark results, built sites, caches) is left out. */
const TEXT_FOLDERS = ['docs', 'scripts', 'site', 'test', 'bench', '.ci', '.github'];
const SKIPPED = new Set(['node_modules', '.astro', 'results', 'dist', '.cache', 'test-results']);
const TEXT_FILE = /\.(?:ts|js|mjs|astro|md|css|ya?ml)$|^run$/;

/** Every text file of the project, relative to its root: the top-level docs and configs, then the folders above. */
function projectTextFiles(): string[] {
  const files = readdirSync(PROJECT_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => entry.name)
    .concat('package.json');
  const walk = (folder: string): void => {
    for (const entry of readdirSync(path.join(PROJECT_ROOT, folder), { withFileTypes: true })) {
      const relative = path.posix.join(folder, entry.name);
      if (entry.isDirectory() && !SKIPPED.has(entry.name)) walk(relative);
      else if (entry.isFile() && TEXT_FILE.test(entry.name)) files.push(relative);
    }
  };
  for (const folder of TEXT_FOLDERS) walk(folder);
  return files.sort();
}
