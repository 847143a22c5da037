// The key scan on a page's decoded text (what the harvester passes to writePage) finds exactly what the scan of
// its bytes read as Latin-1 finds: every echo encoding, beside a BOM, invalid UTF-8 and multi-byte characters.
import { describe, expect, it } from 'vitest';
import { bodyText } from '../../scripts/harvest/response-body.ts';
import { createKeyScan } from '../../scripts/harvest/secret-scan.ts';
import { ECHO_ENCODINGS, encodeKeyAsJsonSource } from '../../scripts/upstream/hostile-secrets.ts';
import { ECHO_KEY } from '../support/key-forms.ts';

const scan = createKeyScan(ECHO_KEY) as NonNullable<ReturnType<typeof createKeyScan>>;

/** Bytes around an echoed form that a decoder may trip on: truncated sequences, a lone continuation, an overlong. */
const NEIGHBOURS: readonly (readonly number[])[] = [
  [],
  [0xef, 0xbb, 0xbf],
  [0xe2],
  [0xc3],
  [0xf0, 0x9f],
  [0x80],
  [0xc0, 0xaf],
  [0xed, 0xa0],
  [...Buffer.from('Sulawesi — é 🗳')],
];

function body(before: readonly number[], form: string, after: readonly number[]): Buffer {
  return Buffer.concat([
    Buffer.from('{"count":"1","data":[{"NamaPartai":"'),
    Buffer.from(before),
    Buffer.from(form),
    Buffer.from(after),
    Buffer.from('"}]}'),
  ]);
}

describe('the key scan on decoded text', () => {
  it('finds every echo encoding where the Latin-1 scan does, whatever bytes surround it', () => {
    for (const encoding of ECHO_ENCODINGS) {
      const form = encodeKeyAsJsonSource(ECHO_KEY, encoding);
      for (const before of NEIGHBOURS) {
        for (const after of NEIGHBOURS) {
          const bytes = body(before, form, after);
          const expected = scan(bytes);
          expect(expected, `${encoding}: the Latin-1 scan finds it`).not.toBeNull();
          expect(scan(bodyText(bytes).text), `${encoding}, ${before.join(' ')} | ${after.join(' ')}`).toBe(expected);
        }
      }
    }
  });

  it('finds nothing in either form of a page without the key', () => {
    for (const before of NEIGHBOURS) {
      const bytes = body(before, 'Partai Biasa', before);
      expect(scan(bytes)).toBeNull();
      expect(scan(bodyText(bytes).text)).toBeNull();
    }
  });
});
