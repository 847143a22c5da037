// The redactor against every form an upstream may echo a key in, a snippet cut inside the key, and V8's
// JSON.parse message quoting the raw body.
import { describe, expect, it } from 'vitest';
import { snippetOf } from '../../scripts/harvest/page-parser.ts';
import { createSecretMatcher } from '../../scripts/log/secret-forms.ts';
import { createRedactor, REDACTED } from '../../scripts/log/secret-redactor.ts';
import { ECHO_ENCODINGS, encodeKeyAsJsonSource } from '../../scripts/upstream/hostile-secrets.ts';
import { ECHO_KEY, expectNoKeyForm, textForms } from '../support/key-forms.ts';

const KEYS = [ECHO_KEY, 'test-key-7Qz!xK9#publisher', 'k/y"+1\\&;Yp', 'AbCdEfGh12345678+/=='];

describe('redaction of every form of the key', () => {
  for (const key of KEYS) {
    it(`removes each echo encoding of ${JSON.stringify(key)}`, () => {
      const redact = createRedactor([key]);
      for (const encoding of ECHO_ENCODINGS) {
        const out = redact(`before ${encodeKeyAsJsonSource(key, encoding)} after`);
        expect(out, encoding).toContain(REDACTED);
        expectNoKeyForm(out, key, encoding);
      }
    });

    it(`removes each literal form of ${JSON.stringify(key)}, and mixes of escapes character by character`, () => {
      const redact = createRedactor([key]);
      for (const form of textForms(key)) expectNoKeyForm(redact(`«${form}»`), key, form);
      // Every third character escaped a different way, hex in mixed case.
      const mixed = [...key]
        .map((character, index) => {
          const hex = character.charCodeAt(0).toString(16).padStart(2, '0');
          return [
            character,
            `\\u00${hex.toUpperCase()}`,
            `%${hex}`,
            `&#x${hex.toUpperCase()};`,
            `&#0${character.charCodeAt(0)};`,
          ][index % 5];
        })
        .join('');
      expect(redact(`x ${mixed} y`)).toBe(`x ${REDACTED} y`);
    });
  }

  it('leaves text without the key as it was, and no key at all means no change', () => {
    const redact = createRedactor([ECHO_KEY]);
    const text = 'harvest turnout: 3 pages, 1,000 records · &amp; %41 \\u0041 data:;base64,QUJD …';
    expect(redact(text)).toBe(text);
    expect(createRedactor()('Unexpected token \'k\', "k-SECRET-1"... is not valid JSON')).toBe(
      'Unexpected token \'k\', "k-SECRET-1"... is not valid JSON',
    );
  });
});

