// Keeps secrets out of everything the publisher prints: every line of output passes through here. Every form of
// a secret (secret-forms.ts: any run of 8 of its characters, in either case, escaped, hex or base64, a separator
// inserted or not) is redacted, also one cut short by a snippet, and V8's quote of a body it could not parse as JSON
// is left out, since that quote can hold any part of a secret.
import { createSecretMatcher, type SecretMatcher } from './secret-forms.ts';

export interface Redactor {
  (text: string): string;
  /** Adds a secret learnt later (the demo upstream's generated key). */
  add(secret: string | null | undefined): void;
}

export const REDACTED = '[redacted]';

/** Where text is cut short: snippetOf's and the snapshot messages' ellipsis. */
const CUT_MARKER = '…';

/**
 * V8's JSON.parse message quotes up to about ten characters either side of the fault, cut anywhere:
 * `Unexpected token 'k', "k-SECRET-1"... is not valid JSON`. A cut secret in it cannot be told from other text,
 * so the quote and its token go; the messages that carry it also give a (redacted) snippet of the body.
 */
const V8_JSON_QUOTE = /Unexpected token '[\s\S]*?', (?:\.\.\.)?"[\s\S]*?"(?:\.\.\.)? is not valid JSON/g;
const V8_JSON_QUOTE_REPLACEMENT = 'Unexpected token (quote of the body left out) is not valid JSON';

/**
 * What a cut can leave between a redacted run and the marker: the redacted windows reach the last whole character
 * of the secret, so only the beginning of one more character's escape, hex digit or base64 characters remain
 * (`[redacted]\u002…`).
 */
const CUT_TAIL = new RegExp(
  `${REDACTED.replace(/[[\]]/g, '\\$&')}(?:[A-Za-z0-9+/_-]{1,3}|\\\\u?[0-9a-fA-F]{0,3}|%[0-9a-fA-F]?|&#?[xX]?[0-9a-fA-F]{0,7}|&[A-Za-z]{1,20})(?=${CUT_MARKER})`,
  'g',
);

/**
 * Replaces every form of each secret (any run of 8 of its characters, in either case, as is, JSON-escaped,
 * percent-encoded, HTML entities, any mix of these, hex, base64 and base64url, one separator between two
 * characters or not) with `[redacted]`, and the beginning of one cut short by `…`.
 * Example, secret `k&y!`: "a k%26y%21 b" → "a [redacted] b"; "… k\u0026…" → "… [redacted]…"; secret
 * `test-key-7Qz!xK9#publisher`: "key TEST-KEY-7QZ-!xK9" → "key [redacted]".
 */
export function createRedactor(initial: readonly (string | null | undefined)[] = []): Redactor {
  const secrets: string[] = [];
  let matcher: SecretMatcher | null = null;
  let cut: RegExp | null = null;
  const redact = ((text: string) => {
    if (!matcher) return text;
    let redacted = text.replace(V8_JSON_QUOTE, V8_JSON_QUOTE_REPLACEMENT);
    for (const match of matcher.findAll(redacted).reverse())
      redacted = `${redacted.slice(0, match.index)}${REDACTED}${redacted.slice(match.index + match.length)}`;
    // A form cut short ends at the marker, so only a text holding the marker can hold one. Its pattern (every
    // beginning of every form) is made when the first such text comes: compiling it was most of what redacting cost
    // a CLI run, about 20 ms, and most runs print no cut text.
    if (!redacted.includes(CUT_MARKER)) return redacted;
    cut ??= matcher.cutBefore(CUT_MARKER);
    return redacted.replace(CUT_TAIL, REDACTED).replace(cut, REDACTED);
  }) as Redactor;
  redact.add = (secret) => {
    if (typeof secret !== 'string' || secret.length === 0 || secrets.includes(secret)) return;
    secrets.push(secret);
    matcher = createSecretMatcher(secrets);
    cut = null;
  };
  for (const secret of initial) redact.add(secret);
  return redact;
}
