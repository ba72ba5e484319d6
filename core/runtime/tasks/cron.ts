// Cron schedules: `metadata.cron` (five fields: minute hour day-of-month month day-of-week)
// read in `metadata.timezone` (IANA, default UTC). Nothing here runs on a timer: a tick asks
// for the next occurrence after each run, so a one-minute platform cron fires the task at
// its minute. croner (dependency-free, time-zone aware) does the calendar arithmetic.
import { Cron } from "croner";

/** A cron expression or time zone that cannot be scheduled; thrown when the task is created. */
export class TaskScheduleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TaskScheduleError";
  }
}

/** Throws a TaskScheduleError naming what is wrong; returns the parsed schedule otherwise. */
export function parseCron(expression: unknown, timezone?: unknown): Cron {
  if (typeof expression !== "string" || expression.trim() === "") {
    throw new TaskScheduleError(
      `metadata.cron must be a cron expression string, got ${JSON.stringify(expression)}`,
    );
  }
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) {
    throw new TaskScheduleError(
      `metadata.cron "${expression}" must have 5 fields (minute hour day-of-month month ` +
        `day-of-week), found ${fields.length}`,
    );
  }
  const zone = timezone === undefined || timezone === null ? "UTC" : timezone;
  if (typeof zone !== "string" || !isTimeZone(zone)) {
    throw new TaskScheduleError(
      `metadata.timezone ${JSON.stringify(timezone)} is not an IANA time zone (e.g. "Europe/Berlin")`,
    );
  }
  try {
    // No callback: croner computes dates and starts no timer.
    return new Cron(fields.join(" "), { timezone: zone });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TaskScheduleError(`metadata.cron "${expression}" is invalid: ${reason}`);
  }
}

/** The first occurrence strictly after `after` (ms), or null when the expression never fires. */
export function nextCronRun(expression: unknown, timezone: unknown, after: number): number | null {
  const next = parseCron(expression, timezone).nextRun(new Date(after));
  return next ? next.getTime() : null;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
