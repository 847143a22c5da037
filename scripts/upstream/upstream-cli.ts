// `npm run upstream -- [options]`: runs the stand-in upstream locally, serving data files or the synthetic
// demo data, with any of its "unknown" behaviours switched on from flags. A development tool, not the build.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { UPSTREAM_DATASETS } from '../datasets/datasets.ts';
import { DEMO_DATA_NOTICE, demoDataset } from '../synthetic/synthetic-data.ts';
import { HOSTILE_PRESETS, HOSTILE_PRESET_NAMES } from './hostile-presets.ts';
import { loadUpstreamData, type DatasetId, type UpstreamData } from './upstream-data.ts';
import {
  COUNT_MODES,
  EMPTY_DATA_MODES,
  FAULT_KINDS,
  RESPONSE_SHAPES,
  startUpstreamServer,
  type CountMode,
  type EmptyDataMode,
  type ResponseShape,
  type UpstreamFault,
  type UpstreamServerOptions,
} from './upstream-server.ts';
import {
  COUNT_FORMATS,
  MUTATION_PRESETS,
  createMutationPreset,
  type CountFormat,
  type MutationPreset,
  type UpstreamMutation,
} from './upstream-changes.ts';

export const UPSTREAM_CLI_USAGE = `Usage: npm run upstream -- [options]

Runs a local stand-in of the election commission's API (NOT the real API) on 127.0.0.1.

Options:
  --data FILE            serve this CSV or JSON file (repeatable; the dataset is recognised by its
                         fields). Default: the synthetic demo data (${DEMO_DATA_NOTICE}).
  --port N               port to listen on (default 0: any free port; the URL is printed)
  --key KEY              the API key clients must send in x-api-key (default: $KPU_API_KEY,
                         else a random key generated and printed once)
  --base-path PATH       serve under a path prefix, e.g. /kpu (default: none)
  --shape S              ${RESPONSE_SHAPES.join(' | ')} (default array: 1 record = bare object)
  --empty-data M         how a page with no records is sent: ${EMPTY_DATA_MODES.join(' | ')} (default array)
  --max-limit N          silently cap limit at N records per page
  --count-mode M         ${COUNT_MODES.join(' | ')} (default records)
  --total-header         send X-Total-Count
  --count-format F       how counts are sent: ${COUNT_FORMATS.join(' | ')} (default string; number: JSON
                         integers, grouped: "1.234.567", a change of the upstream's format)
  --fault KIND@N[xT]     answer data request N (and the T-1 after it) with a fault (repeatable).
                         KIND: ${FAULT_KINDS.join(', ')}
                         e.g. --fault 429@2x3 --fault timeout@5
  --retry-after S        Retry-After on 429 and 503 faults: seconds or an HTTP date
  --delay-ms N           wait N ms before each data answer
  --ignore-offset        answer every page from offset 0
  --clamp-offset         answer an offset past the end with the last page (paging never ends)
  --mutate P[:D]@N       change the data after data request N (repeatable). P: ${MUTATION_PRESETS.join(', ')};
                         D: ${UPSTREAM_DATASETS.map((dataset) => dataset.id).join(' | ')} (default turnout)
  --hostile NAME         answer hostilely (repeatable; docs/upstream.md). NAME: ${HOSTILE_PRESET_NAMES.join(', ')}
  -h, --help             show this help
`;

export interface UpstreamCliSettings {
  files: string[];
  port: number;
  key: string | undefined;
  /** Names of the hostile presets switched on (hostile-presets.ts), for the start-up line. */
  hostile: string[];
  /** Everything the server takes except the key and the data, which main() resolves. */
  server: Omit<UpstreamServerOptions, 'apiKey' | 'data' | 'port'>;
}

export type UpstreamCliParse =
  { ok: true; help: true } | { ok: true; help: false; settings: UpstreamCliSettings } | { ok: false; reason: string };

function parseCount(flag: string, value: string | undefined): number | undefined | string {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) return `--${flag} must be a non-negative integer, got "${value}"`;
  return Number(value);
}

function pickOne<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): { value?: T; reason?: string } {
  if (value === undefined) return {};
  const found = allowed.find((candidate) => candidate === value);
  return found ? { value: found } : { reason: `--${flag} must be one of ${allowed.join(', ')}, got "${value}"` };
}

/** "429@2x3" → { kind: 429, at: 2, times: 3 }; "timeout@5" → { kind: 'timeout', at: 5 }. */
export function parseFaultFlag(text: string): UpstreamFault | string {
  const match = /^([a-z0-9-]+)@(\d+)(?:x(\d+))?$/i.exec(text);
  if (!match) return `--fault must look like KIND@N or KIND@NxTIMES, got "${text}"`;
  const [, kindText = '', at = '', times] = match;
  const kind = FAULT_KINDS.find((candidate) => String(candidate) === kindText.toLowerCase());
  if (kind === undefined) return `--fault kind must be one of ${FAULT_KINDS.join(', ')}, got "${kindText}"`;
  if (Number(at) < 1) return `--fault request numbers start at 1, got "${text}"`;
  return { kind, at: Number(at), ...(times === undefined ? {} : { times: Number(times) }) };
}

