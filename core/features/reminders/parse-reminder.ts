// Reads "remind me in 10 minutes to stretch", "remind me tomorrow at 9am to call mom", "every
// weekday at 8am remind me to take pills" and friends. A parser, not a model, so reminders
// work with every model, including the offline ELIZA, and the time is never a guess. Clock
// times are read in the user's time zone (calendar-time.ts, time-zone.ts).
import { CALENDAR_PATTERNS, findCalendarRepeat, findCalendarTime } from "./calendar-time.ts";
import { canonicalTimeZone } from "./time-zone.ts";

export type ReminderIntent =
  /** `at` is set when the user named a clock time or a day (not "in 10 minutes"). */
  | { kind: "once"; delayMs: number; what: string; at?: number }
  | { kind: "every"; intervalMs: number; what: string }
  /** At a time of day, on some days of the week: a cron schedule in the user's zone. */
  | { kind: "every"; cron: string; hour: number; minute: number; days: string; what: string }
  | { kind: "cancel"; what: string }
  /** "my time zone is Europe/Berlin"; `zone` is null when it names no IANA zone. */
  | { kind: "timezone"; zone: string | null; given: string };

export interface ReminderContext {
  /** ms since epoch; default the current time. */
  now?: number;
  /** IANA zone clock times are read in; default UTC. */
  timeZone?: string;
}

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
const ASK_PHRASE = new RegExp(ASK, "i");
const TIME_ZONE_STATEMENT =
  /\b(?:my\s+)?time\s*zone\s+(?:is|to|=|:)\s*([A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2})/i;
const DANGLING_PREPOSITION = /\b(?:on|at|by)\s*$/i;
const EDGE_PUNCTUATION = /^[\s,;:]+|[\s,;:]+$/g;
const CANCEL =
  /\b(?:cancel|stop|delete|remove|clear)\b(?:\s+(?:all|my|the|those|these|that))*\s+(?:reminders?|tasks?|follow[- ]?ups?)(?:\s+(?:about|for|to|of)\s+(.+))?/i;

/**
 * Every intent below needs one of these words: most messages (every action's validate reads
 * each one) are turned away by this one scan, before the patterns are compiled or run.
 */
const MAYBE_INTENT =
  /\b(?:cancel|stop|delete|remove|clear|every)\b|time\s*zone|remind\s+me|follow\s+up|ping\s+me|nudge\s+me/i;

export async function parseReminder(
  input: string,
  context: ReminderContext = {},
): Promise<ReminderIntent | null> {
  if (typeof input !== "string" || input.length > MAX_REMINDER_INPUT_CHARS) return null;
  if (!MAYBE_INTENT.test(input)) return null;
  const text = stripFinalPunctuation(input.trim()).replace(WHITESPACE_RUN, " ");
  if (!text) return null;

  const cancel = CANCEL.exec(text);
  if (cancel) return { kind: "cancel", what: clean(cancel[1] ?? "") };
  const zone = TIME_ZONE_STATEMENT.exec(text);
  if (zone) return { kind: "timezone", zone: canonicalTimeZone(zone[1]!) ?? null, given: zone[1]! };

  const calendar = ASK_PHRASE.test(text) ? findCalendarRepeat(text) : undefined;
  if (calendar) {
    const { cron, hour, minute, days } = calendar;
    return { kind: "every", cron, hour, minute, days, what: subject(text, calendar, "check in") };
  }
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
  return onceAt(text, context);
}

/** "remind me tomorrow at 9am to call mom": a clock time or day, read in the user's zone. */
async function onceAt(text: string, context: ReminderContext): Promise<ReminderIntent | null> {
  if (!ASK_PHRASE.test(text)) return null;
  const now = context.now ?? Date.now();
  const found = await findCalendarTime(text, now, context.timeZone ?? "UTC");
  if (!found) return null;
  const delayMs = found.at - now;
  if (delayMs < MIN_DELAY_MS || delayMs > MAX_DELAY_MS) return null;
  return { kind: "once", delayMs, at: found.at, what: subject(text, found, "follow up") };
}

/** The reminder's subject: the text without its time words and without "remind me". */
function subject(text: string, time: { index: number; length: number }, fallback: string): string {
  // chrono leaves out a leading "on" ("on December 24"): it goes with the date.
  const before = text.slice(0, time.index).replace(DANGLING_PREPOSITION, "");
  const rest = `${before} ${text.slice(time.index + time.length)}`;
  const what = rest.replace(ASK_PHRASE, " ").replace(WHITESPACE_RUN, " ");
  return clean(what.replace(EDGE_PUNCTUATION, "")) || fallback;
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
  MAYBE_INTENT,
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
  ASK_PHRASE,
  TIME_ZONE_STATEMENT,
  EDGE_PUNCTUATION,
  DANGLING_PREPOSITION,
  ...CALENDAR_PATTERNS,
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
  return what.trim().replace(LEADING_CONNECTIVE, "").trim().slice(0, MAX_WHAT_CHARS);
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
