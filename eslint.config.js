// Lint rules for the publisher: typescript-eslint's recommended set, type-aware where it is cheap.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// The layering of scripts/ (docs/architecture.md, "Layers"): each layer imports only from the layers listed
// before it. Foundation (scripts/foundation/, scripts/log/ and the shared declarations at the root of scripts/)
// → datasets → the stages in pipeline order (scripts/stages.ts; normalize runs inside snapshot) → the front door.
// The tools (upstream, synthetic, docs, install) sit beside: they may import any layer below the front door, and no
// layer imports them, except the harvest stage's demo wiring (the one place the pipeline chooses its upstream).
const FOUNDATION_ROOT_FILES = ['config', 'errors', 'kill-point', 'languages', 'stages'];
const FRONT_DOOR_ROOT_FILES = ['cli', 'cli-definition', 'pipeline', 'preview', 'build-lock'];
const STAGE_FOLDERS = ['harvest', 'check', 'normalize', 'snapshot', 'release', 'site', 'publish'];
const TOOL_FOLDERS = ['upstream', 'synthetic', 'docs', 'install'];
const LAYERS = [['foundation', 'log'], ['datasets'], ...STAGE_FOLDERS.map((stage) => [stage])];

/** A relative import (from any depth) of one of these folders of scripts/. */
const folderImport = (folders) => `^\\.{1,2}/(?:\\.\\./)*(?:${folders.join('|')})/`;
/** A relative import of one of these files at the root of scripts/, from the root or from one folder down. */
const rootImport = (files) => `^(?:\\./|\\.\\./)(?:${files.join('|')})\\.ts$`;

function layerRule(forbiddenFolders, forbiddenRootFiles, why) {
  const patterns = [];
  if (forbiddenFolders.length > 0) patterns.push({ regex: folderImport(forbiddenFolders), message: why });
  if (forbiddenRootFiles.length > 0) patterns.push({ regex: rootImport(forbiddenRootFiles), message: why });
  return { 'no-restricted-imports': ['error', { patterns }] };
}

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
    ),
  };
});

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
    // relative import; the imports name their .ts files, which Node's resolver finds as they are).
    files: ['scripts/**/*.ts', 'site/src/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
      ['cli', 'pipeline', 'preview', 'build-lock'],
      'The tools (upstream, synthetic, docs, install) do not import the front door; see docs/architecture.md, "Layers".',
    ),
  },
  {
    // The stand-in upstream serves the synthetic data, so the generator never imports the stand-in (no cycle).
    files: ['scripts/synthetic/**/*.ts'],
    rules: layerRule(
      ['upstream'],
      ['cli', 'pipeline', 'preview', 'build-lock'],
      'scripts/synthetic/ does not import the stand-in upstream (which serves its data) nor the front door; see docs/architecture.md, "Layers".',
    ),
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
