// Reads an upstream answer's body exactly and within bounds: streamed, cut off as soon as it passes the byte
// cap, Content-Encoding (gzip, deflate, br) decoded with node:zlib under the same cap, and the bytes turned
// into text with a leading BOM set aside and invalid UTF-8 noticed rather than passed over.
import { isUtf8 } from 'node:buffer';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from 'node:zlib';
import { createSha256 } from '../foundation/hashing.ts';

/** How the body arrived, when that differs from the stored bytes (a content-coding was removed). */
export interface WireBody {
  /** The Content-Encoding removed, e.g. "gzip". */
  contentEncoding: string;
  /** Bytes and SHA-256 of the body as received, before decoding. */
  wireBytes: number;
  wireSha256: string;
}

export type BodyRead =
  { ok: true; body: Buffer; wire: WireBody | null } | { ok: false; reason: 'too-large' | 'unreadable'; detail: string };

/** The body stream of an undici response: chunks, and destroy() to abort the request. */
export interface BodyStream extends AsyncIterable<Buffer | string> {
  destroy(error?: Error): unknown;
}

const DECODERS: Record<
  string,
  () => Gunzip | ReturnType<typeof createInflate> | ReturnType<typeof createBrotliDecompress>
> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  // HTTP's "deflate" is the zlib format (RFC 9110 §8.4.1.2), which createInflate reads.
  deflate: createInflate,
  br: createBrotliDecompress,
};

class CapExceeded extends Error {}

function headerText(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().toLowerCase();
}

/**
 * Reads the body of one answer. The cap holds for the bytes received and, with a Content-Encoding, for the
 * decoded bytes too (a zip bomb stops at the cap): at most `maxBytes` plus one chunk is ever held. A declared
 * Content-Length above the cap fails before anything is read. Network errors are thrown as they come; a body that
 * cannot be decoded, or an encoding not supported, is 'unreadable'.
 * Example: 1 GiB of spaces gzipped to 1 MiB, cap 64 MiB → { ok: false, reason: 'too-large' } after about 64 MiB.
 */
export async function readResponseBody(
  body: BodyStream,
  headers: Record<string, string | string[] | undefined>,
  maxBytes: number,
): Promise<BodyRead> {
  const declared = headerText(headers['content-length']);
  if (/^\d+$/.test(declared) && Number(declared) > maxBytes) {
    body.destroy();
    return {
      ok: false,
      reason: 'too-large',
      detail: `Content-Length ${declared} bytes is more than the ${maxBytes} allowed (KPU_MAX_RESPONSE_BYTES); nothing was read`,
    };
  }
  const codings = headerText(headers['content-encoding'])
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const coding = codings[0];
  if (codings.length > 1 || (coding !== undefined && !Object.hasOwn(DECODERS, coding))) {
    body.destroy();
    return {
      ok: false,
      reason: 'unreadable',
      detail: `Content-Encoding "${codings.join(', ')}" is not supported (gzip, deflate and br are)`,
    };
  }

  const hash = createSha256();
  let wireBytes = 0;
  let networkError: unknown = null;
  async function* received(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of body) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        wireBytes += bytes.length;
        // Leaving the loop (here, or when the decoder side fails) destroys the stream: the request is aborted.
        if (wireBytes > maxBytes) throw new CapExceeded(`more than ${maxBytes} bytes received`);
        if (coding !== undefined) hash.update(bytes);
        yield bytes;
      }
    } catch (error) {
      if (!(error instanceof CapExceeded)) networkError = error;
      throw error;
    }
  }

  const chunks: Buffer[] = [];
  let decodedBytes = 0;
  const keep = async (source: AsyncIterable<Buffer>): Promise<void> => {
    for await (const chunk of source) {
      decodedBytes += chunk.length;
      if (decodedBytes > maxBytes)
        throw new CapExceeded(
          `more than ${maxBytes} bytes after ${coding ?? ''} decoding (${wireBytes} bytes received so far)`,
        );
      chunks.push(chunk);
    }
  };
  try {
    if (coding === undefined) await keep(received());
    else await pipeline(received(), (DECODERS[coding] as () => Gunzip)(), keep);
  } catch (error) {
    if (error instanceof CapExceeded) {
      return {
        ok: false,
        reason: 'too-large',
        detail: `the answer was cut off: ${error.message} (KPU_MAX_RESPONSE_BYTES)`,
      };
    }
    if (networkError !== null) throw networkError;
    return {
      ok: false,
      reason: 'unreadable',
      detail: `the ${coding ?? ''} body cannot be decoded: ${(error as Error).message}`,
    };
  }
  const decoded = Buffer.concat(chunks);
  return {
    ok: true,
    body: decoded,
    wire: coding === undefined ? null : { contentEncoding: coding, wireBytes, wireSha256: hash.digest('hex') },
  };
}

/** A body's text for JSON.parse, and what was set aside or replaced on the way. */
export interface BodyText {
  text: string;
  /** The body began with a UTF-8 byte order mark (EF BB BF), which is not part of the text. */
  bom: boolean;
  /** The body is not valid UTF-8: the text holds U+FFFD where its invalid bytes were. */
  invalidUtf8: boolean;
}

/** Example: EF BB BF 7B 7D → { text: "{}", bom: true, invalidUtf8: false }. */
export function bodyText(body: Buffer): BodyText {
  const bom = body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
  return { text: body.toString('utf8', bom ? 3 : 0), bom, invalidUtf8: !isUtf8(body) };
}

/**
 * What a page's provenance records about how its body was read, present only when it applies: the content-coding
 * removed (with the size and SHA-256 of the bytes as received), a byte order mark, invalid UTF-8.
 */
export interface BodyNotes {
  contentEncoding?: string;
  wireBytes?: number;
  wireSha256?: string;
  bom?: true;
  invalidUtf8?: true;
}

export function bodyNotesOf(wire: WireBody | null, text: BodyText): BodyNotes {
  return { ...(wire ?? {}), ...(text.bom ? { bom: true } : {}), ...(text.invalidUtf8 ? { invalidUtf8: true } : {}) };
}
