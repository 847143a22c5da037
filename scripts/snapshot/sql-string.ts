// SQL text for DuckDB's queries, in a module of its own: the site's page files are formatted by json-writer.ts and
// csv-writer.ts, whose snapshot paths build queries, and a process that only formats (the Astro build) loads no
// engine with them.

/** A SQL string literal. Example: "it's" → "'it''s'". */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** A SQL identifier. Example: 'a"b' → '"a""b"'. */
export function sqlName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
