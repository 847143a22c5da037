// A derived table's rows as a query for DuckDB (parquet-writer.ts, writeParquetQuery), read from the Parquet file of
// its source table: the rows unpivotBatches makes (gather-batches.ts), in the same order, as DuckDB makes them, so
// the long turnout file of a million records (twelve million rows) is derived and encoded by the engine alone.
import type { Schema } from 'apache-arrow';
import type { DerivedDatasetDefinition } from '../datasets/dataset-definition.ts';
import { SnapshotValueError } from './arrow-schema.ts';
import { planColumns } from './gather-batches.ts';
import { sqlTypeOf, type EngineQuery } from './parquet-writer.ts';
import { sqlName, sqlString } from './sql-string.ts';

/** What the query raises for a null bound for a column that cannot hold one: the column's index and the row. */
const NULL_ERROR = 'kpu-snapshot-null';
const NULL_ERROR_PATTERN = new RegExp(`${NULL_ERROR}:(\\d+):(\\d+)`);

/**
 * The rows of `derived` from `sourceFile`, the Parquet file of its source's table (whose schema is `source`):
 * `cells` rows per source row, in row order, then cell order (DuckDB keeps the order: preserve_insertion_order).
 * Each source row is one list of structs, one per cell (its value and fixed texts), unnested; the columns every
 * cell repeats are read once. Example (turnout-long): the record {election_year: 2024, …, dpt_male: 10, …} →
 * {…, voter_list: "dpt", sex: "male", voters: 10, count_kind: "part", quality_flags: []}, …. A null bound for a
 * column that cannot hold one fails the query with SnapshotValueError at its derived row, as unpivotBatches throws.
 * Throws, before any query, for a declaration the two schemas do not fit (planColumns).
 */
export function unpivotQuery(
  derived: DerivedDatasetDefinition,
  schema: Schema,
  source: Schema,
  sourceFile: string,
): EngineQuery {
  const plans = planColumns(derived, schema, source);
  const cells = derived.unpivot.cells.length;
  const sourceName = (index: number) => sqlName((source.fields[index] as Schema['fields'][number]).name);
  // The struct of each cell: its number, then per column that differs between cells its value (c<column>).
  const structs = derived.unpivot.cells.map((cell, at) => {
    const entries = [`'cell': ${at}`];
    plans.forEach((plan, column) => {
      if (plan.kind === 'fixed') entries.push(`'c${column}': ${sqlString(cell.fixed[plan.field.name] as string)}`);
      else if (!plan.sourceByCell.every((index) => index === plan.sourceByCell[0]))
        entries.push(`'c${column}': ${sourceName(plan.sourceByCell[at] as number)}`);
    });
    return `{${entries.join(', ')}}`;
  });
  const columns = plans.map((plan, column) => {
    const repeated = plan.kind === 'source' && plan.sourceByCell.every((index) => index === plan.sourceByCell[0]);
    const value = repeated ? sourceName(plan.sourceByCell[0] as number) : `kpu_cell.c${column}`;
    const checked =
      plan.kind === 'source' && !plan.field.nullable
        ? `CASE WHEN ${value} IS NULL THEN error('${NULL_ERROR}:${column}:' || (kpu_row * ${cells} + kpu_cell.cell)) ELSE ${value} END`
        : value;
    return `CAST(${checked} AS ${sqlTypeOf(plan.kind === 'fixed' ? 'text' : plan.column)}) AS ${sqlName(plan.field.name)}`;
  });
  const read = [...new Set(plans.flatMap((plan) => (plan.kind === 'source' ? plan.sourceByCell : [])))].map(sourceName);
  const sql =
    `SELECT ${columns.join(', ')} FROM (SELECT ${[...read, 'file_row_number AS kpu_row'].join(', ')}, ` +
    `unnest([${structs.join(', ')}]) AS kpu_cell FROM read_parquet(${sqlString(sourceFile)}, file_row_number = true))`;
  return {
    sql,
    errorOf: (message) => {
      const match = NULL_ERROR_PATTERN.exec(message);
      if (match === null) return undefined;
      const name = (plans[Number(match[1])] as (typeof plans)[number]).field.name;
      return new SnapshotValueError(name, Number(match[2]), null, 'is null in a column that cannot be null');
    },
  };
}
