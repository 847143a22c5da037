// The command line's vocabulary: commands, flags and the help text (README.md documents them; a test
// keeps the two in step).
import { CONFIG_VARIABLES } from './config.ts';
import type { CommandName } from './pipeline.ts';

/** Every flag, documented in README.md (a test checks it). */
export const CLI_FLAGS = {
  json: { type: 'boolean', description: 'Print one JSON document on standard output instead of text.' },
  offline: {
    type: 'boolean',
    description: 'Do not contact the upstream: build from the last complete harvest on disk.',
  },
  strict: { type: 'boolean', description: 'Fail the build when any record breaks a data quality rule.' },
  'accept-shrink': {
    type: 'boolean',
    description:
      'Publish even when the harvest has fewer records than the published release (or a dataset has none); the change report says so.',
  },
  'rebuild-site': {
    type: 'boolean',
    description: 'Build the site anew even when nothing it depends on changed since the last build.',
  },
  help: { type: 'boolean', description: 'Show this help.' },
} as const;

export const COMMANDS: Record<CommandName, string> = {
  build: 'Run every stage: harvest, then the later stages, into dist/.',
  harvest: 'Only download every page of both upstream queries into the cache.',
  snapshot: 'Only check, normalize and write the snapshot files, from the last complete harvest on disk (no network).',
};

export function helpText(): string {
  const flags = Object.entries(CLI_FLAGS).map(([name, flag]) => `  --${name.padEnd(12)} ${flag.description}`);
  const commands = Object.entries(COMMANDS).map(([name, text]) => `  ${name.padEnd(12)} ${text}`);
  const variables = CONFIG_VARIABLES.map(
    (variable) => `  ${variable.name.padEnd(24)} ${variable.description} (default ${variable.default})`,
  );
  return [
    'Usage: node scripts/cli.ts <command> [flags]   (npm run build -- [flags])',
    '',
    'Commands:',
    ...commands,
    '',
    'Flags:',
    ...flags,
    '',
    'Environment variables:',
    ...variables,
    '',
  ].join('\n');
}
