// The hostile answers of docs/upstream.md by name, for `npm run upstream -- --hostile NAME`: each preset is one of the
// factories of hostile-envelopes.ts, hostile-bodies.ts, hostile-secrets.ts and hostile-outputs.ts with settings
// that show the behaviour on the demo data. Tests call the factories themselves, with their own settings.
import {
  compressionBomb,
  deepNesting,
  distinctYears,
  encodedBody,
  endlessBody,
  endlessPages,
  hugeField,
  invalidUtf8,
  rawNumberValue,
  bomPrefixed,
} from './hostile-bodies.ts';
import {
  answersCappedAt,
  countWithoutData,
  earlyEndWithTotal,
  envelopeFromPage,
  envelopeThenThrottled,
  errorEnvelopeOnEveryPage,
  errorEnvelopeOnPage,
  errorRecords,
  filterRefused,
  firstRecordRepeated,
  recordDropped,
  flickeringEnd,
  keyedWithKeys,
  nameWrittenTwice,
  oneBasedOffsets,
  statusFromPage,
  UNKNOWN_ENVELOPES,
} from './hostile-envelopes.ts';
import {
  controlCharactersInAnswer,
  echoKeyInBrokenBody,
  echoKeyInError,
  echoKeyInHeaders,
  echoKeyInRecord,
  ECHO_ENCODINGS,
} from './hostile-secrets.ts';
import type { HostileAnswer } from './upstream-server.ts';

export interface HostilePreset {
  /** What the stand-in does, for `--help` and the start-up line. */
  description: string;
  create(): HostileAnswer;
}

const PARTIES = { dataset: 'parties' } as const;

