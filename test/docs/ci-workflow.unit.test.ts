// The scheduled workflow runs the same build command the tests run, with the key from the secrets.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../scripts/config.ts';
import { stageFolder } from '../../scripts/stages.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

describe('.github/workflows/publish.yml', () => {
  it('rebuilds on a schedule with npm run build, the key from secrets, caches kept, dist/ deployed, never the demo', async () => {
    const workflow = await readFile(path.join(PROJECT_ROOT, '.github/workflows/publish.yml'), 'utf8');
    const scripts = (JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toBe('ASTRO_TELEMETRY_DISABLED=1 node scripts/cli.ts build');
    expect(workflow).toMatch(/schedule:\n\s+- cron: '[^']+'/);
    expect(workflow).toContain('npm run --silent build');
    expect(workflow).toContain('KPU_API_KEY: ${{ secrets.KPU_API_KEY }}');
    expect(workflow).toMatch(
      /path: \|\n\s+\.cache\/harvest\n\s+\.cache\/stages\/site-cards\n\s+\.cache\/stages\/site-compile-cache\n\s+dist\n\s+dist\.builds/,
    );
    // The card cache and the compile cache are the site stage's own folders beside its output (scripts/site/site-stage.ts).
    const siteStage = stageFolder('site', { cacheDir: '.cache', distDir: 'dist' });
    expect(workflow).toContain(`${siteStage}-cards\n`);
    expect(workflow).toContain(`${siteStage}-compile-cache\n`);
    expect(workflow).toContain('actions/deploy-pages');
    expect(workflow).not.toMatch(/echo .*KPU_API_KEY/);
    // The job refuses to run (and so to publish the demo data) without the upstream's URL and key, before building.
    const guard = workflow.indexOf('Check the upstream is configured');
    expect(guard).toBeGreaterThan(0);
    expect(guard).toBeLessThan(workflow.indexOf('npm run --silent build'));
    expect(workflow.slice(guard)).toMatch(/if \[ -z "\$KPU_BASE_URL" \] \|\| \[ "\$HAS_KEY" != true \]; then\n.*\n\s+exit 1/);
  });

  it("builds with the site's address: the Pages address unless a repository variable overrides it, the base path following it", async () => {
    const workflow = await readFile(path.join(PROJECT_ROOT, '.github/workflows/publish.yml'), 'utf8');
    const pages = /- name: [^\n]+\n\s+id: (\w+)\n\s+uses: actions\/configure-pages@v\d+\n/.exec(workflow);
    expect(pages).not.toBeNull();
    const build = workflow.indexOf('npm run --silent build');
    expect(pages?.index).toBeLessThan(build);
    // The build step's environment: from its `env:` to its `run:`.
    const env = workflow.slice(workflow.lastIndexOf('env:', build), build);
    // configure-pages' base_url has no final "/" (https://owner.github.io/repository); the build's address ends in one.
    expect(env).toContain(
      `KPU_SITE_URL: \${{ vars.KPU_SITE_URL || format('{0}/', steps.${pages?.[1] ?? ''}.outputs.base_url) }}`,
    );
    // Unset unless the variable sets it: then the base path is the address's path (scripts/config.ts).
    expect(env).toMatch(/\n\s+KPU_SITE_BASE: \$\{\{ vars\.KPU_SITE_BASE \}\}\n/);
    // What the step gives the build, for a project page and a user page, config reads as one site.
    for (const [baseUrl, base] of [
      ['https://owner.github.io/kpu-data', '/kpu-data/'],
      ['https://owner.github.io', '/'],
    ] as const) {
      const config = loadConfig({ KPU_SITE_URL: `${baseUrl}/`, KPU_SITE_BASE: '' }, '/tmp');
      expect(config).toMatchObject({ siteUrl: `${baseUrl}/`, siteBase: base });
    }
  });
});
