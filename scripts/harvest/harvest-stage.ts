// The harvest stage as the pipeline runs it: from the configured upstream, from the stand-in serving
// the synthetic demo data when none is configured, or (offline) the last complete harvest on disk.
import { randomBytes } from 'node:crypto';
import type { PublisherConfig } from '../config.ts';
import { UPSTREAM_DATASETS } from '../datasets/datasets.ts';
import { BuildError } from '../errors.ts';
import type { Reporter } from '../log/progress-reporter.ts';
import { createHarvestStore, readHarvestManifest } from './harvest-store.ts';
import type { HarvestResult } from './harvester.ts';
import { refuseStoredKey } from './key-refusal.ts';
// The harvester (with the HTTP client, undici), the stand-in upstream and the synthetic data are imported when a
// harvest runs: an --offline build, and a stage rerun on its own, load none of them (about 110 modules, 0.07 s of
// CPU a process; docs/performance.md, "Small builds").

export interface HarvestStageOptions {
  config: PublisherConfig;
  reporter: Reporter;
  signal?: AbortSignal;
  offline: boolean;
  /** Called with secrets learnt on the way (the demo key), so output redacts them too. */
  registerSecret: (secret: string) => void;
}

export interface HarvestStageResult extends HarvestResult {
  /** True when this build read a harvest from disk instead of the network. */
  offline: boolean;
}

/**
 * The newest complete harvest on disk, for --offline and for stages rerun on their own; with the key configured,
 * refused (and removed) if any of its pages holds the key (secret-scan.ts).
 */
export async function readLatestHarvest(cacheDir: string, apiKey?: string | null): Promise<HarvestResult> {
  const dir = await createHarvestStore(cacheDir).latestComplete();
  if (!dir) throw new BuildError('HARVEST_NOT_FOUND', `Nothing complete under ${cacheDir}.`);
  const manifest = await readHarvestManifest(dir);
  await refuseStoredKey(dir, manifest, apiKey);
  return { dir, manifest };
}

export async function runHarvestStage(options: HarvestStageOptions): Promise<HarvestStageResult> {
  const { config, reporter } = options;
  if (options.offline) {
    const latest = await readLatestHarvest(config.cacheDir, config.upstream.apiKey);
    reporter.line(`harvest: offline, using the harvest finished ${latest.manifest.finishedAt}`);
    return { ...latest, offline: true };
  }
  const { runHarvest } = await import('./harvester.ts');
  const base = {
    config: config.upstream,
    cacheDir: config.cacheDir,
    datasets: UPSTREAM_DATASETS,
    reporter,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  if (config.upstream.baseUrl && config.upstream.apiKey) {
    reporter.line(`harvest: from ${config.upstream.baseUrl.host}`);
    const result = await runHarvest({
      ...base,
      baseUrl: config.upstream.baseUrl,
      apiKey: config.upstream.apiKey,
      demo: false,
    });
    return { ...result, offline: false };
  }
  // No upstream configured: serve the synthetic demo data locally, behind a throwaway key.
  const [{ DEMO_DATA_NOTICE, demoDataset }, { startUpstreamServer }] = await Promise.all([
    import('../synthetic/synthetic-data.ts'),
    import('../upstream/upstream-server.ts'),
  ]);
  const apiKey = randomBytes(24).toString('base64url');
  options.registerSecret(apiKey);
  const upstream = await startUpstreamServer({ data: demoDataset(), apiKey });
  reporter.line(
    `${DEMO_DATA_NOTICE}: KPU_BASE_URL is not set, so this build harvests the synthetic demo data of the stand-in upstream.`,
  );
  try {
    const result = await runHarvest({ ...base, baseUrl: new URL(upstream.url), apiKey, demo: true });
    return { ...result, offline: false };
  } finally {
    await upstream.close();
  }
}
