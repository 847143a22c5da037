// The change summary a CI job posts (renderChangesMarkdown) with hostile values from the data: every character
// Markdown gives a meaning to is backslash-escaped (CommonMark 2.4), so the value renders as the text it is.
import { describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { compareRecords } from '../../scripts/release/change-report.ts';
import { escapeMarkdownText, MARKDOWN_VALUE_MAX } from '../../scripts/release/markdown-text.ts';
import { renderChangesMarkdown, type ChangesDocument } from '../../scripts/release/release-stage.ts';

const party = (ballot: string, name: string, chair: string | null) => ({
  election_year: 2024,
  ballot_number: ballot,
  party_name: name,
  general_chair: chair,
  quality_flags: [],
});

function summaryOf(before: string, after: string, ballot = '1'): string {
  const datasets = [compareRecords(partyDataset, [party(ballot, 'A', before)], [party(ballot, 'A', after)])];
  const changes: ChangesDocument = {
    release: '2026-11-23',
    previousRelease: '2026-11-22',
    initial: false,
    changed: true,
    datasets,
  };
  return renderChangesMarkdown(changes, false, true);
}

/** The summary's line for the one change. */
function changeLine(markdown: string): string {
  const line = markdown.split('\n').find((candidate) => candidate.startsWith('- parties changed:'));
  if (line === undefined) throw new Error(`no change line in:\n${markdown}`);
  return line;
}

const HOSTILE = [
  '![pixel](https://evil.example/track.png)',
  '[click](https://evil.example)',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '**bold** _em_ `code` ~~gone~~',
  'a | b | c',
  '# heading',
  'https://evil.example/auto www.evil.example x@evil.example',
  '&lt;b&gt; &#60;i&#62;',
  '$x^2$',
];

describe('renderChangesMarkdown with hostile values', () => {
  it.each(HOSTILE)('shows %j as text', (value) => {
    const markdown = summaryOf('old', value);
    const line = changeLine(markdown);
    expect(line.startsWith('- parties changed: 2024 / 1 (general_chair: old → ')).toBe(true);
    // Every Markdown-significant character of the value is backslash-escaped, so removing the escapes gives the value.
    const shown = line.slice('- parties changed: 2024 / 1 (general_chair: old → '.length, -1);
    expect(shown.replace(/\\(.)/g, '$1')).toBe(value);
    expect(shown).not.toMatch(/(?<!\\)[[\]<>!`*_|#&:@$]/);
  });

  it('keeps the table whole: a pipe or a line break in a value never adds a cell or a line', () => {
    const markdown = summaryOf('x', 'a|b\n| injected | row |\r\n\n# Heading\u2028next');
    const tableRows = markdown.split('\n').filter((line) => line.startsWith('|'));
    expect(tableRows).toEqual([
      '| dataset | election year | added | removed | changed |',
      '|---|---|---|---|---|',
      '| parties | 2024 | 0 | 0 | 1 |',
    ]);
    expect(markdown.split('\n').filter((line) => line.startsWith('#'))).toEqual(['## Release 2026-11-23']);
    expect(changeLine(markdown)).toBe(
      '- parties changed: 2024 / 1 (general_chair: x → a\\|b \\| injected \\| row \\|  \\# Heading next)',
    );
  });

  it('strips ANSI escape sequences and control characters', () => {
    const line = changeLine(
      summaryOf(
        'x',
        '\u001b[31mRED\u001b[0m\u0007 \u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\ \u0000nul\u009b2J \u202Eevil',
      ),
    );
    expect(line).toBe('- parties changed: 2024 / 1 (general_chair: x → RED link nul evil)');
    // eslint-disable-next-line no-control-regex -- checking that none is left
    expect(line).not.toMatch(/[\u0000-\u001F\u007F-\u009F]/);
  });

  it('escapes the key values too', () => {
    const markdown = summaryOf('a', 'b', '[1](https://evil.example)');
    expect(changeLine(markdown)).toBe(
      '- parties changed: 2024 / \\[1\\]\\(https\\://evil\\.example\\) (general_chair: a → b)',
    );
  });

  it('shortens a very long value, and leaves ordinary values as they are', () => {
    const long = 'X'.repeat(MARKDOWN_VALUE_MAX + 50);
    expect(escapeMarkdownText(long)).toBe(`${'X'.repeat(MARKDOWN_VALUE_MAX)}…`);
    expect(escapeMarkdownText('PARTAI CONTOH SATU')).toBe('PARTAI CONTOH SATU');
    expect(changeLine(summaryOf('a', 'b'))).toBe('- parties changed: 2024 / 1 (general_chair: a → b)');
  });
});
