// The value parsers shared by the rules and the normalizer, on the documented examples and their edges.
import { describe, expect, it } from 'vitest';
import {
  exactCountDigits,
  isAbsoluteHttpUrl,
  isEmailAddress,
  isSafeCount,
  normalizeText,
  parseColumnValue,
  parseDayMonthYear,
  parseDecimalComma,
  parseInteger,
} from '../../scripts/datasets/value-parsers.ts';
import { parseJsonExactly } from '../../scripts/harvest/exact-json.ts';

/** Numbers as the harvest keeps them when JSON.parse would change them (JSON.rawJSON). */
const [RAW_1E400, RAW_WHOLE_WITH_FRACTION] = parseJsonExactly('[1e400, 12345.0]') as [unknown, unknown];

describe('parseInteger', () => {
  it.each([
    ['49490', 49490],
    ['0', 0],
    ['0101', 101],
    ['9007199254740991', 9007199254740991],
  ])('%s → %d', (input, expected) => {
    expect(parseInteger(input)).toEqual({ ok: true, value: expected });
  });

  it.each([[''], ['   ']])('%j → null', (input) => {
    expect(parseInteger(input)).toEqual({ ok: true, value: null });
  });

  it.each([
    ['12.5'],
    ['1.234'],
    [' 12'],
    ['-1'],
    ['+1'],
    ['1e3'],
    ['١٢'],
    ['9007199254740992'],
    ['99999999999999999999'],
  ])('%j is not ok', (input) => {
    expect(parseInteger(input).ok).toBe(false);
  });
});

describe('isSafeCount', () => {
  // Up to 15 digits the answer needs no BigInt (always yes); from 16 digits on, BigInt decides. Both must agree with
  // the plain definition, value ≤ 2^53 − 1, at the edges of the shortcut.
  const safe = (digits: string): boolean => BigInt(digits) <= BigInt(Number.MAX_SAFE_INTEGER);

  it.each([
    ['0', true],
    ['999999999999999', true], // 15 digits, the longest without BigInt
    ['000000000000001', true],
    ['1000000000000000', true], // 16 digits: BigInt
    ['9007199254740991', true], // 2^53 − 1
    ['9007199254740992', false], // 2^53
    ['9007199254740993', false],
    ['9999999999999999', false],
    ['0009007199254740991', true], // leading zeros: 19 digits, still 2^53 − 1
    ['0009007199254740992', false],
    ['99999999999999999999', false],
  ])('%s → %s', (digits, expected) => {
    expect(isSafeCount(digits)).toBe(expected);
    expect(isSafeCount(digits)).toBe(safe(digits));
  });
});

describe('parseDecimalComma', () => {
  it.each([
    ['30,5', 30.5],
    ['32,5', 32.5],
    ['33', 33],
    ['0,25', 0.25],
    ['100', 100],
  ])('%s → %d', (input, expected) => {
    expect(parseDecimalComma(input)).toEqual({ ok: true, value: expected });
  });

  it('empty → null', () => {
    expect(parseDecimalComma('')).toEqual({ ok: true, value: null });
  });

  it.each([['30.5'], ['1.234,5'], ['1,234,5'], ['-1'], [',5'], ['5,'], ['30,5%'], [' 30,5']])(
    '%j is not ok',
    (input) => {
      expect(parseDecimalComma(input).ok).toBe(false);
    },
  );
});

