// The `npm run upstream` command: its flags, and the real process serving requests.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import {
  parseFaultFlag,
  parseMutateFlag,
  parseUpstreamCliArguments,
  UPSTREAM_CLI_USAGE,
} from '../../scripts/upstream/upstream-cli.ts';
import { HOSTILE_PRESET_NAMES } from '../../scripts/upstream/hostile-presets.ts';
import { FAULT_KINDS, type HostileAnswer } from '../../scripts/upstream/upstream-server.ts';
import { REAL_FILES, callUpstream, hasRealData } from './upstream-test-helpers.ts';

const CLI = resolve(import.meta.dirname, '../../scripts/upstream/upstream-cli.ts');

describe('parseUpstreamCliArguments', () => {
  it('reads every behaviour flag', () => {
    const parsed = parseUpstreamCliArguments([
      '--data',
      'a.csv',
      '--data',
      'b.json',
      '--port',
      '8123',
      '--key',
      'k',
      '--base-path',
      '/kpu',
      '--shape',
      'keyed',
      '--empty-data',
      'null',
      '--max-limit',
      '50',
      '--count-mode',
      'total',
      '--total-header',
      '--count-format',
      'number',
      '--fault',
      '429@2x3',
      '--fault',
      'timeout@5',
      '--fault',
      '503@7',
      '--retry-after',
      '1',
      '--delay-ms',
      '20',
      '--ignore-offset',
      '--clamp-offset',
      '--mutate',
      'insert-front@3',
      '--mutate',
      'remove-first:parties@4',
    ]);
    expect(parsed.ok && !parsed.help).toBe(true);
    if (!parsed.ok || parsed.help) return;
    const { mutation, ...server } = parsed.settings.server;
    expect({ ...parsed.settings, server }).toEqual({
      files: ['a.csv', 'b.json'],
      port: 8123,
      key: 'k',
      hostile: [],
      server: {
        basePath: '/kpu',
        shape: 'keyed',
        emptyData: 'null',
        maxLimit: 50,
        countMode: 'total',
        totalHeader: true,
        countFormat: 'number',
        faults: [
          { kind: 429, at: 2, times: 3, retryAfter: 1 },
          { kind: 'timeout', at: 5 },
          { kind: 503, at: 7, retryAfter: 1 },
        ],
        delayMs: 20,
        ignoreOffset: true,
        clampOffset: true,
      },
    });
    expect(mutation).toMatchObject([
      { afterRequest: 3, dataset: 'turnout', label: 'insert-front:turnout@3' },
      { afterRequest: 4, dataset: 'parties', label: 'remove-first:parties@4' },
    ]);
  });

  it('defaults to port 0, no files and no key', () => {
    expect(parseUpstreamCliArguments([])).toEqual({
      ok: true,
      help: false,
      settings: { files: [], port: 0, key: undefined, hostile: [], server: {} },
    });
    expect(parseUpstreamCliArguments(['-h'])).toEqual({ ok: true, help: true });
  });

  it.each([
    [['--shape', 'list'], /--shape must be one of/],
    [['--empty-data', 'none'], /--empty-data/],
    [['--count-mode', 'all'], /--count-mode/],
    [['--count-format', 'float'], /--count-format must be one of/],
    [['--max-limit=-1'], /--max-limit must be a positive integer/],
    [['--max-limit', '0'], /--max-limit must be a positive integer/],
    [['--delay-ms', 'x'], /--delay-ms must be a non-negative integer/],
    [['--port', '70000'], /--port must be at most 65535/],
    [['--fault', '418@1'], /--fault kind must be one of/],
    [['--fault', '429'], /KIND@N/],
    [['--fault', '500@0'], /start at 1/],
    [['--mutate', 'shuffle@1'], /--mutate preset/],
    [['--mutate', 'insert-front:people@1'], /--mutate dataset/],
    [['--retry-after', 'soon'], /--retry-after/],
    [['--base-path', 'kpu'], /--base-path/],
    [['--hostile', 'polite'], /--hostile must be one of/],
    [['--unknown'], /Unknown option/],
  ])('rejects %j', (argv, reason) => {
    const parsed = parseUpstreamCliArguments(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it('understands every fault kind and names them all in the help', () => {
    for (const kind of FAULT_KINDS) {
      expect(parseFaultFlag(`${kind}@1`)).toEqual({ kind, at: 1 });
      expect(UPSTREAM_CLI_USAGE).toContain(String(kind));
    }
    expect(parseMutateFlag('change-value:parties@2')).toMatchObject({ afterRequest: 2, dataset: 'parties' });
    for (const flag of [
      '--data',
      '--port',
      '--key',
      '--shape',
      '--empty-data',
      '--max-limit',
      '--count-mode',
      '--total-header',
      '--fault',
      '--retry-after',
      '--delay-ms',
      '--ignore-offset',
      '--clamp-offset',
      '--mutate',
      '--hostile',
      '--help',
    ]) {
      expect(UPSTREAM_CLI_USAGE).toContain(flag);
    }
  });

  it('switches on every hostile preset by name, each one answering something other than the normal page', () => {
    for (const name of HOSTILE_PRESET_NAMES) {
      expect(UPSTREAM_CLI_USAGE).toContain(name);
      const parsed = parseUpstreamCliArguments(['--hostile', name]);
      expect(parsed.ok && !parsed.help && parsed.settings.hostile).toEqual([name]);
      if (!parsed.ok || parsed.help) continue;
      const [answer] = parsed.settings.server.hostile as HostileAnswer[];
      // The first pages of a dataset of three records in pages of one, the empty page that ends it, and its year asked
      // by value (the filter set), as the server would hand them to the preset.
      const records = ['1', '2', '3'].map((number) => ({
        tahunPemilu: '2024',
        NomorUrutPartai: number,
        NamaPartai: `Partai Contoh ${number}`,
      }));
      const answers = [1, 2, 3, 4, 5].map((number) => {
        const byValue = number === 5;
        const page = byValue ? records.slice(0, 1) : records.slice(number - 1, number);
        return answer?.({
          number,
          dataset: partyDataset,
          limit: 1,
          offset: byValue ? 0 : number - 1,
          filter: byValue ? '2024' : null,
          matching: records,
          page,
          envelope: { count: page.length, data: page.length === 1 ? page[0] : [] },
          apiKey: 'k-1',
        });
      });
      expect(
        answers.some((reply) => reply !== undefined),
        name,
      ).toBe(true);
    }
  });
});

describe('the upstream command', () => {
  const children: ChildProcessWithoutNullStreams[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM');
  });

  /** Starts the CLI and resolves with its URL and what it printed so far. */
  function startCli(
    argv: string[],
    env: Record<string, string> = {},
  ): Promise<{ url: string; output: () => string; child: ChildProcessWithoutNullStreams }> {
    const environment = { ...process.env, ...env };
    if (!('KPU_API_KEY' in env)) delete environment.KPU_API_KEY;
    const child = spawn(process.execPath, [CLI, ...argv], { env: environment });
    children.push(child);
    let output = '';
    return new Promise((resolvePromise, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening at (http:\/\/\S+)/.exec(output);
        if (match && output.includes('Ctrl+C'))
          resolvePromise({ url: match[1] as string, output: () => output, child });
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.on('exit', (code) => reject(new Error(`upstream exited with ${code}: ${output}`)));
    });
  }

  it('serves the demo data, announced as not real, with the given key and faults', async () => {
    const { url, output, child } = await startCli([
      '--key',
      'secret-cli-key',
      '--fault',
      '500@1',
      '--shape',
      'always-array',
    ]);
    expect(output()).toContain('DEMO DATA, NOT REAL FIGURES');
    expect(output()).toContain('API key: as given by --key');
    expect(output()).not.toContain('secret-cli-key');
    expect((await callUpstream(url, turnoutDataset.path, {}, { key: 'secret-cli-key' })).status).toBe(500);
    const reply = await callUpstream(url, partyDataset.path, { limit: 1 }, { key: 'secret-cli-key' });
    expect(reply.json).toMatchObject({ count: 1, data: [{ NamaPartai: expect.stringMatching(/Contoh/) }] });
    expect((await callUpstream(url, turnoutDataset.path, {}, { key: 'other' })).status).toBe(401);
    const exited = new Promise((resolvePromise) => child.on('exit', resolvePromise));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('with --hostile, says so and answers hostilely: an error envelope inside a 200', async () => {
    const { url, output } = await startCli(['--key', 'k', '--hostile', 'error-envelope']);
    expect(output()).toContain('HOSTILE error-envelope');
    const reply = await callUpstream(url, partyDataset.path, { limit: 5 }, { key: 'k' });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 'error', message: 'Database connection failed', data: null });
  });

  it('takes the key from KPU_API_KEY without printing it', async () => {
    const { url, output } = await startCli([], { KPU_API_KEY: 'env-key-123' });
    expect(output()).toContain('API key: as given by KPU_API_KEY');
    expect(output()).not.toContain('env-key-123');
    expect((await callUpstream(url, turnoutDataset.path, { limit: 1 }, { key: 'env-key-123' })).status).toBe(200);
  });

  it('generates and prints a key when none is given', async () => {
    const { url, output } = await startCli([]);
    const key = /API key \(generated for this run\): ([0-9a-f]{32})/.exec(output())?.[1];
    expect(key).toBeDefined();
    expect((await callUpstream(url, turnoutDataset.path, { limit: 1 }, { key: key as string })).status).toBe(200);
  });

  it('with --clamp-offset, says so and answers every offset past the end with the last page', async () => {
    const { url, output } = await startCli(['--key', 'k', '--clamp-offset']);
    expect(output()).toContain('CLAMPS OFFSET');
    const first = await callUpstream(url, partyDataset.path, { limit: 1000 }, { key: 'k' });
    const { count } = first.json as { count: number };
    expect(count).toBeGreaterThan(0);
    const pastTheEnd = await callUpstream(url, partyDataset.path, { limit: 1000, offset: count + 5 }, { key: 'k' });
    expect(pastTheEnd.text).toBe(first.text);
  });

  it.skipIf(!hasRealData)('serves data files given with --data', async () => {
    const { url, output } = await startCli([
      '--key',
      'k',
      '--data',
      REAL_FILES.turnout,
      '--data',
      REAL_FILES.parties2024,
    ]);
    expect(output()).toContain('263 turnout records');
    expect(output()).not.toContain('DEMO DATA');
    expect((await callUpstream(url, partyDataset.path, { limit: 100 }, { key: 'k' })).json).toMatchObject({
      count: 24,
    });
  });

  it('exits with 2 and the usage on a bad flag, and 1 on an unreadable file', async () => {
    const run = (argv: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolvePromise) => {
        const child = spawn(process.execPath, [CLI, ...argv]);
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => resolvePromise({ code, stderr }));
      });
    const bad = await run(['--shape', 'list']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run upstream');
    const missing = await run(['--key', 'k', '--data', '/nonexistent/file.csv']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('/nonexistent/file.csv');
  });
});
