// The snapshot files' records as the docs promise them, written independently of scripts/normalize (the expected
// records from the source's), and each format's rows read back into the same shape (DuckDB's JSON rows, CSV fields,
// Arrow values): what test/build/snapshot-files.test.ts compares.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ColumnDefinition, DatasetDefinition, RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { partyIdOf } from '../../scripts/datasets/party-identity.ts';
import { SHARED_DATA_DIR } from '../support/shared-data.ts';

export type Row = Record<string, unknown>;

/**
 * The region codes, independently of the project's matcher: KPU's own 2019 region list gives each regency's
 * Kemendagri code under its exact name (the real records are of Sumatra and Java, whose codes have not changed).
 */
let kpuRegencyCodes: Map<string, string> | undefined;
function kpuRegencyCode(raw: RawRecord): string | undefined {
  kpuRegencyCodes ??= new Map(
    (
      parse(readFileSync(path.join(SHARED_DATA_DIR, 'sources/kpu2019_wilayah_kabupaten.csv')), {
        columns: true,
        bom: true,
      }) as Record<string, string>[]
    ).map((row) => [`${row.kodePro}|${row.namaKab}`, row.kodeKab ?? '']),
  );
  return kpuRegencyCodes.get(`${String(raw.IdDapil).slice(0, 2)}|${String(raw.NamaKabupaten)}`);
}

/** The normalization the docs promise, written independently of scripts/normalize for clean source values. */
export function expectValue(column: ColumnDefinition, raw: RawRecord, flags: string[]): unknown {
  if (column.name === 'party_id') {
    const text = (field: string) => String(raw[field] ?? '').trim() || null;
    const year = Number(raw.tahunPemilu);
    return partyIdOf({
      name: text('NamaPartai'),
      acronym: text('AkronimNamaPartai'),
      year,
      ballot: text('NomorUrutPartai'),
    });
  }
  if (column.name === 'province_code') return String(raw.IdDapil).slice(0, 2);
  if (column.name === 'regency_code') return kpuRegencyCode(raw);
  if (column.source === null) return flags;
  const value = String(raw[column.source] ?? '');
  if (value.trim() === '') return null;
  switch (column.type) {
    case 'integer':
      return Number(value);
    case 'decimal':
      return Number(value.replace(',', '.'));
    case 'date': {
      const [day, month, year] = value.split('-');
      return `${year}-${month}-${day}`;
    }
    default:
      return value.trim().replace(/\s+/g, ' ');
  }
}

export function expectRecords(
  dataset: DatasetDefinition,
  records: RawRecord[],
  flagsOf: (record: RawRecord) => string[],
): Row[] {
  return records.map((record) =>
    Object.fromEntries(dataset.columns.map((column) => [column.name, expectValue(column, record, flagsOf(record))])),
  );
}

/** DuckDB returns BIGINT as text in JSON rows; the published value is the number. */
export function fromDuckDb(dataset: { columns: readonly ColumnDefinition[] }, row: Row): Row {
  return Object.fromEntries(
    dataset.columns.map((column) => [
      column.name,
      column.type === 'integer' && row[column.name] !== null ? Number(row[column.name]) : row[column.name],
    ]),
  );
}

/** CSV fields are text: numbers unquoted, null empty, the flag list joined by ";". */
export function fromCsv(dataset: { columns: readonly ColumnDefinition[] }, row: string[]): Row {
  return Object.fromEntries(
    dataset.columns.map((column, index) => {
      const value = row[index] ?? '';
      if (column.type === 'text_list') return [column.name, value === '' ? [] : value.split(';')];
      if (value === '') return [column.name, null];
      return [column.name, column.type === 'integer' || column.type === 'decimal' ? Number(value) : value];
    }),
  );
}

export function fromArrow(dataset: { columns: readonly ColumnDefinition[] }, row: Row): Row {
  return Object.fromEntries(
    dataset.columns.map((column) => {
      const value = row[column.name];
      if (value === null || value === undefined) return [column.name, null];
      if (column.type === 'integer') return [column.name, Number(value as bigint)];
      if (column.type === 'date') return [column.name, new Date(value as number).toISOString().slice(0, 10)];
      if (column.type === 'text_list') return [column.name, [...(value as Iterable<string>)]];
      return [column.name, value];
    }),
  );
}