/** "insert-front@3" → insert a record at the front of turnout after data request 3; "remove-first:parties@1". */
export function parseMutateFlag(text: string): UpstreamMutation | string {
  const match = /^([a-z-]+)(?::([a-z]+))?@(\d+)$/.exec(text);
  if (!match) return `--mutate must look like PRESET@N or PRESET:DATASET@N, got "${text}"`;
  const [, presetText = '', datasetText = 'turnout', after = ''] = match;
  const preset = MUTATION_PRESETS.find((candidate) => candidate === presetText) as MutationPreset | undefined;
  if (!preset) return `--mutate preset must be one of ${MUTATION_PRESETS.join(', ')}, got "${presetText}"`;
  const dataset = UPSTREAM_DATASETS.find((candidate) => candidate.id === datasetText);
  if (!dataset)
    return `--mutate dataset must be one of ${UPSTREAM_DATASETS.map((candidate) => candidate.id).join(', ')}, got "${datasetText}"`;
  return createMutationPreset(preset, Number(after), dataset.id as DatasetId);
}

export function parseUpstreamCliArguments(argv: readonly string[]): UpstreamCliParse {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        data: { type: 'string', multiple: true },
        port: { type: 'string' },
        key: { type: 'string' },
        'base-path': { type: 'string' },
        shape: { type: 'string' },
        'empty-data': { type: 'string' },
        'max-limit': { type: 'string' },
        'count-mode': { type: 'string' },
        'total-header': { type: 'boolean' },
        'count-format': { type: 'string' },
        fault: { type: 'string', multiple: true },
        'retry-after': { type: 'string' },
        'delay-ms': { type: 'string' },
        'ignore-offset': { type: 'boolean' },
        'clamp-offset': { type: 'boolean' },
        mutate: { type: 'string', multiple: true },
        hostile: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { ok: true, help: true };

  const port = parseCount('port', values.port);
  if (typeof port === 'string') return { ok: false, reason: port };
  if (port !== undefined && port > 65535) return { ok: false, reason: `--port must be at most 65535, got ${port}` };
  const maxLimit = parseCount('max-limit', values['max-limit']);
  if (typeof maxLimit === 'string' || maxLimit === 0)
    return { ok: false, reason: `--max-limit must be a positive integer, got "${values['max-limit']}"` };
  const delayMs = parseCount('delay-ms', values['delay-ms']);
  if (typeof delayMs === 'string') return { ok: false, reason: delayMs };
  const shape = pickOne<ResponseShape>('shape', values.shape, RESPONSE_SHAPES);
  const emptyData = pickOne<EmptyDataMode>('empty-data', values['empty-data'], EMPTY_DATA_MODES);
  const countMode = pickOne<CountMode>('count-mode', values['count-mode'], COUNT_MODES);
  const countFormat = pickOne<CountFormat>('count-format', values['count-format'], COUNT_FORMATS);
  const reason = shape.reason ?? emptyData.reason ?? countMode.reason ?? countFormat.reason;
  if (reason) return { ok: false, reason };
  const basePath = values['base-path'];
  if (basePath !== undefined && !basePath.startsWith('/'))
    return { ok: false, reason: `--base-path must start with "/", got "${basePath}"` };

  const retryAfterText = values['retry-after'];
  const retryAfter =
    retryAfterText === undefined ? undefined : /^\d+$/.test(retryAfterText) ? Number(retryAfterText) : retryAfterText;
  if (typeof retryAfter === 'string' && Number.isNaN(Date.parse(retryAfter))) {
    return { ok: false, reason: `--retry-after must be seconds or an HTTP date, got "${retryAfter}"` };
  }
  const faults: UpstreamFault[] = [];
  for (const text of values.fault ?? []) {
    const fault = parseFaultFlag(text);
    if (typeof fault === 'string') return { ok: false, reason: fault };
    faults.push(
      retryAfter !== undefined && (fault.kind === 429 || fault.kind === 503) ? { ...fault, retryAfter } : fault,
    );
  }
  const mutations: UpstreamMutation[] = [];
  for (const text of values.mutate ?? []) {
    const mutation = parseMutateFlag(text);
    if (typeof mutation === 'string') return { ok: false, reason: mutation };
    mutations.push(mutation);
  }

  const unknownHostile = (values.hostile ?? []).find((name) => !(name in HOSTILE_PRESETS));
  if (unknownHostile !== undefined)
    return {
      ok: false,
      reason: `--hostile must be one of ${HOSTILE_PRESET_NAMES.join(', ')}, got "${unknownHostile}"`,
    };
  const hostileNames = values.hostile ?? [];

  return {
    ok: true,
    help: false,
    settings: {
      hostile: hostileNames,
      files: values.data ?? [],
      port: port ?? 0,
      key: values.key,
      server: {
        ...(basePath === undefined ? {} : { basePath }),
        ...(shape.value ? { shape: shape.value } : {}),
        ...(emptyData.value ? { emptyData: emptyData.value } : {}),
        ...(maxLimit === undefined ? {} : { maxLimit }),
        ...(countMode.value ? { countMode: countMode.value } : {}),
        ...(values['total-header'] ? { totalHeader: true } : {}),
        ...(countFormat.value ? { countFormat: countFormat.value } : {}),
        ...(faults.length > 0 ? { faults } : {}),
        ...(delayMs === undefined ? {} : { delayMs }),
        ...(values['ignore-offset'] ? { ignoreOffset: true } : {}),
        ...(values['clamp-offset'] ? { clampOffset: true } : {}),
        ...(mutations.length > 0 ? { mutation: mutations } : {}),
        ...(hostileNames.length > 0
          ? {
              hostile: hostileNames.map((name) => (HOSTILE_PRESETS[name] as (typeof HOSTILE_PRESETS)[string]).create()),
            }
          : {}),
      },
    },
  };
}

