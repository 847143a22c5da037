// The release stage's DuckDB instances (reference-check.ts, release-databases.ts): one set of settings, so the
// databases come out the same bytes each time and the stage's memory stays bounded whatever the records.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/**
 * The memory DuckDB may hold: above it a join or an aggregate spills to the spill folder. A declared primary key is
 * held in memory whole (DuckDB's index cannot spill): a million turnout records' key takes 128–256 MB.
 */
const ENGINE_MEMORY = '512MB';

/**
 * One thread, so rows and the file's blocks come in one order. Buffers from DuckDB's block allocator, a region the
 * process reserves and shares among its instances: DuckDB leaves the unused middle of a block (between a string
 * segment's offsets and its strings) as the buffer held it, and buffers from the general allocator came back holding
 * what earlier buffers had left, differently from run to run; the block allocator hands them out in one order for
 * one sequence of work (duckdb-file-process.ts; docs/data.md, "The single-file databases"). No extension is
 * installed or loaded on demand.
 */
function settingsOf(spillFolder: string): Record<string, string> {
  return {
    threads: '1',
    memory_limit: ENGINE_MEMORY,
    block_allocator_memory: ENGINE_MEMORY,
    temp_directory: spillFolder,
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  };
}

/**
 * Runs `use` on a connection to `file` (`:memory:` for none) under the release settings, spilling into
 * `spillFolder` (DuckDB makes it when it first spills and removes it when closed), and closes it after.
 */
export async function withReleaseEngine<T>(
  file: string,
  spillFolder: string,
  options: Record<string, string>,
  use: (connection: DuckDBConnection) => Promise<T>,
): Promise<T> {
  const instance = await DuckDBInstance.create(file, { ...settingsOf(spillFolder), ...options });
  const connection = await instance.connect();
  try {
    return await use(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
