// A social card's PNG (scripts/site/cards/card-png.ts): a valid PNG (signature, chunks and their CRC-32s, a 1200 × 630
// 8-bit RGBA header) whose decoded image is, pixel for pixel, the one resvg's own encoder writes for the same card;
// every pixel opaque, so resvg's premultiplied pixels are the straight ones; the same card, the same bytes.
import { Resvg } from '@resvg/resvg-js';
import { crc32, inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, socialCardSvg, type TextWriter } from '../../scripts/site/cards/card-drawing.ts';
import { loadOutlineFonts, outlinedText } from '../../scripts/site/cards/card-outline.ts';
import { encodeOpaquePng } from '../../scripts/site/cards/card-png.ts';

const outlines: TextWriter = (x, y, text, size, weight, fill, anchor = 'start') =>
  `<g fill="${fill}">${outlinedText(text, x, y, size, weight, anchor)}</g>`;

/** A card with every part: a demo strip, a two-line title, figures, a note and a bar with its mark. */
function cardSvg(): string {
  return socialCardSvg(
    {
      kicker: 'Pemilu DPR 2024 · Jawa Barat',
      title: 'Partai Contoh Dengan Nama Yang Sangat Panjang Sekali Untuk Dua Baris Judul',
      figure: { value: '38,7%', label: 'perempuan di kepengurusan pusat' },
      facts: [
        { value: '2019', label: '33,3%' },
        { value: '2014', label: '30,0%' },
      ],
      note: 'Tahun ini tidak memuat angka pemilih.',
      bar: { share: 0.387, label: '38,7% perempuan', mark: { share: 0.3, label: 'kuota 30%' } },
      source: 'Sumber: Komisi Pemilihan Umum (KPU), data terbuka',
      demo: 'DATA CONTOH, BUKAN ANGKA SEBENARNYA',
      alt: '',
    },
    outlines,
  );
}

interface Chunk {
  type: string;
  data: Buffer;
}

/** A PNG's chunks, after checking its signature and each chunk's CRC-32. */
function chunksOf(png: Buffer): Chunk[] {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), 'the CRC-32 of a chunk').toBe(crc32(typeAndData));
    chunks.push({ type: typeAndData.subarray(0, 4).toString('latin1'), data: typeAndData.subarray(4) });
    at += 12 + length;
  }
  return chunks;
}

/** The RGBA pixels of an 8-bit RGBA, non-interlaced PNG: its IDAT data inflated and unfiltered (filters 0–4). */
function decodeRgba(png: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const chunks = chunksOf(png);
  const header = chunks[0];
  expect(header?.type).toBe('IHDR');
  const width = header?.data.readUInt32BE(0) ?? 0;
  const height = header?.data.readUInt32BE(4) ?? 0;
  expect([...(header?.data.subarray(8) ?? [])], 'bit depth 8, RGBA, not interlaced').toEqual([8, 6, 0, 0, 0]);
  expect(chunks.at(-1)).toEqual({ type: 'IEND', data: Buffer.alloc(0) });
  const rows = inflateSync(Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)));
  const stride = width * 4;
  expect(rows.length).toBe((stride + 1) * height);
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = rows[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const raw = rows[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= 4 ? (pixels[y * stride + x - 4] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= 4 && y > 0 ? (pixels[(y - 1) * stride + x - 4] ?? 0) : 0;
      const paeth = (): number => {
        const estimate = left + up - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predicted = [0, left, up, (left + up) >> 1, paeth()][filter ?? 0] ?? 0;
      pixels[y * stride + x] = (raw + predicted) & 0xff;
    }
  }
  return { width, height, pixels };
}

describe("a social card's PNG", () => {
  beforeAll(loadOutlineFonts);

  it('is the image resvg encodes, pixel for pixel, every pixel opaque', () => {
    const image = new Resvg(cardSvg(), { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } }).render();
    const own = decodeRgba(encodeOpaquePng(image.pixels, image.width, image.height));
    const resvgs = decodeRgba(image.asPng());
    expect([own.width, own.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect([resvgs.width, resvgs.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect(Buffer.from(own.pixels).equals(Buffer.from(resvgs.pixels))).toBe(true);
    expect(own.pixels.filter((_, index) => index % 4 === 3).every((alpha) => alpha === 255)).toBe(true);
  });

  it('gives the same bytes for the same card, and refuses pixels of another size', () => {
    const draw = (): Buffer => {
      const image = new Resvg(cardSvg(), { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } }).render();
      return encodeOpaquePng(image.pixels, image.width, image.height);
    };
    expect(draw().equals(draw())).toBe(true);
    expect(() => encodeOpaquePng(new Uint8Array(16), 2, 3)).toThrow('16 bytes are not 2 × 3 RGBA');
  });
});
