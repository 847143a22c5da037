// The part of parquetjs-lite (CommonJS, untyped) the Parquet writer uses; see node_modules/parquetjs-lite/lib.
declare module 'parquetjs-lite' {
  import type { Writable } from 'node:stream';

  type ParquetCompression = 'UNCOMPRESSED' | 'GZIP' | 'SNAPPY';

  interface ParquetLeafDefinition {
    type: 'INT64' | 'INT32' | 'DOUBLE' | 'DATE' | 'UTF8';
    optional?: boolean;
    repeated?: boolean;
    compression?: ParquetCompression;
    /** false: no min/max/null-count statistics for the column (page and chunk). */
    statistics?: boolean;
  }

  interface ParquetGroupDefinition {
    /** 'LIST' writes the LIST converted type on the group (the three-level list of the Parquet spec). */
    type?: 'LIST';
    optional?: boolean;
    repeated?: boolean;
    fields: Record<string, ParquetFieldDefinition>;
  }

  type ParquetFieldDefinition = ParquetLeafDefinition | ParquetGroupDefinition;

  /** A row as parquetjs-lite shreds it: null or absent is missing; arrays are repeated values; objects are groups. */
  type ParquetRowValue = number | string | Date | null | undefined | ParquetRow | ParquetRow[];
  interface ParquetRow {
    [field: string]: ParquetRowValue;
  }

  interface ParquetWriterOptions {
    /** Rows buffered, then written as one row group. Default 4096. */
    rowGroupSize?: number;
    /** Rows per data page. Default 8192. */
    pageSize?: number;
    /** Default true; false writes version 1 data pages. */
    useDataPageV2?: boolean;
    /** Default true; false leaves out the column and offset indexes. */
    pageIndex?: boolean;
  }

  class ParquetSchema {
    constructor(fields: Record<string, ParquetFieldDefinition>);
  }

  class ParquetWriter {
    static openStream(schema: ParquetSchema, stream: Writable, options?: ParquetWriterOptions): Promise<ParquetWriter>;
    appendRow(row: ParquetRow): Promise<void>;
    /** Writes the footer and ends the stream (resolves once the stream has finished). */
    close(): Promise<void>;
    setMetadata(key: string, value: string): void;
  }

  const parquet: {
    ParquetSchema: typeof ParquetSchema;
    ParquetWriter: typeof ParquetWriter;
  };
  export default parquet;
  export type { ParquetCompression, ParquetFieldDefinition, ParquetRow, ParquetRowValue, ParquetWriterOptions, ParquetSchema, ParquetWriter };
}
