// Record batches copied column by column from other record batches' buffers (values, offsets, validity bits), with
// no record object per row: the derived table a dataset declares (unpivotBatches: the long turnout file, twelve rows
// per turnout record) and the all-years table from the year tables (interleaveBatches). Each makes the same record
// batches as appending the same rows one by one to a table builder, so the same bytes in every format; at a million
// turnout records, making those rows one by one took most of the snapshot stage (docs/performance.md, "A million
// records, stage by stage").
import {
  makeData,
  RecordBatch,
  Struct,
  type Data,
  type DataType,
  type Field,
  type List,
  type Schema,
  type Table,
} from 'apache-arrow';
import type { DerivedDatasetDefinition } from '../datasets/dataset-definition.ts';
import { BATCH_ROWS, createArrowSchema, SnapshotValueError } from './arrow-schema.ts';
import { classifyField, type ColumnKind } from './table-reader.ts';

/** Where the values of one column come from, per cell: a source column's index, or a fixed text. */
type ColumnPlan = SourcePlan | { kind: 'fixed'; field: Field; textByCell: readonly Uint8Array[] };

interface SourcePlan {
  kind: 'source';
  field: Field;
  column: ColumnKind;
  sourceByCell: readonly number[];
}

/** Where each row of a batch being made comes from: its source batch, row and (unpivoting) cell. */
interface Positions {
  /** The derived rows before this batch. */
  first: number;
  length: number;
  /** The source record batch and its row, per derived row. */
  batch: Int32Array;
  row: Int32Array;
  cell: Uint8Array;
}

const encoder = new TextEncoder();

function sourceIndex(source: Schema, name: string, derived: DerivedDatasetDefinition, target: Field): number {
  const index = source.fields.findIndex((field) => field.name === name);
  const field = source.fields[index];
  if (field === undefined) throw new Error(`${derived.id}: its source ${derived.from} has no column ${name}`);
  if (String(field.type) !== String(target.type))
    throw new Error(
      `${derived.id}: column ${target.name} is ${String(target.type)}, its source ${name} ${String(field.type)}`,
    );
  return index;
}

/**
 * How each derived column is filled, checked against the source table's schema: every derived column is exactly
 * one of the repeated columns, the value column or a fixed text of every cell, of its source's type.
 */
export function planColumns(derived: DerivedDatasetDefinition, schema: Schema, source: Schema): ColumnPlan[] {
  const { repeated, value, cells } = derived.unpivot;
  if (cells.length === 0 || cells.length > 255) throw new Error(`${derived.id}: 1 to 255 cells per record`);
  // A name the columns do not declare (a misspelt fixed text, say) would otherwise be left out without a word.
  const declared = new Set(schema.fields.map((field) => field.name));
  const named = [...repeated, value, ...cells.flatMap((cell) => Object.keys(cell.fixed))];
  const unknown = named.find((name) => !declared.has(name));
  if (unknown !== undefined)
    throw new Error(`${derived.id}: the unpivot names ${unknown}, which is none of its columns`);
  return schema.fields.map((field): ColumnPlan => {
    const fixed = cells.map((cell) => cell.fixed[field.name]);
    const roles = [repeated.includes(field.name), field.name === value, fixed.some((text) => text !== undefined)];
    if (roles.filter(Boolean).length !== 1)
      throw new Error(`${derived.id}: column ${field.name} must be repeated, the value or fixed, and only one`);
    const column = classifyField(field);
    if (repeated.includes(field.name)) {
      const index = sourceIndex(source, field.name, derived, field);
      return { kind: 'source', field, column, sourceByCell: cells.map(() => index) };
    }
    if (field.name === value)
      return {
        kind: 'source',
        field,
        column,
        sourceByCell: cells.map((cell) => sourceIndex(source, cell.from, derived, field)),
      };
    if (column !== 'text' || fixed.some((text) => text === undefined || !text.isWellFormed()))
      throw new Error(`${derived.id}: fixed column ${field.name} must be text, given in every cell`);
    return { kind: 'fixed', field, textByCell: fixed.map((text) => encoder.encode(text)) };
  });
}

/** One column of one source record batch: its buffers, and its validity bits when it holds a null. */
interface Chunk {
  values: BigInt64Array | Float64Array | Int32Array | Uint8Array;
  offsets: Int32Array;
  bitmap: Uint8Array | null;
  /** A list's elements. */
  child: Chunk | null;
}