function describeBehaviour(server: UpstreamCliSettings['server'], hostile: readonly string[] = []): string {
  const parts = [
    `shape=${server.shape ?? 'array'}`,
    `empty-data=${server.emptyData ?? 'array'}`,
    `count-mode=${server.countMode ?? 'records'}`,
  ];
  if (server.maxLimit !== undefined) parts.push(`max-limit=${server.maxLimit}`);
  if (server.totalHeader) parts.push('X-Total-Count');
  if (server.countFormat !== undefined && server.countFormat !== 'string')
    parts.push(`counts as ${server.countFormat}`);
  if (server.delayMs) parts.push(`delay=${server.delayMs}ms`);
  if (server.ignoreOffset) parts.push('IGNORES OFFSET');
  if (server.clampOffset) parts.push('CLAMPS OFFSET to the last page');
  for (const fault of server.faults ?? []) {
    const retryAfter = fault.retryAfter === undefined ? '' : ` (Retry-After: ${fault.retryAfter})`;
    parts.push(`fault ${String(fault.kind)}@${fault.at ?? 1}x${fault.times ?? 1}${retryAfter}`);
  }
  const mutations =
    server.mutation === undefined ? [] : Array.isArray(server.mutation) ? server.mutation : [server.mutation];
  for (const mutation of mutations as UpstreamMutation[]) parts.push(`mutate ${mutation.label ?? mutation.dataset}`);
  for (const name of hostile) parts.push(`HOSTILE ${name} (${HOSTILE_PRESETS[name]?.description ?? ''})`);
  return parts.join(', ');
}

async function runUpstreamCli(argv: readonly string[], environmentKey: string | undefined): Promise<number> {
  const parsed = parseUpstreamCliArguments(argv);
  if (!parsed.ok) {
    console.error(`upstream: ${parsed.reason}\n\n${UPSTREAM_CLI_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    console.log(UPSTREAM_CLI_USAGE);
    return 0;
  }
  const { settings } = parsed;
  const givenKey = settings.key ?? (environmentKey === '' ? undefined : environmentKey);
  // A generated key is printed because this server is local and throwaway; a given key is never echoed.
  const apiKey = givenKey ?? randomBytes(16).toString('hex');

  let data: UpstreamData;
  try {
    data = settings.files.length > 0 ? await loadUpstreamData(settings.files) : demoDataset();
  } catch (error) {
    console.error(`upstream: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const running = await startUpstreamServer({ ...settings.server, apiKey, data, port: settings.port });

  console.log(`Stand-in upstream (not the real KPU API) listening at ${running.url}`);
  const sizes = UPSTREAM_DATASETS.map(
    (dataset) => `${(data[dataset.id] ?? []).length} ${dataset.id} records at ${dataset.path}`,
  ).join(', ');
  console.log(
    settings.files.length > 0
      ? `Serving ${settings.files.join(', ')}: ${sizes}`
      : `Serving ${DEMO_DATA_NOTICE} (synthetic): ${sizes}`,
  );
  console.log(
    givenKey === undefined
      ? `API key (generated for this run): ${apiKey}`
      : `API key: as given by ${settings.key === undefined ? 'KPU_API_KEY' : '--key'}`,
  );
  console.log(`Behaviour: ${describeBehaviour(settings.server, settings.hostile)}`);
  console.log('Press Ctrl+C to stop.');

  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      running.close().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}

if (import.meta.main) {
  // eslint-disable-next-line no-restricted-properties -- a standalone dev tool, not the build: it takes the key like the build does.
  const environmentKey = process.env.KPU_API_KEY;
  process.exitCode = await runUpstreamCli(process.argv.slice(2), environmentKey);
}
