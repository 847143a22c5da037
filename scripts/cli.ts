// The publisher's command line as a program: `node scripts/cli.ts <command> [flags]` (`npm run build`). It turns on
// Node's compile cache before anything else is loaded, so that the command line (cli-main.ts) and every module a
// command loads after it are read back from the cache instead of being type-stripped and compiled at every start
// (foundation/compile-cache.ts).
import { enableCompileCache } from './foundation/compile-cache.ts';

enableCompileCache();
const { main } = await import('./cli-main.ts');
process.exitCode = await main(process.argv.slice(2));
