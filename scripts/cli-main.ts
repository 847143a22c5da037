// The publisher's command line (scripts/cli.ts runs it as a program: `npm run build`, and the stages on their own).
// Human-readable output by default, one JSON document with --json; everything printed goes through the secret
// redactor and has its control characters made visible. `main` takes its environment and output streams, so tests
// can also run a command in their own process (test/support/run-cli.ts). The pipeline and the stages are imported
// when a command runs.
import { parseArgs } from 'node:util';
import { CLI_FLAGS, COMMANDS, helpText } from './cli-definition.ts';
import { detectTerminal, loadConfig, type PublisherConfig } from './config.ts';
import { BuildError, EXIT_CODES, toBuildError } from './errors.ts';
import { createReporter } from './log/progress-reporter.ts';
import { createRedactor, type Redactor } from './log/secret-redactor.ts';
import { escapeControlCharacters, escapeJsonControlCharacters } from './log/terminal-text.ts';
import type { CommandName, CommandResult } from './pipeline.ts';

/**
 * Everything printed goes out through here: every string redacted (secret-redactor.ts) and its control
 * characters made visible (terminal-text.ts); in JSON, every string value redacted before it is encoded, so
 * the document stays valid JSON.
 */
function createOutput(redact: Redactor) {
  const text = (value: string): string => redact(escapeControlCharacters(value));
  const json = (document: unknown): string =>
    escapeJsonControlCharacters(
      JSON.stringify(document, (_key, value: unknown) => (typeof value === 'string' ? redact(value) : value), 2),
    );
  return { text, json };
}

/** Where a run of the CLI reads its configuration and writes its output: this process's own, unless a test says. */
export interface CliIo {
  env?: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

function printError(io: CliIo, error: BuildError, json: boolean, redact: Redactor): void {
  const output = createOutput(redact);
  if (json) {
    const document = {
      ok: false,
      error: {
        code: error.code,
        stage: error.stage,
        message: error.message,
        hint: error.hint,
        exitCode: error.exitCode,
      },
    };
    io.stdout.write(`${output.json(document)}\n`);
    return;
  }
  // Newlines stay: SITE_BUILD_FAILED ends with the site build's own lines. Snippets of bodies are one line already.
  io.stderr.write(
    `\nerror ${error.code} (stage ${error.stage}): ${output.text(error.message)}\nhint: ${output.text(error.hint)}\n`,
  );
}

/** Runs one command line; returns the exit code. */
export async function main(
  argv: string[],
  io: CliIo = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: CLI_FLAGS, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${helpText()}`);
    return EXIT_CODES.config;
  }
  const { values, positionals } = parsed;
  const json = values.json === true;
  if (values.help) {
    io.stdout.write(helpText());
    return 0;
  }
  const command = (positionals[0] ?? 'build') as CommandName;
  if (!(command in COMMANDS) || positionals.length > 1) {
    io.stderr.write(`Unknown command "${positionals.join(' ')}".\n\n${helpText()}`);
    return EXIT_CODES.config;
  }

  const redact: Redactor = createRedactor();
  const interrupt = new AbortController();
  const onSignal = (): void => interrupt.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const config: PublisherConfig = io.env ? loadConfig(io.env) : loadConfig();
    redact.add(config.upstream.apiKey);
    const reporter = createReporter({
      terminal: io.env ? detectTerminal(io.env, io.stderr) : detectTerminal(),
      redact,
      stream: io.stderr,
    });
    const { describeResult, runCommand } = await import('./pipeline.ts');
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
    const output = createOutput(redact);
    if (json) io.stdout.write(`${output.json({ ok: true, ...result })}\n`);
    else io.stdout.write(`${output.text(describeResult(result))}\n`);
    return 0;
  } catch (error) {
    const buildError = interrupt.signal.aborted ? new BuildError('INTERRUPTED', '') : toBuildError(error);
    printError(io, buildError, json, redact);
    return buildError.exitCode;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
