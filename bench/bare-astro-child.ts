// One build of the benchmark's bare Astro project (see bench/bare-astro.ts), in a process of its own so GNU time
// sees it: `node bench/bare-astro-child.ts <projectDir>`. Astro's builder is called as the site stage calls it
// (scripts/site/astro-build.ts): in process, production mode, no type generation before the build, the same number
// of pages rendered at a time, and Node's compile cache on before Astro loads, as the site stage's Astro process has
// one (scripts/site/astro-compile-cache.ts).
import { enableCompileCache } from '../scripts/foundation/compile-cache.ts';
import { ASTRO_BUILD_CONCURRENCY } from '../scripts/site/site-root.ts';

const [root] = process.argv.slice(2);
if (!root) {
  process.stderr.write('usage: node bench/bare-astro-child.ts <projectDir>\n');
  process.exit(2);
}
enableCompileCache();
const { build } = await import('astro');
const buildSite = build as (config: Parameters<typeof build>[0], options: { sync: boolean }) => Promise<void>;
await buildSite(
  {
    root,
    mode: 'production',
    logLevel: 'warn',
    build: { concurrency: ASTRO_BUILD_CONCURRENCY },
    cacheDir: `${root}/.cache`,
    vite: { cacheDir: `${root}/.cache/vite`, logLevel: 'warn' },
  },
  { sync: false },
);
