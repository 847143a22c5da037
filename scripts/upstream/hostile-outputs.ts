// Hostile answers for the stand-in upstream (its `hostile` option) that test what reaches the published files
// and pages: bytes that are not UTF-8 inside a value. Values that are hostile as text (formulas, Markdown, lone
// surrogates, odd years) need no answer of their own: they are served as data, JSON-escaped like any other.
import type { DatasetId } from './upstream-data.ts';
import type { HostileAnswer } from './upstream-server.ts';

/** Bytes no UTF-8 decoder accepts: 0xFF never occurs in UTF-8, and 0xC3 needs a continuation byte, not "(" (0x28). */
const INVALID_UTF8_BYTES: Buffer = Buffer.from([0xff, 0xc3, 0x28]);

/**
 * Answers the pages of `dataset` that hold `marker` in some value with the normal answer, except that the marker's
 * UTF-8 bytes are replaced by `bytes` (INVALID_UTF8_BYTES unless given): a server whose database holds text in
 * another encoding, or cut in the middle of a character. Pages without the marker get the normal answer.
 * Example: marker "@@LATIN1@@" in NamaPartai "PARTAI @@LATIN1@@" → the body carries `"PARTAI \xff\xc3("`, which a
 * lenient decoder reads as "PARTAI \uFFFD\uFFFD(".
 */
export function createInvalidUtf8Answer(options: {
  dataset: DatasetId;
  marker: string;
  bytes?: Buffer;
}): HostileAnswer {
  const bytes = options.bytes ?? INVALID_UTF8_BYTES;
  const marker = Buffer.from(options.marker, 'utf8');
  return (request) => {
    if (request.dataset.id !== options.dataset) return undefined;
    const body = Buffer.from(JSON.stringify(request.envelope), 'utf8');
    if (!body.includes(marker)) return undefined;
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, from)) {
      parts.push(body.subarray(from, at), bytes);
      from = at + marker.length;
    }
    parts.push(body.subarray(from));
    return { status: 200, body: Buffer.concat(parts) };
  };
}
