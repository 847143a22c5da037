// One entry of a ZIP archive replaced, every other entry's bytes copied as they are (no inflating, no deflating):
// how the release stage writes the release into an XLSX file's about sheet without writing its data sheets again.
// Only the central directory and the replaced entry are read into memory; the rest is copied as ranges of the file
// (file-splice.ts). The replaced entry is deflated with no data descriptor; the others keep their local headers,
// data and descriptors, at their new offsets. ZIP64 archives are refused (the XLSX writer refuses them too).
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ByteSource, Part } from '../foundation/file-splice.ts';

const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
/** The end of central directory record without its comment, and the longest comment it may have. */
const END_LENGTH = 22;
const MAX_COMMENT = 0xffff;
/** General purpose flag bit 3: sizes and CRC in a data descriptor after the data. */
const DATA_DESCRIPTOR_FLAG = 0x0008;
const DEFLATE = 8;

interface CentralEntry {
  name: string;
  /** The central directory record, as read. */
  record: Buffer;
  localOffset: number;
}

async function centralEntries(source: ByteSource): Promise<{ entries: CentralEntry[]; centralStart: number }> {
  const tailStart = Math.max(0, source.size - END_LENGTH - MAX_COMMENT);
  const tail = await source.read(tailStart, source.size);
  let end = tail.length - END_LENGTH;
  while (end >= 0 && tail.readUInt32LE(end) !== END_SIGNATURE) end -= 1;
  if (end < 0) throw new Error('ZIP: no end of central directory');
  const count = tail.readUInt16LE(end + 10);
  const centralLength = tail.readUInt32LE(end + 12);
  const centralStart = tail.readUInt32LE(end + 16);
  if (count === 0xffff || centralStart === 0xffffffff) throw new Error('ZIP: ZIP64 archives are not supported');
  const central = await source.read(centralStart, centralStart + centralLength);
  const entries: CentralEntry[] = [];
  let offset = 0;
  for (let index = 0; index < count; index += 1) {
    if (central.readUInt32LE(offset) !== CENTRAL_SIGNATURE) throw new Error('ZIP: malformed central directory');
    const nameLength = central.readUInt16LE(offset + 28);
    const length = 46 + nameLength + central.readUInt16LE(offset + 30) + central.readUInt16LE(offset + 32);
    entries.push({
      name: central.toString('utf8', offset + 46, offset + 46 + nameLength),
      record: central.subarray(offset, offset + length),
      localOffset: central.readUInt32LE(offset + 42),
    });
    offset += length;
  }
  return { entries, centralStart };
}

/** The names of the archive's entries, in central directory order. */
export async function zipEntryNames(source: ByteSource): Promise<string[]> {
  return (await centralEntries(source)).entries.map((entry) => entry.name);
}

async function readEntry(source: ByteSource, entry: CentralEntry): Promise<Buffer> {
  const local = await source.read(entry.localOffset, entry.localOffset + 30);
  if (local.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new Error('ZIP: malformed local header');
  const dataStart = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const compressed = await source.read(dataStart, dataStart + entry.record.readUInt32LE(20));
  const method = entry.record.readUInt16LE(10);
  if (method === 0) return Buffer.from(compressed);
  if (method !== DEFLATE) throw new Error(`ZIP: entry ${entry.name} uses compression method ${method}`);
  return inflateRawSync(compressed);
}

/** The entry's content, inflated. */
export async function readZipEntry(source: ByteSource, name: string): Promise<Buffer> {
  const entry = (await centralEntries(source)).entries.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`ZIP: no entry ${name}`);
  return readEntry(source, entry);
}

/**
 * The archive with entry `name`'s content replaced by `transform(content)`, as parts (the entries kept are ranges
 * of the source). Entries keep their order; the local headers must be in the central directory's order, as every
 * writer puts them.
 */
export async function replaceZipEntry(
  source: ByteSource,
  name: string,
  transform: (content: Buffer) => Buffer,
): Promise<Part[]> {
  const { entries, centralStart } = await centralEntries(source);
  const target = entries.findIndex((entry) => entry.name === name);
  if (target < 0) throw new Error(`ZIP: no entry ${name}`);
  const content = transform(await readEntry(source, entries[target] as CentralEntry));
  const compressed = deflateRawSync(content);
  const checksum = crc32(content);

  const parts: Part[] = [];
  const central: Buffer[] = [];
  let written = 0;
  for (const [index, entry] of entries.entries()) {
    const blobEnd = entries[index + 1]?.localOffset ?? centralStart;
    if (blobEnd < entry.localOffset) throw new Error('ZIP: local headers out of central directory order');
    const record = Buffer.from(entry.record);
    record.writeUInt32LE(written, 42);
    if (index === target) {
      const oldLocal = await source.read(entry.localOffset, entry.localOffset + 30);
      const nameBytes = Buffer.from(entry.name, 'utf8');
      const flags = oldLocal.readUInt16LE(6) & ~DATA_DESCRIPTOR_FLAG;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(LOCAL_SIGNATURE, 0);
      local.writeUInt16LE(oldLocal.readUInt16LE(4), 4); // version needed
      local.writeUInt16LE(flags, 6);
      local.writeUInt16LE(DEFLATE, 8);
      local.writeUInt16LE(oldLocal.readUInt16LE(10), 10); // time
      local.writeUInt16LE(oldLocal.readUInt16LE(12), 12); // date
      local.writeUInt32LE(checksum, 14);
      local.writeUInt32LE(compressed.length, 18);
      local.writeUInt32LE(content.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      local.writeUInt16LE(0, 28);
      parts.push(local, nameBytes, compressed);
      written += local.length + nameBytes.length + compressed.length;
      record.writeUInt16LE(flags, 8);
      record.writeUInt16LE(DEFLATE, 10);
      record.writeUInt32LE(checksum, 16);
      record.writeUInt32LE(compressed.length, 20);
      record.writeUInt32LE(content.length, 24);
    } else {
      parts.push({ start: entry.localOffset, end: blobEnd });
      written += blobEnd - entry.localOffset;
    }
    central.push(record);
  }
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(END_LENGTH);
  end.writeUInt32LE(END_SIGNATURE, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(written, 16);
  return [...parts, centralBytes, end];
}