function chunkOf(data: Data): Chunk {
  return {
    values: data.values as Chunk['values'],
    offsets: data.valueOffsets as Int32Array,
    bitmap: data.nullable && data.nullCount > 0 ? (data.nullBitmap as Uint8Array) : null,
    child: data.children[0] === undefined ? null : chunkOf(data.children[0]),
  };
}

/** Validity bits of a derived batch, least significant bit first; no bitmap when none is null, as the builders make. */
interface Validity {
  bits: Uint8Array;
  nullCount: number;
}

const hasBit = (bits: Uint8Array, index: number): boolean => ((bits[index >> 3] as number) & (1 << (index & 7))) !== 0;

const validityProps = (validity: Validity | null) =>
  validity === null || validity.nullCount === 0
    ? { nullCount: 0, nullBitmap: undefined }
    : { nullCount: validity.nullCount, nullBitmap: validity.bits };

/** The source chunk of each row of the batch, for one column's plan. */
function chunksOf(plan: SourcePlan, chunks: Chunk[][], at: Positions): Chunk[] {
  const byCell = plan.sourceByCell.map((column) => chunks[column] as Chunk[]);
  const rows = new Array<Chunk>(at.length);
  for (let index = 0; index < at.length; index += 1)
    rows[index] = (byCell[at.cell[index] as number] as Chunk[])[at.batch[index] as number] as Chunk;
  return rows;
}

/** The validity of each derived row, read from its source row; a null where the column allows none throws. */
function readValidity(plan: SourcePlan, rows: readonly Chunk[], at: Positions): Validity {
  const bits = new Uint8Array(Math.ceil(at.length / 8));
  let nullCount = 0;
  for (let index = 0; index < at.length; index += 1) {
    const { bitmap } = rows[index] as Chunk;
    if (bitmap === null || hasBit(bitmap, at.row[index] as number))
      bits[index >> 3] = (bits[index >> 3] as number) | (1 << (index & 7));
    else if (!plan.field.nullable)
      throw new SnapshotValueError(plan.field.name, at.first + index, null, 'is null in a column that cannot be null');
    else nullCount += 1;
  }
  return { bits, nullCount };
}

function gatherFixedWidth(plan: SourcePlan, chunks: Chunk[][], at: Positions): Data {
  const rows = chunksOf(plan, chunks, at);
  const validity = readValidity(plan, rows, at);
  const first = (rows[0] as Chunk).values;
  const values = new (first.constructor as new (length: number) => typeof first)(at.length);
  for (let index = 0; index < at.length; index += 1)
    if (hasBit(validity.bits, index)) values[index] = (rows[index] as Chunk).values[at.row[index] as number] as never;
  return makeData({ type: plan.field.type, length: at.length, ...validityProps(validity), data: values } as never);
}

/** Each row's bytes as a range of a buffer (an empty range for a null). */
interface ByteRanges {
  buffers: Uint8Array[];
  starts: Int32Array;
  ends: Int32Array;
}

function createByteRanges(length: number): ByteRanges {
  return { buffers: new Array<Uint8Array>(length), starts: new Int32Array(length), ends: new Int32Array(length) };
}

/** A Utf8 column of `length` rows from each row's bytes, laid out as the Utf8 builder does. */
function utf8Data(type: DataType, length: number, ranges: ByteRanges, validity: Validity | null): Data {
  const offsets = new Int32Array(length + 1);
  let total = 0;
  for (let index = 0; index < length; index += 1) {
    total += (ranges.ends[index] as number) - (ranges.starts[index] as number);
    // Arrow's Utf8 offsets are 32-bit, as the builder checks.
    if (total > 0x7fffffff) throw new RangeError('A record batch holds more than 2 GiB of text in one column');
    offsets[index + 1] = total;
  }
  const bytes = new Uint8Array(total);
  for (let index = 0; index < length; index += 1) {
    const buffer = ranges.buffers[index] as Uint8Array;
    const end = ranges.ends[index] as number;
    // Names are short: a loop is faster than a view per value.
    for (let from = ranges.starts[index] as number, to = offsets[index] as number; from < end; from += 1, to += 1)
      bytes[to] = buffer[from] as number;
  }
  return makeData({ type, length, ...validityProps(validity), valueOffsets: offsets, data: bytes } as never);
}

const NO_BYTES = new Uint8Array(0);

