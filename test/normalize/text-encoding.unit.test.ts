// Text that is not valid Unicode (a lone surrogate) or that the source sent as bytes that are not UTF-8 (U+FFFD
// once decoded): flagged by the text-unicode and text-utf8 rules, published with U+FFFD, never a stopped build.
import { describe, expect, it } from 'vitest';
import { checkDataset } from '../../scripts/check/quality-check.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { normalizeText } from '../../scripts/datasets/value-parsers.ts';
import { normalizeRecord } from '../../scripts/normalize/normalize-records.ts';
import { buildArrowTable } from '../../scripts/snapshot/arrow-schema.ts';
import { generatePartyRecords } from '../../scripts/synthetic/synthetic-data.ts';

const [BASE] = generatePartyRecords({ years: [2024], parties: 1, seed: 7 });

function checkOne(change: Record<string, string>) {
  const record = { ...BASE, ...change };
  const { report, flags } = checkDataset(partyDataset, [record]);
  return { record, report, flags: flags[0] ?? [] };
}

describe('lone surrogates', () => {
  it('become U+FFFD in the normalized text', () => {
    expect(normalizeText('A\uD800B')).toBe('A\uFFFDB');
    expect(normalizeText(' \uDC00\uD800 x ')).toBe('\uFFFD\uFFFD x');
    // A paired surrogate is a real character and stays.
    expect(normalizeText('KOTA 😀')).toBe('KOTA 😀');
  });

  it('flag the record text-unicode, naming the field and keeping the value as given in the report', () => {
    const { report, flags, record } = checkOne({ NamaPartai: 'PARTAI \uD800 CONTOH' });
    expect(flags).toEqual(['text-unicode']);
    const [violation] = report.violations;
    expect(violation).toMatchObject({
      ruleId: 'text-unicode',
      message: 'lone surrogate in: NamaPartai',
      values: { NamaPartai: 'PARTAI \uD800 CONTOH' },
    });
    const normalized = normalizeRecord(partyDataset, record, flags);
    expect(normalized.party_name).toBe('PARTAI \uFFFD CONTOH');
    expect(normalized.quality_flags).toEqual(['text-unicode']);
    // The snapshot writers take it, rather than stopping with SNAPSHOT_VALUE_INVALID.
    expect(buildArrowTable(partyDataset.columns, [normalized]).numRows).toBe(1);
  });
});

describe('U+FFFD from bytes that were not UTF-8', () => {
  it('flags the record text-utf8 and publishes the value as it is', () => {
    const { report, flags, record } = checkOne({ NamaPartai: 'PARTAI \uFFFD\uFFFD(', KetuaUmum: 'KETUA \uFFFD' });
    expect(flags).toEqual(['text-utf8']);
    expect(report.violations[0]).toMatchObject({
      ruleId: 'text-utf8',
      message: 'U+FFFD (invalid UTF-8 from the source) in: NamaPartai, KetuaUmum',
    });
    expect(normalizeRecord(partyDataset, record, flags).party_name).toBe('PARTAI \uFFFD\uFFFD(');
  });

  it('says it in both languages', () => {
    const rule = partyDataset.rules.find((candidate) => candidate.id === 'text-utf8');
    expect(rule?.description.en).toContain('the source sent bytes that are not valid UTF-8, shown as \uFFFD');
    expect(rule?.description.id).toContain('bukan UTF-8 yang sah');
    expect(partyDataset.rules.find((candidate) => candidate.id === 'text-unicode')?.title).toEqual({
      id: 'Teks Unicode yang sah',
      en: 'Text is valid Unicode',
    });
  });

  it('leaves clean records unflagged', () => {
    expect(checkOne({}).flags).toEqual([]);
  });
});
