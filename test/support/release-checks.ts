// Checks of a release's self-describing files the way a researcher runs them: GNU sha256sum -c in every folder of
// a data folder and in an unzipped bundle, and small parsers for the citation files (BibTeX, RIS) that read them
// as a reference manager's importer does.
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';

export interface ZipEntry {
  content: Buffer;
  /** The entry's DOS modification time, as yauzl reads it (local clock fields). */
  modified: Date;
}

/** Reads every entry of an archive yauzl opened (from a file or from memory), by name, in central directory order. */
function collectEntries(
  open: (callback: (error: Error | null, zip: yauzl.ZipFile | undefined) => void) => void,
): Promise<Map<string, ZipEntry>> {
  return new Promise((resolve, reject) => {
    open((error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, ZipEntry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, { content: Buffer.concat(chunks), modified: entry.getLastModDate() });
            zip.readEntry();
          });
        });
      });
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

export function readZipEntries(file: string): Promise<Map<string, ZipEntry>> {
  return collectEntries((callback) => yauzl.open(file, { lazyEntries: true }, callback));
}

/** The entries of a ZIP archive held in memory, by name, in central directory order (yauzl, as a reader would). */
export async function readZipBuffer(bytes: Buffer): Promise<Map<string, Buffer>> {
  const entries = await collectEntries((callback) => yauzl.fromBuffer(bytes, { lazyEntries: true }, callback));
  return new Map([...entries].map(([name, entry]) => [name, entry.content]));
}

/** Each entry's stored bytes as they lie in the archive (deflated or not), by name: what a bundle shares with another. */
export async function readStoredBytes(file: string): Promise<Map<string, Buffer>> {
  const archive = await readFile(file);
  const offsets = await new Promise<Array<[string, number, number]>>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const found: Array<[string, number, number]> = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        found.push([entry.fileName, entry.relativeOffsetOfLocalHeader, entry.compressedSize]);
        zip.readEntry();
      });
      zip.on('end', () => resolve(found));
      zip.readEntry();
    });
  });
  return new Map(
    offsets.map(([name, header, size]) => {
      // The local header: 30 bytes, then the name and the extra field, whose lengths it gives at 26 and 28.
      const start = header + 30 + archive.readUInt16LE(header + 26) + archive.readUInt16LE(header + 28);
      return [name, archive.subarray(start, start + size)];
    }),
  );
}

/** Unzips `file` into `into` (entries are plain files in folders); returns the entry names in ZIP order. */
export async function unzipInto(file: string, into: string): Promise<string[]> {
  const entries = await readZipEntries(file);
  for (const [name, entry] of entries) {
    await mkdir(path.dirname(path.join(into, name)), { recursive: true });
    await writeFile(path.join(into, name), entry.content);
  }
  return [...entries.keys()];
}

function runCommand(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // LC_ALL=C: sha256sum's "OK" and "FAILED" are translated in other locales.
    execFile(command, args, { cwd, env: { ...process.env, LC_ALL: 'C' } }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr: error && code === -1 ? `${stderr}${error.message}` : stderr });
    });
  });
}

/** `sha256sum --check --strict SHA256SUMS` in `folder`: the names it checked, or the failure. */
export async function sha256sumCheck(folder: string): Promise<{ code: number; stderr: string; checked: string[] }> {
  const run = await runCommand('sha256sum', ['--check', '--strict', 'SHA256SUMS'], folder);
  const checked = run.stdout
    .trimEnd()
    .split('\n')
    .filter((line) => line.endsWith(': OK'))
    .map((line) => line.slice(0, -': OK'.length));
  return { code: run.code, stderr: run.stderr, checked };
}

/** Every folder under `root` (itself included), relative, sorted. */
export async function foldersUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  return ['', ...folders].sort();
}

/**
 * A BibTeX entry's type, key and fields, as bibtex-style importers read them: `@type{key, name = {value}, …}`
 * with braces nested in values. Throws on anything else.
 * Example: "@misc{k,\n  year = {2026}\n}" → { type: 'misc', key: 'k', fields: { year: '2026' } }
 */
export function parseBibtexEntry(text: string): { type: string; key: string; fields: Record<string, string> } {
  const head = /^@(\w+)\{([^,\s]+),\s*/.exec(text);
  if (!head) throw new Error('no @type{key, at the start');
  const fields: Record<string, string> = {};
  let index = head[0].length;
  for (;;) {
    const name = /^(\w+)\s*=\s*\{/.exec(text.slice(index));
    if (!name) break;
    index += name[0].length;
    let depth = 1;
    let value = '';
    while (depth > 0) {
      const character = text[index];
      if (character === undefined) throw new Error(`unbalanced braces in ${name[1]}`);
      index += 1;
      if (character === '\\') {
        value += character + (text[index] ?? '');
        index += 1;
        continue;
      }
      if (character === '{') depth += 1;
      if (character === '}') depth -= 1;
      if (depth > 0) value += character;
    }
    fields[(name[1] as string).toLowerCase()] = value;
    const separator = /^\s*,?\s*/.exec(text.slice(index));
    index += separator?.[0].length ?? 0;
  }
  if (text.slice(index).trim() !== '}')
    throw new Error(`unexpected text at ${index}: ${text.slice(index, index + 20)}`);
  return { type: (head[1] as string).toLowerCase(), key: head[2] as string, fields };
}

/** An RIS record's tags and values (a tag may repeat), each line `XX  - value`, from TY to ER. Throws otherwise. */
export function parseRisRecord(text: string): Array<[string, string]> {
  const lines = text.split('\r\n');
  if (lines.at(-1) !== '') throw new Error('RIS lines end with CRLF, the last included');
  const tags = lines.slice(0, -1).map((line): [string, string] => {
    const match = /^([A-Z][A-Z0-9]) {2}- (.*)$/.exec(line);
    if (!match) throw new Error(`not an RIS line: ${JSON.stringify(line)}`);
    return [match[1] as string, match[2] as string];
  });
  if (tags[0]?.[0] !== 'TY' || tags.at(-1)?.[0] !== 'ER') throw new Error('an RIS record runs from TY to ER');
  return tags;
}

/**
 * The name of the `number`th release of the day of `first` (a release's name: the day its data was retrieved, its
 * number that day, the first 8 hex digits of its fingerprint). Example: ("2026-11-23-3f9a1c0e", 2) →
 * /^2026-11-23\.2-[0-9a-f]{8}$/.
 */
export function laterReleaseName(first: string, number: number): RegExp {
  return new RegExp(`^${first.slice(0, 10)}\\.${number}-[0-9a-f]{8}$`);
}
