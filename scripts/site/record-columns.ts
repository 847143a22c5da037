// The records of one dataset as the Astro build keeps them: column by column, not one object per record. A million
// turnout records held as parsed objects took about 335 MB of the Astro process's heap (an object of 21 fields, its
// wrapper and the views' arrays; docs/performance.md, "Memory at a million records"); here each
// count is a 32-bit integer in a typed array (a column whose values do not all fit is widened to 64-bit floats), each
// decimal a 64-bit float, each text an index into one list of the distinct texts of the dataset,
// each list (a record's quality flags) an index into one list of the distinct lists. A record is read one value at a
// time (`StoredRecord.value`, which `textValue`, `numberValue` and `flagsOf` in site-data.ts use), or whole
// (`StoredRecord.values`, made afresh on each read, its keys in the declared column order, as the JSON files hold
// them).
import type { ColumnDefinition, DatasetDefinition } from '../datasets/dataset-definition.ts';
import type { DatasetId } from '../datasets/datasets.ts';
import type { NormalizedRecord, NormalizedValue } from '../normalize/normalize-records.ts';

/** A text or list column's null: an index no list reaches. */
const NO_ENTRY = 0xffff_ffff;

/** An integer column's null while it is 32-bit: the one 32-bit integer it never holds as a value. */
const NO_INTEGER = -0x8000_0000;

interface Column {
  name: string;
  /**
   * 'integer': integers while every one given fits in 32 bits (NO_INTEGER for null), half the memory of 'number';
   * 'number': decimals, and integers once one did not fit, NaN for null (neither type holds NaN: snapshot-records.ts
   * checks them finite); 'text': texts and dates, as indexes into the dataset's distinct texts; 'list': lists of
   * texts, as indexes into its distinct lists (each frozen, shared by every record holding it).
   */
  kind: 'integer' | 'number' | 'text' | 'list';
  values: Int32Array | Float64Array | Uint32Array;
  /** The last text added to a text column and its index: a dapil's records repeat its texts one after another. */
  lastText: string | null;
  lastTextId: number;
}

function kindOf(column: ColumnDefinition): Column['kind'] {
  switch (column.type) {
    case 'integer':
      return 'integer';
    case 'decimal':
      return 'number';
    case 'text':
    case 'date':
      return 'text';
    case 'text_list':
      return 'list';
  }
}

function allocate(kind: Column['kind'], capacity: number): Column['values'] {
  if (kind === 'integer') return new Int32Array(capacity);
  return kind === 'number' ? new Float64Array(capacity) : new Uint32Array(capacity);
}

/** Whether an integer column can keep `value` as a 32-bit integer (NO_INTEGER is its null). */
function fitsInteger(value: number): boolean {
  return value > NO_INTEGER && value <= 0x7fff_ffff;
}

/** One record of a `RecordColumns`: the shape site-data.ts calls a SiteRecord, holding only its place. */
export class StoredRecord {
  readonly #columns: RecordColumns;
  readonly position: number;

  constructor(columns: RecordColumns, position: number) {
    this.#columns = columns;
    this.position = position;
  }

  get dataset(): DatasetId {
    return this.#columns.dataset;
  }

  /** The whole record, made afresh: read one value with `value` where that is all a caller needs. */
  get values(): NormalizedRecord {
    return this.#columns.record(this.position);
  }

  /** One value; undefined for a column the dataset does not declare (as a missing key of `values` would be). */
  value(column: string): NormalizedValue | undefined {
    return this.#columns.value(this.position, column);
  }
}

export class RecordColumns {
  readonly dataset: DatasetId;
  readonly #columns: Column[];
  readonly #byName: Map<string, Column>;
  readonly #texts: string[] = [];
  readonly #textIds = new Map<string, number>();
  readonly #lists: (readonly string[])[] = [];
  readonly #listIds = new Map<string, number>();
  #capacity: number;
  #size = 0;

  /** `capacity`: the records expected (the manifest's count); more are taken, the columns growing to hold them. */
  constructor(dataset: DatasetDefinition, capacity: number) {
    this.dataset = dataset.id;
    this.#capacity = Math.max(1, capacity);
    this.#columns = dataset.columns.map((column): Column => {
      const kind = kindOf(column);
      return { name: column.name, kind, values: allocate(kind, this.#capacity), lastText: null, lastTextId: NO_ENTRY };
    });
    this.#byName = new Map(this.#columns.map((column) => [column.name, column]));
  }

  get size(): number {
    return this.#size;
  }

  /**
   * Keeps a record checked against the dataset's columns (snapshot-records.ts: every column present with a value
   * of its type, nothing else) as the next one; returns it.
   */
  add(values: NormalizedRecord): StoredRecord {
    if (this.#size === this.#capacity) this.#grow();
    const index = this.#size;
    for (const column of this.#columns) {
      const value = values[column.name] ?? null;
      if (column.kind === 'integer' && value !== null && !fitsInteger(value as number)) this.#widen(column);
      if (column.kind === 'integer') column.values[index] = value === null ? NO_INTEGER : (value as number);
      else if (column.kind === 'number') column.values[index] = value === null ? Number.NaN : (value as number);
      else if (column.kind === 'text')
        column.values[index] = value === null ? NO_ENTRY : this.#textId(column, value as string);
      else column.values[index] = value === null ? NO_ENTRY : this.#listId(value as string[]);
    }
    this.#size += 1;
    return new StoredRecord(this, index);
  }

  value(index: number, name: string): NormalizedValue | undefined {
    const column = this.#byName.get(name);
    return column === undefined ? undefined : this.#read(column, index);
  }

  record(index: number): NormalizedRecord {
    const record: NormalizedRecord = {};
    for (const column of this.#columns) record[column.name] = this.#read(column, index);
    return record;
  }

  #read(column: Column, index: number): NormalizedValue {
    const stored = column.values[index] as number;
    if (column.kind === 'integer') return stored === NO_INTEGER ? null : stored;
    if (column.kind === 'number') return Number.isNaN(stored) ? null : stored;
    if (stored === NO_ENTRY) return null;
    return column.kind === 'text' ? (this.#texts[stored] as string) : (this.#lists[stored] as string[]);
  }

  #textId(column: Column, text: string): number {
    if (text === column.lastText) return column.lastTextId;
    let id = this.#textIds.get(text);
    if (id === undefined) {
      id = this.#texts.length;
      this.#texts.push(text);
      this.#textIds.set(text, id);
    }
    column.lastText = text;
    column.lastTextId = id;
    return id;
  }

  #listId(list: readonly string[]): number {
    // JSON of the list: unambiguous whatever its texts hold (a newline in one, say).
    const key = JSON.stringify(list);
    let id = this.#listIds.get(key);
    if (id === undefined) {
      id = this.#lists.length;
      this.#lists.push(Object.freeze([...list]));
      this.#listIds.set(key, id);
    }
    return id;
  }

  /** An integer column as 64-bit floats from now on, its values so far copied (nulls as NaN). */
  #widen(column: Column): void {
    const widened = new Float64Array(this.#capacity);
    for (let index = 0; index < this.#size; index += 1) {
      const stored = column.values[index] as number;
      widened[index] = stored === NO_INTEGER ? Number.NaN : stored;
    }
    column.kind = 'number';
    column.values = widened;
  }

  #grow(): void {
    this.#capacity *= 2;
    for (const column of this.#columns) {
      const grown = allocate(column.kind, this.#capacity);
      grown.set(column.values);
      column.values = grown;
    }
  }
}
