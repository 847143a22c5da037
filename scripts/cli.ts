// The publisher's command line: `npm run build` (and the stages on their own). Human-readable
// output by default, one JSON document with --json; every line goes through the secret redactor.
import { parseArgs } from 'node:util';
import { CLI_FLAGS, COMMANDS, helpText } from './cli-definition.ts';
import { detectTerminal, loadConfig, type PublisherConfig } from './config.ts';
import { BuildError, EXIT_CODES, toBuildError } from './errors.ts';
import { createReporter } from './log/progress-reporter.ts';
import { createRedactor, type Redactor } from './log/secret-redactor.ts';
import { describeResult, runCommand, type CommandName, type CommandResult } from './pipeline.ts';

function printError(error: BuildError, json: boolean, redact: Redactor): void {
  if (json) {
    const document = { ok: false, error: { code: error.code, stage: error.stage, message: error.message, hint: error.hint, exitCode: error.exitCode } };
    process.stdout.write(`${redact(JSON.stringify(document, null, 2))}\n`);
    return;
  }
  process.stderr.write(redact(`\nerror ${error.code} (stage ${error.stage}): ${error.message}\nhint: ${error.hint}\n`));
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: CLI_FLAGS, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${helpText()}`);
    return EXIT_CODES.config;
  }
  const { values, positionals } = parsed;
  const json = values.json === true;
  if (values.help) {
    process.stdout.write(helpText());
    return 0;
  }
  const command = (positionals[0] ?? 'build') as CommandName;
  if (!(command in COMMANDS) || positionals.length > 1) {
    process.stderr.write(`Unknown command "${positionals.join(' ')}".\n\n${helpText()}`);
    return EXIT_CODES.config;
  }

  const redact: Redactor = createRedactor();
  const interrupt = new AbortController();
  const onSignal = (): void => interrupt.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const config: PublisherConfig = loadConfig();
    redact.add(config.upstream.apiKey);
    const reporter = createReporter({ terminal: detectTerminal(), redact });
    const result: CommandResult = await runCommand(command, {
      config,
      reporter,
      signal: interrupt.signal,
      offline: values.offline === true,
      strict: values.strict === true,
      acceptShrink: values['accept-shrink'] === true,
      rebuildSite: values['rebuild-site'] === true,
      registerSecret: redact.add,
    });
    if (json) process.stdout.write(`${redact(JSON.stringify({ ok: true, ...result }, null, 2))}\n`);
    else process.stdout.write(`${redact(describeResult(result))}\n`);
    return 0;
  } catch (error) {
    const buildError = interrupt.signal.aborted ? new BuildError('INTERRUPTED', '') : toBuildError(error);
    printError(buildError, json, redact);
    return buildError.exitCode;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

process.exitCode = await main(process.argv.slice(2));
