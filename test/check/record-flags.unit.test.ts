// The check stage's flags files read back by the snapshot stage: every record's rules, exactly as written, from the
// compact form readRecordFlags keeps (one list per distinct set of rules, an index per position).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordFlags, renderFlags } from '../../scripts/check/check-stage.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-flags-'));
  await mkdir(path.join(dir, 'flags'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function roundTrip(flags: readonly (readonly string[])[]): Promise<(readonly string[] | undefined)[]> {
  await writeFile(path.join(dir, 'flags', `${turnoutDataset.id}.json`), renderFlags(flags));
  const read = await readRecordFlags(dir, turnoutDataset);
  return Array.from({ length: flags.length + 2 }, (_, position) => read.get(position));
}

describe('readRecordFlags', () => {
  it('gives each flagged record its rules, in order, and nothing to the others', async () => {
    const flags = [[], ['dpt-sex-sum'], [], ['dpt-sex-sum', 'region-code-match'], ['dpt-sex-sum'], []];
    expect(await roundTrip(flags)).toEqual([
      undefined,
      ['dpt-sex-sum'],
      undefined,
      ['dpt-sex-sum', 'region-code-match'],
      ['dpt-sex-sum'],
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads a file that flags nothing, and one that flags every record', async () => {
    expect(await roundTrip([[], []])).toEqual([undefined, undefined, undefined, undefined]);
    const every = Array.from({ length: 1000 }, (_, position) => (position % 3 === 0 ? ['a', 'b'] : ['c']));
    const read = await roundTrip(every);
    expect(read.slice(0, every.length)).toEqual(every);
    expect(read.slice(every.length)).toEqual([undefined, undefined]);
  });

  it('writes a file of many chunks as one document, line by line, with nothing lost at the seams', async () => {
    const many = Array.from({ length: 30_000 }, (_, position) => (position % 7 === 0 ? [] : ['dpt-sex-sum']));
    const chunks = [...renderFlags(many)];
    expect(chunks.length).toBeGreaterThan(5);
    const text = chunks.join('');
    const lines = many.flatMap((recordFlags, position) =>
      recordFlags.length === 0 ? [] : [JSON.stringify([position, recordFlags])],
    );
    expect(text).toBe(`[\n${lines.join(',\n')}\n]\n`);
    expect(JSON.parse(text)).toHaveLength(lines.length);
    const read = await roundTrip(many);
    expect(read.slice(0, many.length)).toEqual(
      many.map((recordFlags) => (recordFlags.length === 0 ? undefined : recordFlags)),
    );
  });
});
