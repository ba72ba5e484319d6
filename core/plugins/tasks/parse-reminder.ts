// Reads "remind me in 10 minutes to stretch" and friends. A parser, not a model, so reminders
// work with every model, including the offline ELIZA, and the delay is never a guess.

export type ReminderIntent =
  | { kind: "once"; delayMs: number; what: string }
  | { kind: "every"; intervalMs: number; what: string }
  | { kind: "cancel"; what: string };

const UNIT_MS: Record<string, number> = {
  s: 1000,
  sec: 1000,
  second: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hour: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  w: 604_800_000,
  week: 604_800_000,
};
const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  "a couple of": 2,
  "a few": 3,
};

export const MIN_DELAY_MS = 1000;
export const MAX_DELAY_MS = 365 * 86_400_000;
const MAX_WHAT_CHARS = 500;
/**
 * Longest message read as a reminder request; longer text is never one. Checked before any
 * pattern runs: the patterns below are linear per start position but may try every "remind
 * me" in the text, so the cap bounds that work (test/security/regex-safety.test.ts).
 */
export const MAX_REMINDER_INPUT_CHARS = 2000;

const NUMBER = String.raw`(\d+(?:\.\d+)?|a couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty)`;
const UNIT = "(s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?)";
const DURATION = `${NUMBER}\\s*${UNIT}`;
const ASK = String.raw`(?:please\s+)?(?:remind\s+me|follow\s+up(?:\s+with\s+me)?|ping\s+me|nudge\s+me)`;
const LEAD = String.raw`(?:\s+(?:to|about|that|of|on))?\s+`;

const ONCE_DURATION_FIRST = new RegExp(`${ASK}\\s+in\\s+${DURATION}(?:${LEAD}(.+))?$`, "i");
const ONCE_TEXT_FIRST = new RegExp(`${ASK}${LEAD}(.+?)\\s+in\\s+${DURATION}$`, "i");
const ONCE_IN_FIRST = new RegExp(`^in\\s+${DURATION},?\\s+${ASK}(?:${LEAD}(.+))?$`, "i");
const EVERY_ASK_FIRST = new RegExp(
  `${ASK}${LEAD}(.+?)\\s+every\\s+(?:${NUMBER}\\s*)?${UNIT}$`,
  "i",
);
const EVERY_FIRST = new RegExp(
  `${ASK}?\\s*every\\s+(?:${NUMBER}\\s*)?${UNIT},?(?:\\s+${ASK})?(?:${LEAD}(.+))?$`,
  "i",
);
const EVERY_WORD = /\bevery\b/i;
const ASK_WORD = /remind|ping|nudge|follow/i;
const WHITESPACE_RUN = /\s+/g;
const LEADING_CONNECTIVE = /^(?:to|about|that)\s+/i;
const CANCEL =
  /\b(?:cancel|stop|delete|remove|clear)\b(?:\s+(?:all|my|the|those|these|that))*\s+(?:reminders?|tasks?|follow[- ]?ups?)(?:\s+(?:about|for|to|of)\s+(.+))?/i;

export function parseReminder(input: string): ReminderIntent | null {
  if (typeof input !== "string" || input.length > MAX_REMINDER_INPUT_CHARS) return null;
  const text = stripFinalPunctuation(input.trim()).replace(WHITESPACE_RUN, " ");
  if (!text) return null;

  const cancel = CANCEL.exec(text);
  if (cancel) return { kind: "cancel", what: clean(cancel[1] ?? "") };

  let m = EVERY_ASK_FIRST.exec(text);
  if (m) return every(m[2], m[3], m[1]);
  m = EVERY_FIRST.exec(text);
  if (m && EVERY_WORD.test(text) && (m[3] || ASK_WORD.test(text))) {
    return every(m[1], m[2], m[3]);
  }
  m = ONCE_DURATION_FIRST.exec(text) ?? ONCE_IN_FIRST.exec(text);
  if (m) return once(m[1], m[2], m[3]);
  m = ONCE_TEXT_FIRST.exec(text);
  if (m) return once(m[2], m[3], m[1]);
  return null;
}

/**
 * "stretch!!" → "stretch". A loop, not /[.!?]+$/: that regex restarts at every mark of a long
 * run and rescans it, quadratic in the run's length.
 */
function stripFinalPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && ".!?".includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Every pattern applied to the user's text, for the ReDoS check in the tests. */
export const REMINDER_PATTERNS: readonly RegExp[] = [
  ONCE_DURATION_FIRST,
  ONCE_TEXT_FIRST,
  ONCE_IN_FIRST,
  EVERY_ASK_FIRST,
  EVERY_FIRST,
  CANCEL,
  EVERY_WORD,
  ASK_WORD,
  WHITESPACE_RUN,
  LEADING_CONNECTIVE,
];

function duration(amount: string | undefined, unit: string | undefined): number | null {
  if (!unit) return null;
  const n = amount === undefined ? 1 : (WORD_NUMBERS[amount.toLowerCase()] ?? Number(amount));
  const base = UNIT_MS[unit.toLowerCase().replace(/s$/, "")] ?? UNIT_MS[unit.toLowerCase()];
  if (!base || !Number.isFinite(n) || n <= 0) return null;
  return Math.round(n * base);
}

function once(amount?: string, unit?: string, what?: string): ReminderIntent | null {
  const delayMs = duration(amount, unit);
  if (delayMs === null || delayMs < MIN_DELAY_MS || delayMs > MAX_DELAY_MS) return null;
  return { kind: "once", delayMs, what: clean(what ?? "") || "follow up" };
}

function every(amount?: string, unit?: string, what?: string): ReminderIntent | null {
  const intervalMs = duration(amount, unit);
  // Parsed down to a second so that a too-fast repeat is refused by name (reminder-limits.ts),
  // not ignored.
  if (intervalMs === null || intervalMs < MIN_DELAY_MS || intervalMs > MAX_DELAY_MS) return null;
  return { kind: "every", intervalMs, what: clean(what ?? "") || "check in" };
}

function clean(what: string): string {
  return what.replace(LEADING_CONNECTIVE, "").trim().slice(0, MAX_WHAT_CHARS);
}

/** "10 minutes", "1 hour", "90 seconds": for confirmations. */
export function describeDuration(ms: number): string {
  const units: [number, string][] = [
    [604_800_000, "week"],
    [86_400_000, "day"],
    [3_600_000, "hour"],
    [60_000, "minute"],
    [1000, "second"],
  ];
  for (const [size, name] of units) {
    if (ms >= size && ms % size === 0) {
      const n = ms / size;
      return `${n} ${name}${n === 1 ? "" : "s"}`;
    }
  }
  const minutes = Math.round(ms / 60_000);
  return minutes >= 1 ? `${minutes} minutes` : `${Math.round(ms / 1000)} seconds`;
}