function gatherText(plan: SourcePlan, chunks: Chunk[][], at: Positions): Data {
  const rows = chunksOf(plan, chunks, at);
  const validity = readValidity(plan, rows, at);
  const ranges = createByteRanges(at.length);
  for (let index = 0; index < at.length; index += 1) {
    if (!hasBit(validity.bits, index)) {
      ranges.buffers[index] = NO_BYTES;
      continue;
    }
    const chunk = rows[index] as Chunk;
    const row = at.row[index] as number;
    ranges.buffers[index] = chunk.values as Uint8Array;
    ranges.starts[index] = chunk.offsets[row] as number;
    ranges.ends[index] = chunk.offsets[row + 1] as number;
  }
  return utf8Data(plan.field.type, at.length, ranges, validity);
}

function gatherTextList(plan: SourcePlan, chunks: Chunk[][], at: Positions): Data {
  const rows = chunksOf(plan, chunks, at);
  const validity = readValidity(plan, rows, at);
  const offsets = new Int32Array(at.length + 1);
  let elements = 0;
  for (let index = 0; index < at.length; index += 1) {
    if (hasBit(validity.bits, index)) {
      const { offsets: lists } = rows[index] as Chunk;
      const row = at.row[index] as number;
      elements += (lists[row + 1] as number) - (lists[row] as number);
    }
    offsets[index + 1] = elements;
  }
  const ranges = createByteRanges(elements);
  for (let index = 0, element = 0; index < at.length; index += 1) {
    if (!hasBit(validity.bits, index)) continue;
    const { offsets: lists, child } = rows[index] as Chunk;
    const { values, offsets: strings } = child as Chunk;
    const row = at.row[index] as number;
    for (let item = lists[row] as number; item < (lists[row + 1] as number); item += 1, element += 1) {
      ranges.buffers[element] = values as Uint8Array;
      ranges.starts[element] = strings[item] as number;
      ranges.ends[element] = strings[item + 1] as number;
    }
  }
  const child = utf8Data((plan.field.type as List).valueType, elements, ranges, null);
  return makeData({
    type: plan.field.type,
    length: at.length,
    ...validityProps(validity),
    valueOffsets: offsets,
    child,
  } as never);
}

function fixedText(plan: ColumnPlan & { kind: 'fixed' }, at: Positions): Data {
  const ranges = createByteRanges(at.length);
  for (let index = 0; index < at.length; index += 1) {
    const text = plan.textByCell[at.cell[index] as number] as Uint8Array;
    ranges.buffers[index] = text;
    ranges.ends[index] = text.length;
  }
  return utf8Data(plan.field.type, at.length, ranges, null);
}

function fillColumn(plan: ColumnPlan, chunks: Chunk[][], at: Positions): Data {
  if (plan.kind === 'fixed') return fixedText(plan, at);
  switch (plan.column) {
    case 'integer':
    case 'decimal':
    case 'date':
      return gatherFixedWidth(plan, chunks, at);
    case 'text':
      return gatherText(plan, chunks, at);
    case 'text_list':
      return gatherTextList(plan, chunks, at);
  }
}

/** Positions for `length` rows from the `first`, to be filled by the caller. */
function createPositions(first: number, length: number): Positions {
  return { first, length, batch: new Int32Array(length), row: new Int32Array(length), cell: new Uint8Array(length) };
}

/** The record batch of the rows `at` names, every column copied from `chunks` ([source column][source batch]). */
function gatherBatch(schema: Schema, plans: readonly ColumnPlan[], chunks: Chunk[][], at: Positions): RecordBatch {
  const children = plans.map((plan) => fillColumn(plan, chunks, at));
  return new RecordBatch(
    schema,
    makeData({ type: new Struct(schema.fields), length: at.length, nullCount: 0, children }),
  );
}

/** Each column of the batches, as chunks: [column][batch]. A sliced batch (a data offset) is refused. */
function chunksOfBatches(schema: Schema, batches: readonly RecordBatch[], what: string): Chunk[][] {
  for (const batch of batches)
    if (batch.data.children.some((data) => data.offset !== 0)) throw new Error(`${what}: a sliced source batch`);
  return schema.fields.map((_, column) => batches.map((batch) => chunkOf(batch.data.children[column] as Data)));
}

