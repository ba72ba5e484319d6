// Wall-clock time in an IANA time zone, with nothing but Intl: what "9am" means for a user in
// Europe/Berlin, and how a due time reads back to them. Reminder times are computed here, not
// in the parser, so a daylight-saving change between now and the reminder is honoured.

/** A local date and time as a person says it: month 1-12, hour 0-23. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formatters.set(zone, format);
  }
  return format;
}

export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return false;
  try {
    partsFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone as people write it ("europe/berlin" → "Europe/Berlin"), or undefined. ICU's own
 * name is used only when it is the same name: it calls Asia/Kolkata "Asia/Calcutta".
 */
export function canonicalTimeZone(zone: string): string | undefined {
  if (!isTimeZone(zone)) return undefined;
  const resolved = partsFormatter(zone).resolvedOptions().timeZone;
  if (resolved.toLowerCase() === zone.toLowerCase()) return resolved;
  return zone.replace(/[A-Za-z]+/g, (word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase());
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The wall time at `instant` in `zone`, with its weekday (0 = Sunday). */
export function wallTimeAt(instant: number, zone: string): WallTime & { weekday: number } {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(zone).formatToParts(new Date(instant))) {
    parts[part.type] = part.value;
  }
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

/** How far `zone` is ahead of UTC at `instant`, in ms (Berlin in winter: 3,600,000). */
export function zoneOffsetMs(instant: number, zone: string): number {
  const minute = Math.floor(instant / 60_000) * 60_000;
  const wall = wallTimeAt(minute, zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - minute;
}

/**
 * The instant a wall time in `zone` names. A time a spring-forward skips (02:30 in Berlin on
 * the last Sunday of March) is read with the offset before the change, so it lands an hour
 * later, as croner does; a time that occurs twice in autumn is the first of the two.
 */
export function instantOfWallTime(wall: WallTime, zone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = asUtc - zoneOffsetMs(asUtc - 86_400_000, zone);
  const after = asUtc - zoneOffsetMs(asUtc + 86_400_000, zone);
  // Whichever reading gives back the same wall time; the earlier one when both do.
  for (const candidate of before <= after ? [before, after] : [after, before]) {
    const back = wallTimeAt(candidate, zone);
    if (back.hour === wall.hour && back.minute === wall.minute && back.day === wall.day) {
      return candidate;
    }
  }
  return before;
}

/** "Friday 27 November, 09:00 (Europe/Berlin)": what a confirmation tells the user. */
export function describeLocalTime(instant: number, zone: string, now: number): string {
  const when = wallTimeAt(instant, zone);
  const today = wallTimeAt(now, zone);
  const time = `${pad(when.hour)}:${pad(when.minute)}`;
  const sameDay = (a: WallTime, b: WallTime) =>
    a.year === b.year && a.month === b.month && a.day === b.day;
  const tomorrow = wallTimeAt(now + 86_400_000, zone);
  const day = sameDay(when, today)
    ? "today"
    : sameDay(when, tomorrow)
      ? `tomorrow (${dayName(when)})`
      : dayName(when) + (when.year === today.year ? "" : ` ${when.year}`);
  return `${day} at ${time} (${zone})`;
}

/** "09:00 (Europe/Berlin)": the time of day of a recurring reminder. */
export function describeTimeOfDay(hour: number, minute: number, zone: string): string {
  return `${pad(hour)}:${pad(minute)} (${zone})`;
}

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function dayName(wall: WallTime & { weekday: number }): string {
  return `${DAY_NAMES[wall.weekday]} ${wall.day} ${MONTH_NAMES[wall.month - 1]}`;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
