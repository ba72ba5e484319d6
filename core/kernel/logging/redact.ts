// Secrets never reach a log line: every value of a secret-named setting (TOKEN, KEY, SECRET,
// PASSWORD in its name) and every character secret is replaced with [redacted], and so is a
// Telegram Bot API path (`/bot<id>:<token>/`) whatever token it holds, the password of any
// URL in the line (`postgres://user:[redacted]@host`), and the password of any URL-valued
// setting (DATABASE_URL) wherever it appears on its own.

export const REDACTED = "[redacted]";
const SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD/i;
const BOT_PATH = /\/bot\d+:[^/\s"'?#]+/g;
/** scheme://user:password@ — the password is whatever lies between the first ':' and '@'. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/?#"']*):[^\s@/?#"']*@/gi;
/** Shorter values ("1", "true") would blank ordinary words out of every line. */
const MIN_SECRET_CHARS = 6;

export type Redactor = (text: string) => string;

/**
 * The secret values in settings records: secret-named keys of each record, and every value of
 * the records given as `allSecret` (character.secrets).
 */
export function secretValues(
  named: (Record<string, unknown> | undefined)[],
  allSecret: (Record<string, unknown> | undefined)[] = [],
): string[] {
  const values = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== "string" && typeof value !== "number") return;
    const text = String(value).trim();
    if (text.length >= MIN_SECRET_CHARS) values.add(text);
  };
  for (const record of named) {
    for (const [key, value] of Object.entries(record ?? {})) {
      if (SECRET_NAME.test(key)) add(value);
      else for (const password of urlPasswords(value)) add(password);
    }
  }
  for (const record of allSecret) for (const value of Object.values(record ?? {})) add(value);
  return [...values];
}

export function createRedactor(secrets: string[]): Redactor {
  // Longest first, so a secret that contains another is replaced whole.
  const sorted = [...new Set(secrets)].sort((a, b) => b.length - a.length);
  return (text) => {
    // The patterns cannot match without their literal parts; most text has neither, and a
    // tick redacts every string of every run's log row.
    let out = text.includes("/bot") ? text.replace(BOT_PATH, `/bot${REDACTED}`) : text;
    if (out.includes("://")) out = out.replace(URL_PASSWORD, `$1:${REDACTED}@`);
    for (const secret of sorted) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  };
}

/** A URL-valued setting's password, as written and percent-decoded; none for other values. */
function urlPasswords(value: unknown): string[] {
  if (typeof value !== "string" || !value.includes("://")) return [];
  let password: string;
  try {
    password = new URL(value.trim()).password;
  } catch {
    return [];
  }
  if (!password) return [];
  try {
    return [password, decodeURIComponent(password)];
  } catch {
    return [password];
  }
}

/** The env's secrets, for log lines written where no runtime is at hand. */
export function redactorForEnv(env: Record<string, unknown>): Redactor {
  return createRedactor(secretValues([env]));
}

/**
 * Strings anywhere inside `value` redacted; other values as they are. A plain object or array
 * in which nothing changed comes back itself rather than copied (a turn's run row is redacted
 * whole, and holds no secret almost always); other objects come back as plain copies.
 */
export function redactValue(value: unknown, redact: Redactor, depth = 0): unknown {
  if (typeof value === "string") return redact(value);
  if (value instanceof Error) return redact(errorText(value));
  if (depth > 5 || value === null || typeof value !== "object") return value;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    return proto === Array.prototype
      ? redactArray(value, redact, depth)
      : value.map((v) => redactValue(v, redact, depth + 1));
  }
  const record = value as Record<string, unknown>;
  if (proto !== Object.prototype) {
    return Object.fromEntries(
      Object.entries(record).map(([key, item]) => [key, redactValue(item, redact, depth + 1)]),
    );
  }
  // Walked without Object.entries: a plain object where nothing changes (nearly every one)
  // costs no allocation. Own keys in for-in order are Object.entries' order.
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const item = record[key];
    const safe = redactValue(item, redact, depth + 1);
    if (safe !== item) return redactedCopy(record, key, safe, redact, depth);
  }
  return value;
}

/** `record` copied once its key `changed` redacted to `safe`: later values redacted once each. */
function redactedCopy(
  record: Record<string, unknown>,
  changed: string,
  safe: unknown,
  redact: Redactor,
  depth: number,
): Record<string, unknown> {
  const out: [string, unknown][] = [];
  let past = false;
  for (const [key, item] of Object.entries(record)) {
    if (key === changed) {
      out.push([key, safe]);
      past = true;
    } else out.push([key, past ? redactValue(item, redact, depth + 1) : item]);
  }
  return Object.fromEntries(out);
}

function redactArray(value: unknown[], redact: Redactor, depth: number): unknown[] {
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) continue;
    const safe = redactValue(value[i], redact, depth + 1);
    if (safe === value[i]) continue;
    // slice keeps holes where they are, as map does.
    const out = value.slice();
    out[i] = safe;
    for (let j = i + 1; j < value.length; j++) {
      if (j in value) out[j] = redactValue(value[j], redact, depth + 1);
    }
    return out;
  }
  return value;
}

/** An error as one line (with its cause), for logs that must pass through a redactor. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : "";
  return `${error.stack ?? `${error.name}: ${error.message}`}${cause}`;
}
