// The hard values the engine's writers are proven on against the JavaScript ones (json-engine.unit.test.ts,
// csv-engine.unit.test.ts): every control character, escape-like texts, edge dates, and decimals in every layout
// JavaScript prints (thousands of seeded random ones among them).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Table } from 'apache-arrow';
import { afterAll, beforeAll } from 'vitest';
import { writeParquetFile } from '../../scripts/snapshot/parquet-writer.ts';
import { AWKWARD_TEXTS, TRICKY_TEXT } from './snapshot-fixtures.ts';

/**
 * A scratch folder for a test file's engine writes, made before its tests and removed after them. `parquetOf`
 * writes a table's Parquet file there, as the snapshot stage writes it first, and names the file of `suffix` the
 * engine is to make from it.
 */
export function engineScratch(name: string): {
  parquetOf(table: Table, suffix: string): Promise<{ parquet: string; file: string }>;
} {
  let dir = '';
  let files = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), `kpu-${name}-`));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return {
    async parquetOf(table, suffix) {
      files += 1;
      const parquet = path.join(dir, `t${String(files)}.parquet`);
      await writeParquetFile(table, parquet);
      return { parquet, file: path.join(dir, `t${String(files)}${suffix}`) };
    },
  };
}

/** A seeded generator (a 32-bit linear congruential one), so a failure names the same doubles every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Finite non-negative doubles in every layout String(number) uses, then seeded random ones of every magnitude. */
export function decimals(): number[] {
  const edges = [0, 30.5, 1, 33, 100, 0.1 + 0.2, 1e-7, 1.5e-7, 1e-6, 0.000001234, 1e-5, 1e-4, 12345.678];
  edges.push(1e15, 1e16, 1e20, 1e21, 1e22, 123456789012345680000, 9.999999999999999e20, 2 ** 53, 2 ** 60);
  edges.push(5e-324, 1e-323, 2.2250738585072014e-308, 1.7976931348623157e308, 1.5e300, 123e-20);
  const random = seeded(45);
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  for (let index = 0; index < 3000; index += 1) {
    words[0] = random() * 2 ** 32;
    // Sign bit clear: the parser accepts no sign, but every exponent is reachable.
    words[1] = random() * 2 ** 31;
    if (Number.isFinite(bits[0])) edges.push(bits[0] as number);
    edges.push(random() * 10 ** Math.floor(random() * 44 - 22));
    edges.push(Math.round(random() * 1_000_000) / 10);
  }
  return edges;
}

/** Every control character, and texts that look like the escapes JSON writers make. */
export const ESCAPE_TEXTS: readonly string[] = [
  ...Array.from({ length: 0x20 }, (_, code) => `a${String.fromCharCode(code)}b`),
  Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).join(''),
  '\u007f \u0080 \u2028 \u2029 \ufeff',
  'a literal \\u001B and \\u001b and \\\\u001B',
  'a backslash before a control character \\\u001b, two together \u001b\u000b, \\\\\u001f and \\\\u001F',
  'a backslash \\ and a quote " and a slash /',
  '\\',
  '"',
  '',
  TRICKY_TEXT,
  ...AWKWARD_TEXTS,
];

export const DATES = ['0001-01-01', '0999-12-31', '1000-01-01', '1969-12-31', '1970-01-01', '2024-02-29', '9999-12-31'];