/** Every preset; the echo presets are generated, one per encoding of the key (`echo-key-<encoding>`). */
export const HOSTILE_PRESETS: Readonly<Record<string, HostilePreset>> = {
  'error-envelope': {
    description: 'every page: {"status":"error","message":"Database connection failed","data":null}',
    create: () => errorEnvelopeOnEveryPage(),
  },
  'error-envelope-page-2': {
    description: 'the second page of each dataset answers the error envelope',
    create: () => errorEnvelopeOnPage(2),
  },
  'error-records': {
    description: 'every page: [{"error":"Too many requests, slow down"}]',
    create: () => errorRecords(),
  },
  'count-without-data': { description: 'every page: {"count":"8","data":null}', create: () => countWithoutData() },
  'one-based-offsets': {
    description: 'offsets read as 1-based: each page begins with the last record of the page before',
    create: () => oneBasedOffsets(),
  },
  'keyed-bad-keys': {
    description: 'keyed data with the keys "0","01","1","00"',
    create: () => keyedWithKeys(() => ['0', '01', '1', '00']),
  },
  ...Object.fromEntries(
    Object.entries(UNKNOWN_ENVELOPES).map(([name, envelope]) => [
      `envelope-${name}`,
      {
        description: `from the third page of each dataset on: ${JSON.stringify(envelope)}`,
        create: () => envelopeFromPage(3, envelope),
      },
    ]),
  ),
  'early-end-total': {
    description:
      'from the third page of each dataset on: {"count":"0","data":[]} with an X-Total-Count of all the records (with KPU_PAGE_SIZE below the records)',
    create: () => earlyEndWithTotal(3),
  },
  'stable-early-end': {
    description:
      'from the third page of each dataset on: {"count":"0","data":[]}, every time (with KPU_PAGE_SIZE below the records)',
    create: () => envelopeFromPage(3, { count: '0', data: [] }),
  },
  'results-capped': {
    description:
      'at most the first 20 records of each dataset to a request without a filter (a silent cap on its results: the page across it short, those after it empty)',
    create: () => answersCappedAt(20),
  },
  'record-dropped': {
    description:
      'the 10th record of each dataset left out of the pages (a page one record short, the pages after it on by one), kept in the answers by value',
    create: () => recordDropped(9),
  },
  'end-status-202': {
    description:
      'from the third page of each dataset on: HTTP 202 with {"count":"0","data":[]} (with KPU_PAGE_SIZE below the records)',
    create: () => statusFromPage(3, 202),
  },
  'filter-refused': {
    description:
      'every request asked by value (id_dapil, tahun_pemilu) answered HTTP 400 {"message":"unknown parameter"}',
    create: () => filterRefused({ status: 400, body: '{"message":"unknown parameter"}' }),
  },
  'partial-page-206': {
    description: 'from the third page of each dataset on: HTTP 206 with the first record of the page alone',
    create: () => statusFromPage(3, 206, (request) => ({ count: '1', data: request.page.slice(0, 1) })),
  },
  'envelope-data-twice': {
    description: 'from the third page of each dataset on: {"count":"0","data":[…the page…],"data":[]}',
    create: () => nameWrittenTwice('envelope', 3),
  },
  'record-field-twice': {
    description: "every record's first field written twice, the first time with another value",
    create: () => nameWrittenTwice('record', 1),
  },
  'flickering-end': {
    description:
      'every page after the first answers {"count":"0","data":[]} on every other request (with KPU_PAGE_SIZE below the records)',
    create: () => flickeringEnd(1),
  },
  'first-record-repeated': {
    description: 'every page after the first begins with the first record of the data instead of its own',
    create: () => firstRecordRepeated(),
  },
  'envelope-then-429': {
    description: 'the first page of each dataset: the error envelope 3 times, then 429 (KPU_RETRIES=3 ends on it)',
    create: () => envelopeThenThrottled(0, 3),
  },
  'huge-field': {
    description: 'the first party name of each page is 50 MiB of X',
    create: () => hugeField('NamaPartai', 50 * 1024 * 1024, PARTIES),
  },
  'endless-body': { description: 'party pages: a 200 body that never ends', create: () => endlessBody(PARTIES) },
  'gzip-body': { description: 'every body gzip-encoded (Content-Encoding: gzip)', create: () => encodedBody('gzip') },
  'compression-bomb': {
    description: 'every body a gzip bomb of 256 MiB decoded (4 times KPU_MAX_RESPONSE_BYTES)',
    create: () => compressionBomb(256 * 1024 * 1024),
  },
  'bom-body': { description: 'every body starts with a UTF-8 byte order mark', create: () => bomPrefixed() },
  'deep-nesting': {
    description: 'the first party name of each page nested 3,000 levels deep',
    create: () => deepNesting('NamaPartai', 3000, PARTIES),
  },
  'raw-number': {
    description: 'the first ballot number of each party page is the JSON number 1e400',
    create: () => rawNumberValue('NomorUrutPartai', '1e400', PARTIES),
  },
  'invalid-utf8': {
    description: 'the first party name of each page holds bytes that are not UTF-8',
    create: () => invalidUtf8('NamaPartai', PARTIES),
  },
  'many-years': {
    description: 'party records spread over 3,000 election years',
    create: () => distinctYears('parties', 3000),
  },
  'endless-pages': { description: 'party pages never run out', create: () => endlessPages('parties') },
  'echo-key-in-error': { description: 'a 400 whose message quotes the key', create: () => echoKeyInError('raw') },
  'echo-key-in-broken-body': {
    description: 'a 200 body that is not JSON and starts with the key',
    create: () => echoKeyInBrokenBody(),
  },
  'echo-key-in-headers': { description: 'a redirect whose Location carries the key', create: () => echoKeyInHeaders() },
  'control-characters': {
    description: 'a 400 whose body holds ANSI escapes and other control characters',
    create: () => controlCharactersInAnswer('error-body'),
  },
  ...Object.fromEntries(
    ECHO_ENCODINGS.map((encoding) => [
      `echo-key-${encoding}`,
      { description: `the key echoed inside a record, encoded ${encoding}`, create: () => echoKeyInRecord(encoding) },
    ]),
  ),
};

export const HOSTILE_PRESET_NAMES: readonly string[] = Object.keys(HOSTILE_PRESETS);
