// Writes the release's DuckDB file in a Node process of its own, from one SQL script (release-databases.ts).
// DuckDB leaves the unused middle of some blocks as their buffers held it, and its block allocator is shared by
// every instance of a process, so the bytes there depend on what the process did with DuckDB before. A fresh process
// running the same script takes and gives back its buffers in one order: the same script writes the same file,
// whether a build or a test runs it (docs/data.md, "The single-file databases"). The script names its files relative
// to the data folder, the process's working folder: a longer path alone changed the bytes.
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from '../config.ts';
import { childNodeOptions } from '../foundation/child-node-options.ts';
import { stopWhenStdinEnds } from '../foundation/parent-gone.ts';
import { withReleaseEngine } from './release-engine.ts';

const THIS_SCRIPT = fileURLToPath(import.meta.url);

/**
 * Runs `script` on a new DuckDB file `file` in a process of its own working in `dataDir` (`file`, `spillFolder` and
 * the script's paths relative to it), uncompressed (docs/data.md: DuckDB's compressed segments leave padding bytes
 * unwritten), spilling into `spillFolder`. The script goes beside the file while it runs (`<file>.sql`).
 */
export async function writeDuckDbFile(
  dataDir: string,
  file: string,
  spillFolder: string,
  script: string,
): Promise<void> {
  const scriptFile = `${file}.sql`;
  await writeFile(path.join(dataDir, scriptFile), script);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [...childNodeOptions(), THIS_SCRIPT, file, spillFolder, scriptFile], {
        cwd: dataDir,
        env: childEnv(),
        // Standard input: a pipe never written to, whose end tells the child that this process is gone.
        stdio: ['pipe', 'ignore', 'pipe'],
      });
      let errors = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
      child.on('error', reject);
      child.on('close', (code, signal) =>
        code === 0
          ? resolve()
          : reject(
              new Error(
                `writing ${file} failed (${signal ?? `exit code ${String(code)}`}):\n${errors.trim().split('\n').slice(-20).join('\n')}`,
              ),
            ),
      );
    });
  } finally {
    await rm(path.join(dataDir, scriptFile), { force: true });
  }
}

if (process.argv[1] === THIS_SCRIPT) {
  const [file, spillFolder, scriptFile] = process.argv.slice(2) as [string, string, string];
  stopWhenStdinEnds('the release stage that started this is gone');
  const script = await readFile(scriptFile, 'utf8');
  await withReleaseEngine(file, spillFolder, { force_compression: 'uncompressed' }, (connection) =>
    connection.run(script),
  );
}
