// `npm run preview`: serves the published folder (KPU_DIST_DIR, default dist/) on 127.0.0.1 and prints
// its URL. Options: --port <n> (default 4321), --host <address>, --base <path> (the site's base, default /).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { startStaticServer } from './site/static-server.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4321' },
      host: { type: 'string', default: '127.0.0.1' },
      base: { type: 'string', default: '/' },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be a port number, not "${values.port}"`);
  const config = loadConfig();
  if (!existsSync(config.distDir)) throw new Error(`${config.distDir} does not exist yet: run npm run build first`);
  const server = await startStaticServer({ root: config.distDir, port, host: values.host, base: values.base });
  process.stdout.write(`Serving ${config.distDir} at ${server.url} (Ctrl+C stops)\n`);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`preview: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