describe('parseDayMonthYear', () => {
  it.each([
    ['07-03-2011', '2011-03-07'],
    ['29-02-2024', '2024-02-29'],
    ['29-02-2000', '2000-02-29'],
    ['31-12-1999', '1999-12-31'],
  ])('%s → %s', (input, expected) => {
    expect(parseDayMonthYear(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['31-02-2020'],
    ['29-02-2023'],
    ['29-02-1900'],
    ['31-04-2021'],
    ['00-01-2020'],
    ['01-13-2020'],
    ['01-01-0000'],
    ['6-2-2008'],
    ['2008-02-06'],
    ['06/02/2008'],
  ])('%j is not ok', (input) => {
    expect(parseDayMonthYear(input).ok).toBe(false);
  });
});

describe('normalizeText', () => {
  it.each([
    ['  Jl.  Raden   Saleh ', 'Jl. Raden Saleh'],
    ['JOSE DIMA SATRIA , SH., M.Kn', 'JOSE DIMA SATRIA , SH., M.Kn'],
    ['Jalan\tDaksa\n Kebayoran', 'Jalan Daksa Kebayoran'],
    ['0101', '0101'],
    ['', null],
    [' \u00a0 ', null],
  ])('%j → %j', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe('isEmailAddress and isAbsoluteHttpUrl', () => {
  it('e-mail addresses', () => {
    expect(
      ['dpp@contoh-satu.example', 'exco.partai@partai-contoh.or.example', 'dpppartaicontoh@mail.example'].every(
        isEmailAddress,
      ),
    ).toBe(true);
    expect(
      ['', 'dpp at contoh.example', 'a@b@c.example', '@contoh.example', 'dpp@', 'dpp@contoh .example'].some(
        isEmailAddress,
      ),
    ).toBe(false);
  });

  it('absolute http(s) URLs', () => {
    expect(['https://contoh.example/partai/1', 'http://partai-contoh.or.example/'].every(isAbsoluteHttpUrl)).toBe(true);
    expect(
      [
        '',
        'contoh.example',
        'www.contoh.example',
        '/partai/1',
        'javascript:alert(1)',
        'ftp://contoh.example/x',
        'https:\\/\\/contoh.example',
        'https://contoh .example',
      ].some(isAbsoluteHttpUrl),
    ).toBe(false);
  });
});

describe('parseColumnValue', () => {
  it('converts by column type', () => {
    expect(parseColumnValue('integer', '49490')).toEqual({ ok: true, value: 49490 });
    expect(parseColumnValue('decimal', '30,5')).toEqual({ ok: true, value: 30.5 });
    expect(parseColumnValue('date', '07-03-2011')).toEqual({ ok: true, value: '2011-03-07' });
    expect(parseColumnValue('text', ' 0101 ')).toEqual({ ok: true, value: '0101' });
  });

  it('takes a count sent as a JSON integer exactly, as if sent as its digits', () => {
    expect(parseColumnValue('integer', 49490)).toEqual({ ok: true, value: 49490 });
    expect(parseColumnValue('integer', 0)).toEqual({ ok: true, value: 0 });
    expect(parseColumnValue('integer', Number.MAX_SAFE_INTEGER)).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
  });

  it('refuses any other number in an integer column, and what is not a string elsewhere', () => {
    const inexact = { ok: false, reason: 'a JSON number that is not an exact count' };
    for (const value of [1.5, -3, -0, 2 ** 53, Number.POSITIVE_INFINITY, Number.NaN])
      expect(parseColumnValue('integer', value), String(value)).toEqual(inexact);
    expect(parseColumnValue('integer', RAW_1E400)).toEqual({
      ok: false,
      reason: 'not a string but object',
    });
    expect(parseColumnValue('text', 49490)).toEqual({ ok: false, reason: 'not a string but number' });
    expect(parseColumnValue('decimal', 30.5)).toEqual({ ok: false, reason: 'not a string but number' });
    expect(parseColumnValue('text', undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(parseColumnValue('text', null)).toEqual({ ok: false, reason: 'not a string but null' });
  });
});

describe('exactCountDigits', () => {
  it('gives the digits of a non-negative integer a double holds exactly, and nothing else', () => {
    expect(exactCountDigits(12345)).toBe('12345');
    expect(exactCountDigits(0)).toBe('0');
    expect(exactCountDigits(9007199254740991)).toBe('9007199254740991');
    for (const value of [1.5, -3, -0, 2 ** 53, 1e21, Number.NaN, '12345', null, RAW_1E400, RAW_WHOLE_WITH_FRACTION])
      expect(exactCountDigits(value), JSON.stringify(value)).toBeUndefined();
  });
});
