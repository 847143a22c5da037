import { spawn } from 'node:child_process';
import os from 'node:os';
import { createBuildWorld, publishTestData } from './test/support/build-fixtures.ts';
import { testCompileCacheIn } from './test/support/test-compile-cache.ts';
const world = await createBuildWorld(publishTestData());
await world.build([]);
await world.build(['--offline']);
const args = process.argv.slice(2);
await new Promise((resolve) => {
  const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof2', 'scripts/cli.ts', 'build', ...args], { env: { ...process.env, ...world.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_COMPILE_CACHE: testCompileCacheIn(os.tmpdir()) }, stdio: 'ignore' });
  child.on('close', resolve);
});
await world.close();
