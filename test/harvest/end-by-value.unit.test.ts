// The end of the data asked by value (scripts/harvest/end-by-value.ts), against an upstream made of a list of
// records that answers the filter as the stand-in does, or ignores it: what is asked, and what it concludes.
// The whole build against a stable early end is test/publish/publish-proven-complete.test.ts.
import { describe, expect, it } from 'vitest';
import type { UpstreamConfig } from '../../scripts/config.ts';
import { filterValueText, recordKey, type RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { BuildError } from '../../scripts/errors.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { askEndsByValue, type PagedHarvest } from '../../scripts/harvest/end-by-value.ts';
import type { FetchedPage, UpstreamClient } from '../../scripts/harvest/upstream-client.ts';

const CONFIG = { pageSize: 2, maxPages: 100, concurrency: 2, limits: { maxRecords: 40 } } as UpstreamConfig;

// Synthetic party records (not real ones): two in 2019, three in 2024.
const party = (year: string, number: string): RawRecord => ({
  tahunPemilu: year,
  NomorUrutPartai: number,
  NamaPartai: `PARTAI CONTOH ${number}`,
});
const UPSTREAM = [party('2019', '1'), party('2019', '2'), party('2024', '1'), party('2024', '2'), party('2024', '3')];

/**
 * How the upstream answers a request asked by value: as the stand-in does ('applied'), from all records
 * ('ignored'), with no records ('empty'), from the first page whatever the offset ('no-offset'), or with the error
 * the client throws (`refuse`, per value; null: answered as 'applied').
 */
type FilterBehaviour = 'applied' | 'ignored' | 'empty' | 'no-offset' | { refuse: (value: string) => Error | null };

/** An upstream over `records`, logging what it is asked (`<value or ->@<offset>`). */
function upstreamOf(records: readonly RawRecord[], behaviour: FilterBehaviour) {
  const asked: string[] = [];
  const client: UpstreamClient = {
    fetchPage(_dataset, offset, limit, _keep, filter) {
      asked.push(`${filter ?? '-'}@${offset}`);
      const refusal = filter === undefined || typeof behaviour === 'string' ? null : behaviour.refuse(filter);
      if (refusal !== null) return Promise.reject(refusal);
      let matching = records;
      if (filter !== undefined && behaviour === 'empty') matching = [];
      else if (filter !== undefined && behaviour !== 'ignored')
        matching = records.filter((record) => filterValueText(record.tahunPemilu) === filter);
      const from = filter !== undefined && behaviour === 'no-offset' ? 0 : offset;
      const page = matching.slice(from, from + limit);
      return Promise.resolve({ parsed: { content: { records: page } } } as unknown as FetchedPage);
    },
    close: () => Promise.resolve(),
  };
  return { client, asked };
}

/** The paged harvest of `harvested` (default: the first `count` records), its last page `full` or not. */
function pagedHarvest(count: number, full: boolean, harvested = UPSTREAM.slice(0, count)): PagedHarvest {
  // The last page: as many records as asked for when full, one otherwise.
  const last = harvested.slice(full ? -CONFIG.pageSize : -1);
  return {
    keys: new Map(harvested.map((record) => [recordKey(partyDataset, record), 0])),
    endOffset: harvested.length,
    lastPage: { records: () => last },
    warnings: [],
  };
}

async function ask(
  paged: PagedHarvest,
  records: readonly RawRecord[] = UPSTREAM,
  behaviour: FilterBehaviour = 'applied',
) {
  const { client, asked } = upstreamOf(records, behaviour);
  const { truncations, evidence } = await askEndsByValue([partyDataset], new Map([['parties', paged]]), client, CONFIG);
  // Two values are asked at once (KPU_CONCURRENCY 2), so their requests interleave: sorted, they compare.
  return { truncations, evidence: evidence.get('parties'), asked: asked.toSorted() };
}

/** The truncation found when 2024's records, all 3 of them, are missing from pages that end at offset 2. */
const MISSING_2024 =
  'parties: tahun_pemilu 2024, asked by value, answers 3 records that the pages before the empty page at offset 2 lack (the first: key ["2024","1"]).';

describe('the end of the data asked by value', () => {
  it('finds nothing when the paged harvest has every record: every value read whole, the unseen years asked', async () => {
    const paged = pagedHarvest(5, true);
    const { truncations, evidence, asked } = await ask(paged);
    expect(truncations).toEqual([]);
    expect(paged.warnings).toEqual([]);
    // 2024 (the last record's) and 2019 whole, pages of 2 until an empty one; then 2014, the one year of the
    // official tables not harvested.
    expect(asked).toEqual(['2014@0', '2019@0', '2019@2', '2024@0', '2024@2', '2024@3']);
    // What the manifest records of it.
    expect(evidence).toEqual({
      parameter: 'tahun_pemilu',
      valuesReturned: 2,
      recordsAnswered: 5,
      unseenValuesAsked: 1,
      unanswered: null,
    });
  });

  it('names the last value whose records the pages lack (an end in the middle of 2024)', async () => {
    const { truncations } = await ask(pagedHarvest(3, false));
    expect(truncations).toEqual([
      'parties: tahun_pemilu 2024, asked by value, answers 2 records that the pages before the empty page at offset 3 lack (the first: key ["2024","2"]).',
    ]);
  });

  it.each([
    ['a full last page (an end on a page boundary)', true],
    ['a shorter last page (an upstream capping its answers in all at 2 records)', false],
  ])('asks the years the pages never reached after %s: the end between two years', async (_name, full) => {
    const { truncations, asked } = await ask(pagedHarvest(2, full));
    expect(asked).toEqual(['2014@0', '2019@0', '2019@2', '2024@0', '2024@2', '2024@3']);
    expect(truncations).toEqual([MISSING_2024]);
  });

  it('names records missing from a value other than the last (an upstream whose order mixes the years)', async () => {
    // The pages held 2019's first record, then 2024's three: 2019's second was lost, 2024 is whole.
    const harvested = [UPSTREAM[0], UPSTREAM[2], UPSTREAM[3], UPSTREAM[4]] as RawRecord[];
    const { truncations } = await ask(pagedHarvest(4, true, harvested));
    expect(truncations).toEqual([
      'parties: tahun_pemilu 2019, asked by value, answers 1 record that the pages before the empty page at offset 4 lack (the first: key ["2019","2"]).',
    ]);
  });

  it('finds nothing after a shorter last page when the unseen years hold no record: a natural end', async () => {
    const { truncations, evidence, asked } = await ask(pagedHarvest(2, false), UPSTREAM.slice(0, 2));
    expect(truncations).toEqual([]);
    expect(asked).toEqual(['2014@0', '2019@0', '2019@2', '2024@0']);
    expect(evidence).toMatchObject({ valuesReturned: 1, recordsAnswered: 2, unseenValuesAsked: 2 });
  });

  it('warns, and concludes nothing, when the upstream ignores the filter', async () => {
    const paged = pagedHarvest(3, true);
    const { truncations, evidence } = await ask(paged, UPSTREAM, 'ignored');
    expect(truncations).toEqual([]);
    const why = 'the upstream ignores tahun_pemilu (asked for 2024, it answered a record of "2019")';
    expect(paged.warnings).toEqual([`parties: ${why}: the end of the data rests on its confirmation alone.`]);
    expect(evidence).toMatchObject({ valuesReturned: 0, unseenValuesAsked: 0, unanswered: why });
  });

  it('warns, and asks no unseen value, when the filter lacks records the pages hold of a value', async () => {
    const paged = pagedHarvest(5, true);
    const { truncations, asked } = await ask(paged, UPSTREAM, 'empty');
    expect(truncations).toEqual([]);
    expect(asked).toEqual(['2019@0', '2024@0']);
    expect(paged.warnings).toEqual([
      "parties: the upstream's tahun_pemilu=2024 answers 0 records of the 3 the pages returned of it: the end of the data rests on its confirmation alone.",
    ]);
  });

  it('warns after one page again, not KPU_MAX_PAGES requests, when the upstream ignores the offset under the filter', async () => {
    const paged = pagedHarvest(5, true);
    const { truncations, asked } = await ask(paged, UPSTREAM, 'no-offset');
    expect(truncations).toEqual([]);
    expect(asked).toEqual(['2019@0', '2019@2', '2024@0', '2024@2']);
    expect(paged.warnings).toEqual([
      'parties: the upstream ignores offset under tahun_pemilu=2024 (at offset 2, key ["2024","1"] again): the end of the data rests on its confirmation alone.',
    ]);
  });

  it('warns, and concludes nothing, when the upstream answers the filter with an error: it is never required', async () => {
    const paged = pagedHarvest(5, true);
    const refusal = new BuildError('UPSTREAM_CLIENT_ERROR', 'HTTP 400 from https://upstream.example/api/profilpartai');
    const { truncations, asked } = await ask(paged, UPSTREAM, { refuse: () => refusal });
    expect(truncations).toEqual([]);
    // The first refusal ends the asking: the two values asked at once, and no more.
    expect(asked).toEqual(['2019@0', '2024@0']);
    expect(paged.warnings).toEqual([
      'parties: the upstream does not answer tahun_pemilu=2024 (UPSTREAM_CLIENT_ERROR: HTTP 400 from https://upstream.example/api/profilpartai): the end of the data rests on its confirmation alone.',
    ]);
  });

  it('keeps the records a value answered beside another value that was refused', async () => {
    // The pages hold 2019 whole and the years are asked two at once: 2019 with 2014, refused, and then no more.
    const refuse2014 = (filter: string) =>
      filter === '2014' ? new BuildError('UPSTREAM_SERVER_ERROR', 'HTTP 500, 5 retries exhausted.') : null;
    const first = await ask(pagedHarvest(2, true), UPSTREAM, { refuse: refuse2014 });
    expect(first.asked).toEqual(['2014@0', '2019@0', '2019@2']);
    expect(first.truncations).toEqual([]);
    // Refused the other way round, 2014 first: 2024, asked beside it, still shows what the pages lacked.
    const refuse2019 = (filter: string) =>
      filter === '2019' ? new BuildError('UPSTREAM_SERVER_ERROR', 'HTTP 500, 5 retries exhausted.') : null;
    const paged = pagedHarvest(2, true);
    const second = await ask(paged, [...UPSTREAM, party('2014', '1')], { refuse: refuse2019 });
    expect(second.truncations).toEqual([
      'parties: tahun_pemilu 2014, asked by value, answers 1 record that the pages before the empty page at offset 2 lack (the first: key ["2014","1"]).',
    ]);
    expect(paged.warnings).toHaveLength(1);
  });

  it('stops the build on an answer that stops it anywhere: the key echoed, a limit reached', async () => {
    for (const code of ['UPSTREAM_ECHOED_KEY', 'UPSTREAM_RESPONSE_TOO_LARGE'] as const) {
      const error = new BuildError(code, 'in the answer to tahun_pemilu=2014');
      await expect(ask(pagedHarvest(5, true), UPSTREAM, { refuse: () => error })).rejects.toBe(error);
    }
  });

  it('stops the build when the answers by value pass KPU_MAX_RECORDS: an upstream whose filter never ends', async () => {
    // Every page asked by value holds two new records of that value.
    let made = 0;
    const client: UpstreamClient = {
      fetchPage(_dataset, _offset, _limit, _keep, filter) {
        const records = [0, 1].map(() => party(filter ?? '2019', String((made += 1))));
        return Promise.resolve({ parsed: { content: { records } } } as unknown as FetchedPage);
      },
      close: () => Promise.resolve(),
    };
    const run = askEndsByValue([partyDataset], new Map([['parties', pagedHarvest(5, true)]]), client, CONFIG);
    await expect(run).rejects.toMatchObject({ code: 'HARVEST_TOO_MANY_RECORDS' });
    // Within the limit and one page past it, not KPU_MAX_PAGES pages of each value.
    expect(made).toBeLessThanOrEqual(40 + 2 * CONFIG.concurrency);
  });

  it('compares values as the filter does: digits without their leading zeros', () => {
    expect(filterValueText('01101')).toBe('1101');
    expect(filterValueText('0')).toBe('0');
    expect(filterValueText(2024)).toBe('2024');
    expect(filterValueText('DKI JAKARTA I')).toBe('DKI JAKARTA I');
  });
});
