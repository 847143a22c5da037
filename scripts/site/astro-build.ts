// One Astro build of site/, run by the site stage as a child process: `node scripts/site/astro-build.ts
// <outDir> <base> <cacheDir>`, with KPU_SITE_DATA_DIR in its environment (read by site/src/lib/snapshot.ts).
// A process per build because Astro imports its rendered page modules under fixed file names, so a second
// build in the same process would render with the first build's modules.
import { build } from 'astro';
import { SITE_ROOT } from './site-root.ts';

const [outDir, base, cacheDir] = process.argv.slice(2);
if (!outDir || !base || !cacheDir) {
  process.stderr.write('usage: node scripts/site/astro-build.ts <outDir> <base> <cacheDir>\n');
  process.exit(2);
}
await build({
  root: SITE_ROOT,
  outDir,
  base,
  cacheDir,
  mode: 'production',
  logLevel: 'warn',
  vite: { cacheDir: `${cacheDir}/vite`, logLevel: 'warn' },
});
