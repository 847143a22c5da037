// One entry of a ZIP archive replaced, every other entry's bytes copied as they are (no inflating, no deflating):
// how the release stage writes the release into an XLSX file's about sheet without writing its data sheets again.
// The replaced entry is deflated with no data descriptor; the others keep their local headers, data and
// descriptors, at their new offsets. ZIP64 archives are refused (the XLSX writer refuses them too).
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
/** General purpose flag bit 3: sizes and CRC in a data descriptor after the data. */
const DATA_DESCRIPTOR_FLAG = 0x0008;
const DEFLATE = 8;

interface CentralEntry {
  name: string;
  /** The central directory record, as read. */
  record: Buffer;
  localOffset: number;
}

function centralEntries(zip: Buffer): { entries: CentralEntry[]; centralStart: number } {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END_SIGNATURE) end -= 1;
  if (end < 0) throw new Error('ZIP: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  const centralStart = zip.readUInt32LE(end + 16);
  if (count === 0xffff || centralStart === 0xffffffff) throw new Error('ZIP: ZIP64 archives are not supported');
  const entries: CentralEntry[] = [];
  let offset = centralStart;
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(offset) !== CENTRAL_SIGNATURE) throw new Error('ZIP: malformed central directory');
    const nameLength = zip.readUInt16LE(offset + 28);
    const length = 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
    entries.push({
      name: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
      record: zip.subarray(offset, offset + length),
      localOffset: zip.readUInt32LE(offset + 42),
    });
    offset += length;
  }
  return { entries, centralStart };
}

/** The names of the archive's entries, in central directory order. */
export function zipEntryNames(zip: Buffer): string[] {
  return centralEntries(zip).entries.map((entry) => entry.name);
}

/** The entry's content, inflated. */
export function readZipEntry(zip: Buffer, name: string): Buffer {
  const { entries } = centralEntries(zip);
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`ZIP: no entry ${name}`);
  const local = entry.localOffset;
  if (zip.readUInt32LE(local) !== LOCAL_SIGNATURE) throw new Error('ZIP: malformed local header');
  const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const compressed = zip.subarray(dataStart, dataStart + entry.record.readUInt32LE(20));
  const method = entry.record.readUInt16LE(10);
  if (method === 0) return Buffer.from(compressed);
  if (method !== DEFLATE) throw new Error(`ZIP: entry ${name} uses compression method ${method}`);
  return inflateRawSync(compressed);
}

/**
 * The archive with entry `name`'s content replaced by `transform(content)`, as the parts to write one after the
 * other (views of `zip` for the entries kept). Entries keep their order; the local headers must be in the central
 * directory's order, as every writer puts them.
 */
export function replaceZipEntry(zip: Buffer, name: string, transform: (content: Buffer) => Buffer): Buffer[] {
  const { entries, centralStart } = centralEntries(zip);
  const target = entries.findIndex((entry) => entry.name === name);
  if (target < 0) throw new Error(`ZIP: no entry ${name}`);
  const content = transform(readZipEntry(zip, name));
  const compressed = deflateRawSync(content);
  const checksum = crc32(content);

  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let written = 0;
  entries.forEach((entry, index) => {
    const blobEnd = entries[index + 1]?.localOffset ?? centralStart;
    if (blobEnd < entry.localOffset) throw new Error('ZIP: local headers out of central directory order');
    const record = Buffer.from(entry.record);
    record.writeUInt32LE(written, 42);
    if (index === target) {
      const oldLocal = zip.subarray(entry.localOffset, entry.localOffset + 30);
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
      parts.push(zip.subarray(entry.localOffset, blobEnd));
      written += blobEnd - entry.localOffset;
    }
    central.push(record);
  });
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_SIGNATURE, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(written, 16);
  return [...parts, centralBytes, end];
}
