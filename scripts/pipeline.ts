// The build pipeline: named stages run in order, each reading the previous stage's result on disk.
// The CLI calls runCommand; describeResult renders a result for people.
import type { PublisherConfig } from './config.ts';
import { runHarvestStage, type HarvestStageResult } from './harvest/harvest-stage.ts';
import type { Reporter } from './log/progress-reporter.ts';

export type CommandName = 'build' | 'harvest';

export interface CommandContext {
  config: PublisherConfig;
  reporter: Reporter;
  signal?: AbortSignal;
  offline: boolean;
  strict: boolean;
  registerSecret: (secret: string) => void;
}

export interface CommandResult {
  command: CommandName;
  demo: boolean;
  harvest: {
    dir: string;
    harvestId: string;
    offline: boolean;
    startedAt: string;
    finishedAt: string;
    upstreamHost: string;
    resumed: boolean;
    attempts: number;
    retries: number;
    datasets: Record<string, { records: number; pages: number; retries: number }>;
    warnings: string[];
  };
}

function summarizeHarvest(result: HarvestStageResult): CommandResult['harvest'] {
  const { manifest } = result;
  return {
    dir: result.dir,
    harvestId: manifest.harvestId,
    offline: result.offline,
    startedAt: manifest.startedAt,
    finishedAt: manifest.finishedAt,
    upstreamHost: manifest.parameters.upstreamHost,
    resumed: manifest.resumed,
    attempts: manifest.attempts,
    retries: manifest.retries,
    datasets: Object.fromEntries(
      Object.entries(manifest.datasets).map(([id, summary]) => [id, { records: summary.records, pages: summary.pages, retries: summary.retries }]),
    ),
    warnings: manifest.warnings,
  };
}

export async function runCommand(command: CommandName, context: CommandContext): Promise<CommandResult> {
  const harvest = await runHarvestStage(context);
  return { command, demo: harvest.manifest.parameters.demo, harvest: summarizeHarvest(harvest) };
}

export function describeResult(result: CommandResult): string {
  const { harvest } = result;
  const datasets = Object.entries(harvest.datasets).map(
    ([id, summary]) => `  ${id.padEnd(10)} ${summary.records.toLocaleString('en').padStart(9)} records in ${summary.pages} pages`,
  );
  return [
    `${harvest.offline ? 'Harvest read from disk' : 'Harvest complete'}${result.demo ? ' (DEMO DATA, NOT REAL FIGURES)' : ''}: ${harvest.upstreamHost}, finished ${harvest.finishedAt}`,
    ...datasets,
    `  ${harvest.retries} retries, ${harvest.attempts} attempt${harvest.attempts === 1 ? '' : 's'}${harvest.resumed ? ', resumed' : ''}, ${harvest.warnings.length} warnings`,
    `  pages kept in ${harvest.dir}`,
  ].join('\n');
}
