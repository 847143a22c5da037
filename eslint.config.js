// Lint rules for the publisher: typescript-eslint's recommended set, type-aware where it is cheap.
import js from '@eslint/js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

// The layering of scripts/ (docs/architecture.md, "Layers"): each layer imports only from the layers listed
// before it. Foundation (scripts/foundation/, scripts/log/ and the shared declarations at the root of scripts/)
// → datasets → the stages in pipeline order (scripts/stages.ts; normalize runs inside snapshot) → the front door.
// The tools (upstream, synthetic, docs, install) sit beside: they may import any layer below the front door, and no
// layer imports them, except the harvest stage's demo wiring (the one place the pipeline chooses its upstream).
const FOUNDATION_ROOT_FILES = ['config', 'errors', 'kill-point', 'languages', 'stages'];
const FRONT_DOOR_ROOT_FILES = ['cli', 'cli-main', 'cli-definition', 'pipeline', 'preview', 'build-lock'];
const STAGE_FOLDERS = ['harvest', 'check', 'normalize', 'snapshot', 'release', 'site', 'publish'];
const TOOL_FOLDERS = ['upstream', 'synthetic', 'docs', 'install'];
const LAYERS = [['foundation', 'log'], ['datasets'], ...STAGE_FOLDERS.map((stage) => [stage])];

/** A relative import (from any depth) of one of these folders of scripts/. */
const folderImport = (folders) => `^\\.{1,2}/(?:\\.\\./)*(?:${folders.join('|')})/`;
/** A relative import of one of these files at the root of scripts/, from the root or from one folder down. */
const rootImport = (files) => `^(?:\\./|\\.\\./)(?:${files.join('|')})\\.ts$`;

/**
 * The site reads the datasets through the registry (scripts/datasets/datasets.ts) and their declarations' roles and
 * pages, never one dataset's declaration by name: a dataset's special case belongs in its declaration.
 */
const DATASET_BY_NAME = {
  regex: '(?:^|/)datasets/[^/]+-dataset\\.ts$',
  message:
    'The site does not name a dataset: read it from the registry (datasets.ts: DATASETS, dapilPagesDataset(), …) and its declared roles; see docs/architecture.md, "Where to add a dataset".',
};

function layerRule(forbiddenFolders, forbiddenRootFiles, why, extraPatterns = []) {
  const patterns = [...extraPatterns];
  if (forbiddenFolders.length > 0) patterns.push({ regex: folderImport(forbiddenFolders), message: why });
  if (forbiddenRootFiles.length > 0) patterns.push({ regex: rootImport(forbiddenRootFiles), message: why });
  return { 'no-restricted-imports': ['error', { patterns }] };
}

/** The most lines a source file may have (every line counts, blank and comment lines too): one file, one concern. */
const MAX_LINES = 600;
/** Generated tables (`npm run dapil-tables`), the one exception. */
const GENERATED_TABLES = ['scripts/datasets/dapils/dapil-dpr-*.ts'];

const layering = LAYERS.map((folders, index) => {
  const above = LAYERS.slice(index + 1).flat();
  const isFoundation = index === 0;
  return {
    files: [
      ...folders.map((folder) => `scripts/${folder}/**/*.ts`),
      ...(isFoundation ? FOUNDATION_ROOT_FILES.map((file) => `scripts/${file}.ts`) : []),
    ],
    rules: layerRule(
      [...above, ...TOOL_FOLDERS],
      FRONT_DOOR_ROOT_FILES,
      `scripts/${folders[0]}/ may import only from the layers below it (foundation → datasets → ${STAGE_FOLDERS.join(' → ')}); see docs/architecture.md, "Layers".`,
      folders.includes('site') ? [DATASET_BY_NAME] : [],
    ),
  };
});

/**
 * The relative imports and re-exports of one file: the resolved path of each, and whether it brings in types only.
 * Read with TypeScript's parser; a file's imports are read from disk once per lint run, the linted file's from its text.
 */
const importsByFile = new Map();
function relativeImportsOf(file) {
  let imports = importsByFile.get(file);
  if (imports === undefined) {
    imports = existsSync(file) ? relativeImportsIn(file, readFileSync(file, 'utf8')) : [];
    importsByFile.set(file, imports);
  }
  return imports;
}

function relativeImportsIn(file, text) {
  const imports = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier.text);
    // import-x follows re-exports, even of types: only an import of types only is left to this rule.
    imports.push({ target, typeOnly: isImport && isTypeOnlyImport(statement) });
  }
  return imports;
}

function isTypeOnlyImport(statement) {
  const clause = statement.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    clause.name === undefined &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  );
}

/**
 * import-x's no-cycle leaves out every import of types only, so a cycle through one (a module importing another's
 * type while that one imports the first's values) passes it. This rule follows every relative import, types
 * included, and reports the cycles import-x does not: those with at least one import of types only on the way.
 */
const noTypeCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles that go through an import of types only.' },
    schema: [],
    messages: { cycle: 'Import cycle through an import of types only: {{route}}.' },
  },
  create(context) {
    const start = context.physicalFilename;
    if (!path.isAbsolute(start)) return {};
    const relative = (file) => path.relative(context.cwd, file);
    return {
      Program(program) {
        // Breadth first from each import of this file: the shortest way back, with the kind of each step.
        const seen = new Set([start]);
        const queue = relativeImportsIn(start, context.sourceCode.text).map((step) => ({
          file: step.target,
          route: [step],
        }));
        while (queue.length > 0) {
          const { file, route } = queue.shift();
          if (file === start) {
            if (route.some((step) => step.typeOnly)) {
              const names = [start, ...route.map((step) => step.target)].map(relative).join(' → ');
              const first = program.body.find(
                (node) =>
                  node.source?.value !== undefined &&
                  path.resolve(path.dirname(start), node.source.value) === route[0].target,
              );
              context.report({ node: first ?? program, messageId: 'cycle', data: { route: names } });
            }
            return;
          }
          if (seen.has(file)) continue;
          seen.add(file);
          for (const step of relativeImportsOf(file)) queue.push({ file: step.target, route: [...route, step] });
        }
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist.builds/**',
      'node_modules/**',
      '.cache/**',
      'site/.astro/**',
      'test-results/**',
      'bench/results/**',
      'site/.astro/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through scripts/config.ts only.' },
      ],
    },
  },
  ...layering,
  {
    // No import cycles in the publisher's own code: a module's dependencies load before it, so initialisation order
    // never depends on which module happened to be imported first (eslint-plugin-import-x's no-cycle follows every
    // relative import; the imports name their .ts files, which Node's resolver finds as they are). No cycle through
    // an import of types only either (publisher/no-type-cycle above): such a cycle still ties the modules together.
    files: ['scripts/**/*.ts', 'site/src/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX, publisher: { rules: { 'no-type-cycle': noTypeCycle } } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }], 'publisher/no-type-cycle': 'error' },
  },
  {
    // The demo upstream is wired where the pipeline chooses its upstream: the harvest stage may start it.
    files: ['scripts/harvest/harvest-stage.ts'],
    rules: layerRule(
      STAGE_FOLDERS.slice(1).concat('docs'),
      FRONT_DOOR_ROOT_FILES,
      'scripts/harvest/ may import only from the layers below it, and the demo upstream; see docs/architecture.md, "Layers".',
    ),
  },
  {
    // The tools sit beside the pipeline: anything below the front door, never the front door.
    files: TOOL_FOLDERS.map((folder) => `scripts/${folder}/**/*.ts`),
    rules: layerRule(
      [],
      ['cli', 'cli-main', 'pipeline', 'preview', 'build-lock'],
      'The tools (upstream, synthetic, docs, install) do not import the front door; see docs/architecture.md, "Layers".',
    ),
  },
  {
    // The stand-in upstream serves the synthetic data, so the generator never imports the stand-in (no cycle).
    files: ['scripts/synthetic/**/*.ts'],
    rules: layerRule(
      ['upstream'],
      ['cli', 'cli-main', 'pipeline', 'preview', 'build-lock'],
      'scripts/synthetic/ does not import the stand-in upstream (which serves its data) nor the front door; see docs/architecture.md, "Layers".',
    ),
  },
  {
    // The Astro site's own modules do not name a dataset either (its .astro files: test/lint/source-shape.unit.test.ts).
    files: ['site/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DATASET_BY_NAME] }] },
  },
  {
    // No file over MAX_LINES lines (stylesheets and .astro files: test/lint/source-shape.unit.test.ts).
    files: ['**/*.ts', '**/*.js'],
    ignores: GENERATED_TABLES,
    rules: { 'max-lines': ['error', { max: MAX_LINES, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The site's one script runs in the browser, as a classic script.
    files: ['site/public/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        Intl: 'readonly',
        navigator: 'readonly',
        location: 'readonly',
        HTMLElement: 'readonly',
        HTMLTableElement: 'readonly',
        HTMLInputElement: 'readonly',
        Event: 'readonly',
        KeyboardEvent: 'readonly',
        console: 'readonly',
      },
    },
  },
  {
    // site/src/lib/snapshot.ts is the one reader of the site build's data-folder variable (docs/site.md);
    // scripts/install/complete-install.ts reads only what npm gives its lifecycle scripts (npm_execpath, its user
    // agent), no setting of the publisher's.
    files: [
      'scripts/config.ts',
      'scripts/install/complete-install.ts',
      'test/**',
      'bench/**',
      'vitest.config.ts',
      'site/src/lib/snapshot.ts',
      'site/astro.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
