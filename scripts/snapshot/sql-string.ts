// SQL text for DuckDB's queries, in a module of its own: the site's page files are formatted by json-writer.ts,
// whose snapshot path builds queries, and a process that only formats (the Astro build) loads no engine with it.

/** A SQL string literal. Example: "it's" → "'it''s'". */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
