// The social cards' lines (scripts/site/cards/card-font.ts): a text that takes two lines is broken where the lines are
// most even, so no word is left alone on the second; a text that fits on one stays whole; one too long for two lines
// at the smallest size ends with an ellipsis.
import { describe, expect, it } from 'vitest';
import { fitText, textWidth } from '../../scripts/site/cards/card-font.ts';
import { CARD_TEXT } from '../../scripts/site/cards/card-text.ts';

/** The card's text width: 1200 px less two margins of 64. */
const INNER = 1072;

/** The wider line of each way to break `text` in two after a word. */
function widestOfEachBreak(text: string, size: number, weight: 'regular' | 'bold'): number[] {
  const words = text.split(' ');
  return words
    .slice(1)
    .map((_, index) =>
      Math.max(
        textWidth(words.slice(0, index + 1).join(' '), size, weight),
        textWidth(words.slice(index + 1).join(' '), size, weight),
      ),
    );
}

describe('a card text in lines', () => {
  it.each([
    // A party page's note, whose greedy lines left "ini." alone.
    [CARD_TEXT.id.partyNotGiven, 26, 18, 'regular'],
    ['Partai Contoh Dengan Nama Yang Sangat Panjang Sekali Untuk Dua Baris Judul', 48, 36, 'bold'],
    ['A Demonstration Party With A Name Long Enough To Need Two Lines On Its Card', 48, 36, 'bold'],
  ] as const)('breaks "%s" in two where the lines are most even', (text, size, min, weight) => {
    const fitted = fitText(text, INNER, size, min, weight, 2);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines.join(' ')).toBe(text);
    const widths = fitted.lines.map((line) => textWidth(line, fitted.size, weight));
    expect(Math.max(...widths)).toBeLessThanOrEqual(INNER);
    expect(Math.max(...widths)).toBe(Math.min(...widestOfEachBreak(text, fitted.size, weight)));
    // No word alone: the second line holds more than one word, and is at least half as wide as the first.
    expect(fitted.lines[1]?.split(' ').length).toBeGreaterThan(1);
    expect(Math.min(...widths) / Math.max(...widths)).toBeGreaterThan(0.5);
  });

  it('keeps a text that fits on one line whole, and ends one too long for two lines with an ellipsis', () => {
    expect(fitText('Tahun ini tidak memuat angka pemilih.', INNER, 26, 18, 'regular', 2)).toEqual({
      lines: ['Tahun ini tidak memuat angka pemilih.'],
      size: 26,
    });
    const long = fitText('kata '.repeat(200).trim(), INNER, 26, 18, 'regular', 2);
    expect(long.size).toBe(18);
    expect(long.lines).toHaveLength(2);
    expect(long.lines[1]?.endsWith('…')).toBe(true);
  });
});
