// Keeps secrets out of everything the publisher prints: every line of output passes through here.

export interface Redactor {
  (text: string): string;
  /** Adds a secret learnt later (the demo upstream's generated key). */
  add(secret: string | null | undefined): void;
}

function needlesOf(secrets: readonly string[]): string[] {
  const forms = secrets.flatMap((secret) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  // Longest first, so a secret containing another is replaced whole.
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of each secret (raw, URL-encoded or JSON-escaped) with `[redacted]`. */
export function createRedactor(initial: readonly (string | null | undefined)[] = []): Redactor {
  const secrets: string[] = [];
  let needles: string[] = [];
  const redact = ((text: string) => needles.reduce((out, needle) => out.split(needle).join('[redacted]'), text)) as Redactor;
  redact.add = (secret) => {
    if (typeof secret !== 'string' || secret.length === 0 || secrets.includes(secret)) return;
    secrets.push(secret);
    needles = needlesOf(secrets);
  };
  for (const secret of initial) redact.add(secret);
  return redact;
}
