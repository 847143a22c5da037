// The Arrow IPC snapshot (`.arrow`, the IPC file format): the table itself, schema and field metadata included,
// uncompressed so every Arrow reader (including apache-arrow in a browser, which needs no codec) can open it.
import { tableToIPC, type Table } from 'apache-arrow';
import { writeChunksToFile } from './snapshot-file.ts';

/** The IPC file bytes of the table: no timestamps, so the same table gives the same bytes. */
export function serializeArrowIpc(table: Table): Uint8Array {
  return tableToIPC(table, 'file');
}

/** Writes the table as an Arrow IPC file to `path` (atomically). */
export async function writeArrowIpcFile(table: Table, path: string): Promise<void> {
  await writeChunksToFile(path, [serializeArrowIpc(table)]);
}
