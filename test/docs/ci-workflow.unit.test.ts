// The scheduled workflow runs the same build command the tests run, with the key from the secrets.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/run-cli.ts';

describe('.github/workflows/publish.yml', () => {
  it('rebuilds on a schedule with npm run build, the key from secrets, caches kept, dist/ deployed, never the demo', async () => {
    const workflow = await readFile(path.join(PROJECT_ROOT, '.github/workflows/publish.yml'), 'utf8');
    const scripts = (JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toBe('ASTRO_TELEMETRY_DISABLED=1 node scripts/cli.ts build');
    expect(workflow).toMatch(/schedule:\n\s+- cron: '[^']+'/);
    expect(workflow).toContain('npm run --silent build');
    expect(workflow).toContain('KPU_API_KEY: ${{ secrets.KPU_API_KEY }}');
    expect(workflow).toMatch(/path: \|\n\s+\.cache\/harvest\n\s+dist\n\s+dist\.builds/);
    expect(workflow).toContain('actions/deploy-pages');
    expect(workflow).not.toMatch(/echo .*KPU_API_KEY/);
    // The job refuses to run (and so to publish the demo data) without the upstream's URL and key, before building.
    const guard = workflow.indexOf('Check the upstream is configured');
    expect(guard).toBeGreaterThan(0);
    expect(guard).toBeLessThan(workflow.indexOf('npm run --silent build'));
    expect(workflow.slice(guard)).toMatch(/if \[ -z "\$KPU_BASE_URL" \] \|\| \[ "\$HAS_KEY" != true \]; then\n.*\n\s+exit 1/);
  });
});