describe('a key cut short', () => {
  const key = 'k-SECRET-1234567890-abcdef';

  it('snippetOf redacts before it cuts, when given the redactor', () => {
    const body = `${'x'.repeat(190)} ${key} tail`;
    const snippet = snippetOf(body, 200, createRedactor([key]));
    expect(snippet).toBe(`${'x'.repeat(190)} ${REDACTED}`.slice(0, 200) + '…');
    expect(snippet).not.toContain('k-SEC');
  });

  it('the printed message loses a key the snippet cut, in any encoding and at any cut', () => {
    const redact = createRedactor([key]);
    for (const encoding of ['raw', 'json-unicode', 'percent-lower', 'html-hex'] as const) {
      const form = encodeKeyAsJsonSource(key, encoding);
      // From the first whole character on: a lone `\\` or `%` before the cut says nothing of the key.
      for (let cut = encoding === 'raw' ? 1 : 3; cut < form.length; cut += 1) {
        const message = redact(`HTTP 400 from http://h/api: ${snippetOf(`{"message":"${form}"}`, 12 + cut)}`);
        expect(message, `${encoding} cut after ${cut}`).toContain(`${REDACTED}…`);
        expect(message).not.toMatch(/k-|\\u006b|%6b|&#x6b/i);
      }
    }
  });

  it("V8's JSON.parse message does not quote the key, or any part of it", () => {
    const redact = createRedactor([key]);
    for (const body of [`${key} <html>`, `{"a": ${key}}`, `xxxxxxxxxxxxxx${key}`, `<p>${key}</p>`]) {
      let message = '';
      try {
        JSON.parse(body);
      } catch (error) {
        message = (error as Error).message;
      }
      const out = redact(`${message}; the body starts: ${snippetOf(body, 200, redact)}`);
      expect(out, body).not.toMatch(/k-S|SECRET|'k'/);
      expect(out).toContain('is not valid JSON');
    }
  });
});

describe('createSecretMatcher', () => {
  it('finds the key in base64 and base64url at each alignment inside a longer text, and says how it was written', () => {
    const matcher = createSecretMatcher([ECHO_KEY]);
    for (const alignment of [0, 1, 2]) {
      const bytes = Buffer.from(`${'p'.repeat(alignment)}key=${ECHO_KEY}&more`);
      expect(matcher?.find(`data:;base64,${bytes.toString('base64')}`)?.carrier, `base64 at ${alignment}`).toBe(
        'base64',
      );
      expect(matcher?.find(`?t=${bytes.toString('base64url')}`)?.carrier, `base64url at ${alignment}`).toMatch(
        /^base64/,
      );
    }
    expect(matcher?.find(`a ${encodeKeyAsJsonSource(ECHO_KEY, 'percent-upper')} b`)?.encoding).toBe('percent-encoded');
    expect(matcher?.find(`a ${encodeKeyAsJsonSource(ECHO_KEY, 'json-unicode')} b`)?.encoding).toBe('JSON-escaped');
    expect(matcher?.find(`a ${encodeKeyAsJsonSource(ECHO_KEY, 'html-named')} b`)?.encoding).toBe('HTML entities');
    expect(matcher?.find(`a ${ECHO_KEY} b`)?.encoding).toBe('as is');
  });
});

describe('redaction of runs of 8, cases, hex, separators and split fields', () => {
  const key = 'test-key-7Qz!xK9#publisher';
  const redact = createRedactor([key]);
  const hex = (text: string): string => Buffer.from(text).toString('hex');

  it('redacts every run of 8 at every start, in either case and in hex, and keeps 7', () => {
    for (let start = 0; start + 8 <= key.length; start += 1) {
      const run = key.slice(start, start + 8);
      for (const form of [run, run.toUpperCase(), run.toLowerCase(), hex(run), hex(run.toUpperCase()).toUpperCase()])
        expect(redact(`«${form}»`), form).toBe(`«${REDACTED}»`);
    }
    expect(redact('«test-ke»')).toBe('«test-ke»');
  });

  it('redacts the key with one separator inserted anywhere, and split over two fields of a quoted body', () => {
    for (const separator of [' ', '.', '_', ':', '|', '\\n', '%20']) {
      for (let at = 1; at < key.length; at += 1) {
        const text = `invalid key «${key.slice(0, at)}${separator}${key.slice(at)}»`;
        expect(redact(text), text).toBe(`invalid key «${REDACTED}»`);
      }
    }
    // A separator that is one of the key's own characters is not skipped: the runs either side of it go.
    for (let at = 1; at < key.length; at += 1) {
      const out = redact(`«${key.slice(0, at)}-${key.slice(at)}»`);
      expect(out).toContain(REDACTED);
      expectNoKeyForm(out, key, `- inserted after ${at}`);
    }
    expect(redact(`«${key.slice(0, 13)}-${key.slice(13)}»`)).toBe(`«${REDACTED}-${REDACTED}»`);
    const body = `{"NamaPartai":"Partai ${key.slice(0, 4)}","AkronimNamaPartai":"${key.slice(4, 8)} PKB"}`;
    expect(redact(body)).toBe(`{"NamaPartai":"Partai ${REDACTED} PKB"}`);
  });
});
