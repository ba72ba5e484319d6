// The times people mean: "tomorrow at 9am", "on Friday at 17:30" (chrono-node, the field's
// natural-language date parser, English only), and "every weekday at 8am" (a cron schedule).
// chrono reads the text against the user's local wall clock, given to it as if it were UTC;
// the wall time it finds becomes an instant in the user's IANA zone in time-zone.ts, so
// daylight-saving changes between now and then are honoured.
import { instantOfWallTime, type WallTime, wallTimeAt } from "./time-zone.ts";

// chrono is a sixth of a Worker bundle and a sixth of its start-up work, needed only when a
// message asks for a reminder at a time: it is loaded then, once.
let chrono: Promise<typeof import("chrono-node/en")> | undefined;
const loadChrono = () => {
  chrono ??= import("chrono-node/en");
  return chrono;
};

/** The hour a day-only reminder ("tomorrow remind me to…") fires, local time. */
export const DEFAULT_HOUR = 9;

export interface FoundTime {
  at: number;
  /** Where the date words stood in the text, to cut them out of the reminder's subject. */
  index: number;
  length: number;
}

/** A future date and time named in `text`, read in `zone` at `now`; undefined if none. */
export async function findCalendarTime(
  text: string,
  now: number,
  zone: string,
): Promise<FoundTime | undefined> {
  const { casual } = await loadChrono();
  const wallNow = wallTimeAt(now, zone);
  const reference = new Date(
    Date.UTC(wallNow.year, wallNow.month - 1, wallNow.day, wallNow.hour, wallNow.minute),
  );
  const results = casual.parse(text, { instant: reference, timezone: 0 }, { forwardDate: true });
  for (const result of results) {
    const start = result.start;
    const hasDay = start.isCertain("day") || start.isCertain("weekday");
    const hasTime = start.isCertain("hour");
    if (!hasDay && !hasTime) continue;
    const wall: WallTime = {
      year: start.get("year") ?? wallNow.year,
      month: start.get("month") ?? wallNow.month,
      day: start.get("day") ?? wallNow.day,
      hour: hasTime ? (start.get("hour") ?? DEFAULT_HOUR) : DEFAULT_HOUR,
      minute: hasTime ? (start.get("minute") ?? 0) : 0,
    };
    let at = instantOfWallTime(wall, zone);
    // "at 8am" said at 10am: chrono moves it to tomorrow already; a day-only date that is
    // today ("today remind me…" at 11:00) is not in the past for that reason.
    if (at <= now && !hasDay) at = instantOfWallTime(nextDay(wall), zone);
    if (at <= now) continue;
    return { at, index: result.index, length: result.text.length };
  }
  return undefined;
}

function nextDay(wall: WallTime): WallTime {
  const d = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
  return { ...wall, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** A repeat at a time of day: "every weekday at 8am" → minute 0, hour 8, days "1-5". */
export interface CalendarRepeat {
  cron: string;
  hour: number;
  minute: number;
  /** "every day", "every weekday", "every Monday": for the confirmation. */
  days: string;
  index: number;
  length: number;
}

const DAY_FIELD: Record<string, [string, string]> = {
  day: ["*", "every day"],
  weekday: ["1-5", "every weekday"],
  weekend: ["0,6", "every weekend day"],
  sunday: ["0", "every Sunday"],
  monday: ["1", "every Monday"],
  tuesday: ["2", "every Tuesday"],
  wednesday: ["3", "every Wednesday"],
  thursday: ["4", "every Thursday"],
  friday: ["5", "every Friday"],
  saturday: ["6", "every Saturday"],
};

const DAY_WORD = "(day|weekday|weekend|sunday|monday|tuesday|wednesday|thursday|friday|saturday)";
const TIME_OF_DAY = String.raw`(?:(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?|(noon|midnight))`;
/** "every day at 8am", "each Monday at 9:30", "daily at 7", "on weekdays at 8am". */
const REPEAT_AT = new RegExp(
  String.raw`\b(?:(?:every|each)\s+${DAY_WORD}(?:\s+day)?s?|daily|(?:on\s+)?(weekday|weekend)s)\b(?:\s*,)?\s+at\s+${TIME_OF_DAY}(?![\w:])`,
  "i",
);
/** "every Monday" with no time: 09:00 local. */
const REPEAT_ON_DAY =
  /\b(?:every|each)\s+(weekday|sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?\b/i;

export const CALENDAR_PATTERNS: readonly RegExp[] = [REPEAT_AT, REPEAT_ON_DAY];

export function findCalendarRepeat(text: string): CalendarRepeat | undefined {
  const at = REPEAT_AT.exec(text);
  if (at) {
    const dayWord = (at[1] ?? at[2] ?? "day").toLowerCase();
    const time = timeOfDay(at[3], at[4], at[5], at[6]);
    if (!time) return undefined;
    return repeat(dayWord, time.hour, time.minute, at.index, at[0].length);
  }
  const on = REPEAT_ON_DAY.exec(text);
  if (on) return repeat(on[1]!.toLowerCase(), DEFAULT_HOUR, 0, on.index, on[0].length);
  return undefined;
}

function repeat(
  dayWord: string,
  hour: number,
  minute: number,
  index: number,
  length: number,
): CalendarRepeat {
  const [field, days] = DAY_FIELD[dayWord] ?? DAY_FIELD.day!;
  return { cron: `${minute} ${hour} * * ${field}`, hour, minute, days, index, length };
}

function timeOfDay(
  hourText: string | undefined,
  minuteText: string | undefined,
  meridiem: string | undefined,
  word: string | undefined,
): { hour: number; minute: number } | undefined {
  if (word) return { hour: word.toLowerCase() === "noon" ? 12 : 0, minute: 0 };
  let hour = Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (!Number.isInteger(hour) || minute > 59) return undefined;
  const half = meridiem?.toLowerCase().replace(/\./g, "");
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half === "pm" ? 12 : 0);
  }
  return hour <= 23 ? { hour, minute } : undefined;
}