/**
 * The derived table of `source` (the normalized records of `derived.from`), in record batches of BATCH_ROWS rows
 * made as they are asked for: `cells` rows per source record, in record order, then cell order. Example: a source
 * record {election_year: 2024, …, dpt_male: 10, dpt_female: 12, …, quality_flags: []} and the cells of
 * turnout-long → {…, voter_list: "dpt", sex: "male", voters: 10, count_kind: "part", quality_flags: []},
 * {… "dpt", "female", 12, "part"}, …. Throws for a declaration the two schemas do not fit, and
 * SnapshotValueError for a null bound for a column that cannot hold one.
 */
export function* unpivotBatches(derived: DerivedDatasetDefinition, source: Table): Generator<RecordBatch> {
  const schema = createArrowSchema(derived.columns);
  const plans = planColumns(derived, schema, source.schema);
  const cells = derived.unpivot.cells.length;
  const batches = source.batches;
  const chunks = chunksOfBatches(source.schema, batches, derived.id);
  const rows = source.numRows * cells;
  let sourceBatch = 0;
  let sourceRow = 0;
  let cell = 0;
  for (let first = 0; first < rows; first += BATCH_ROWS) {
    const at = createPositions(first, Math.min(BATCH_ROWS, rows - first));
    for (let index = 0; index < at.length; index += 1) {
      while (sourceRow === (batches[sourceBatch] as RecordBatch).numRows) {
        sourceBatch += 1;
        sourceRow = 0;
      }
      at.batch[index] = sourceBatch;
      at.row[index] = sourceRow;
      at.cell[index] = cell;
      cell += 1;
      if (cell === cells) {
        cell = 0;
        sourceRow += 1;
      }
    }
    yield gatherBatch(schema, plans, chunks, at);
  }
}

const RELEASED: Chunk = { values: new Uint8Array(0), offsets: new Int32Array(0), bitmap: null, child: null };

/**
 * The rows of several tables of one schema (`groups`: each table's record batches) interleaved as `sequence` says
 * (the group of each row, in order), in record batches of BATCH_ROWS rows: how the all-years table is made from the
 * year tables in harvest order. Each source batch is let go (its entry in `groups` cleared) once the batch holding
 * its last row is made, so the sources and the result are not all in memory at once. Example: groups [[a1, a2],
 * [b1]] (batches of one row each), sequence [0, 1, 0] → rows a1, b1, a2. Throws when the groups hold fewer rows
 * than `sequence` names.
 */
export function* interleaveBatches(
  schema: Schema,
  groups: (RecordBatch | undefined)[][],
  sequence: readonly number[],
): Generator<RecordBatch> {
  const plans = schema.fields.map((field, index): SourcePlan => ({
    kind: 'source',
    field,
    column: classifyField(field),
    sourceByCell: [index],
  }));
  // Every group's batches one after the other; a group's cursor walks its own stretch of them. Only `chunks` and
  // `groups` hold the batches' buffers from here on.
  const flat = groups.flat().map((batch) => {
    if (!batch) throw new Error('interleaveBatches: a batch already let go');
    return batch;
  });
  const chunks = chunksOfBatches(schema, flat, 'interleaveBatches');
  const sizes = flat.map((batch) => batch.numRows);
  flat.length = 0;
  const cursors: { group: number; start: number; end: number; batch: number; row: number }[] = [];
  for (const [group, batches] of groups.entries()) {
    const start = cursors.at(-1)?.end ?? 0;
    cursors.push({ group, start, end: start + batches.length, batch: start, row: 0 });
  }
  for (let first = 0; first < sequence.length; first += BATCH_ROWS) {
    const at = createPositions(first, Math.min(BATCH_ROWS, sequence.length - first));
    const finished: (typeof cursors)[number][] = [];
    for (let index = 0; index < at.length; index += 1) {
      const cursor = cursors[sequence[first + index] as number] as (typeof cursors)[number];
      while (cursor.batch < cursor.end && cursor.row === sizes[cursor.batch]) {
        finished.push({ ...cursor });
        cursor.batch += 1;
        cursor.row = 0;
      }
      if (cursor.batch === cursor.end)
        throw new Error('interleaveBatches: the groups hold fewer rows than the sequence');
      at.batch[index] = cursor.batch;
      at.row[index] = cursor.row;
      cursor.row += 1;
    }
    yield gatherBatch(schema, plans, chunks, at);
    for (const { group, start, batch } of finished) {
      for (const column of chunks) column[batch] = RELEASED;
      (groups[group] as (RecordBatch | undefined)[])[batch - start] = undefined;
    }
  }
}
