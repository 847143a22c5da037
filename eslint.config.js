// Lint rules for the publisher: typescript-eslint's recommended set, type-aware where it is cheap.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist.builds/**', 'node_modules/**', '.cache/**', 'site/.astro/**', 'test-results/**', 'bench/results/**', 'site/.astro/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through scripts/config.ts only.' }],
    },
  },
  {
    // The site's one script runs in the browser, as a classic script.
    files: ['site/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { window: 'readonly', document: 'readonly', fetch: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', Intl: 'readonly', navigator: 'readonly', location: 'readonly', HTMLElement: 'readonly', HTMLTableElement: 'readonly', HTMLInputElement: 'readonly', Event: 'readonly', KeyboardEvent: 'readonly', console: 'readonly' } },
  },
  {
    // site/src/lib/snapshot.ts is the one reader of the site build's data-folder variable (docs/site.md).
    files: ['scripts/config.ts', 'test/**', 'bench/**', 'vitest.config.ts', 'site/src/lib/snapshot.ts', 'site/astro.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
