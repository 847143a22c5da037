// The Parquet snapshot, written with parquetjs-lite from the Arrow table's schema and values: Int64 → INT64,
// Float64 → DOUBLE, DateDay → DATE, Utf8 → UTF8 byte arrays, List<Utf8> → the spec's three-level LIST of UTF8
// (DuckDB reads VARCHAR[]). Nullable Arrow fields are OPTIONAL, the others REQUIRED.
import parquet, { type ParquetCompression, type ParquetFieldDefinition, type ParquetRow, type ParquetSchema } from 'parquetjs-lite';
import type { Schema, Table } from 'apache-arrow';
import { BATCH_ROWS } from './arrow-schema.ts';
import { writeFileAtomically } from './snapshot-file.ts';
import { classifyField, createColumnReaders, type ColumnKind, type ColumnReader } from './table-reader.ts';

export type { ParquetCompression };

export interface ParquetWriteOptions {
  /**
   * SNAPPY by default. On 1,000,000 synthetic turnout records: SNAPPY 57 MB in 114 s, GZIP 37 MB in 142 s,
   * UNCOMPRESSED 185 MB in 112 s (the time is parquetjs-lite's record shredding, not the codec). Snappy is pure
   * JavaScript (snappyjs), so its bytes depend on the lockfile alone; GZIP goes through the zlib Node bundles
   * (Chromium's fork, which has picked its hash function by CPU feature in some versions), so the same table
   * might not give the same bytes on another Node build or machine. Every Parquet reader reads both.
   */
  compression?: ParquetCompression;
}

/** Rows per data page; parquetjs-lite buffers a page's values as JavaScript arrays before encoding them. */
const PAGE_ROWS = 8192;

/**
 * Which columns carry min/max statistics. parquetjs-lite compares values as JavaScript values, not as the bytes
 * Parquet readers assume: for text it orders UTF-16 code units, so with a character beyond U+FFFF next to one in
 * U+E000–U+FFFF the recorded maximum is wrong and DuckDB skips the row group — `WHERE name = '😀'` then finds
 * nothing (reproduced in test/snapshot/snapshot-formats.test.ts). Its DATE values below 1970 must be Date
 * objects, which it counts as all distinct. So statistics are kept only where they are right: numbers.
 */
function hasStatistics(kind: ColumnKind): boolean {
  return kind === 'integer' || kind === 'decimal';
}

const LEAF_TYPES = { integer: 'INT64', decimal: 'DOUBLE', date: 'DATE', text: 'UTF8' } as const;

/** The parquetjs-lite schema of an Arrow schema the snapshot produced (arrow-schema.ts). */
export function createParquetSchema(schema: Schema, compression: ParquetCompression = 'SNAPPY'): ParquetSchema {
  const fields: Record<string, ParquetFieldDefinition> = {};
  for (const field of schema.fields) {
    const kind = classifyField(field);
    const optional = field.nullable;
    fields[field.name] =
      kind === 'text_list'
        ? {
            type: 'LIST',
            optional,
            fields: { list: { repeated: true, fields: { element: { type: 'UTF8', compression, statistics: false } } } },
          }
        : { type: LEAF_TYPES[kind], optional, compression, statistics: hasStatistics(kind) };
  }
  return new parquet.ParquetSchema(fields);
}

type ToParquet = (row: number) => ParquetRow[string];

function createParquetValueReader(kind: ColumnKind, read: ColumnReader): ToParquet {
  switch (kind) {
    case 'integer':
    case 'decimal':
    case 'text':
      return (row) => read(row) as number | string | null;
    case 'date':
      return (row) => {
        // parquetjs-lite refuses negative day numbers but takes a Date at UTC midnight (any year) exactly.
        const value = read(row) as string | null;
        return value === null ? null : new Date(`${value}T00:00:00Z`);
      };
    case 'text_list':
      return (row) => {
        const value = read(row) as string[] | null;
        return value === null ? null : { list: value.map((element) => ({ element })) };
      };
  }
}

/**
 * Writes the table as Parquet to `path` (atomically). One row group per Arrow record batch (BATCH_ROWS rows),
 * version 1 data pages (the most widely readable), no page index (parquetjs-lite leaves required fields of the
 * column index unset), no key-value metadata. Nothing in the file depends on the time or the machine: the same
 * table gives the same bytes.
 */
export async function writeParquetFile(table: Table, path: string, options: ParquetWriteOptions = {}): Promise<void> {
  const schema = createParquetSchema(table.schema, options.compression ?? 'SNAPPY');
  const fields = table.schema.fields;
  const kinds = fields.map((field) => classifyField(field));
  await writeFileAtomically(path, async (stream) => {
    const writer = await parquet.ParquetWriter.openStream(schema, stream, {
      rowGroupSize: BATCH_ROWS,
      pageSize: PAGE_ROWS,
      useDataPageV2: false,
      pageIndex: false,
    });
    for (const batch of table.batches) {
      const readers = createColumnReaders(batch).map((read, index) => createParquetValueReader(kinds[index] as ColumnKind, read));
      for (let row = 0; row < batch.numRows; row += 1) {
        const record: ParquetRow = {};
        for (let index = 0; index < readers.length; index += 1) {
          record[(fields[index] as (typeof fields)[number]).name] = (readers[index] as ToParquet)(row);
        }
        await writer.appendRow(record);
      }
    }
    await writer.close();
  });
}
