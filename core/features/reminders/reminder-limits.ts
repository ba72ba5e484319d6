// How many reminders one user and one room may hold open, and how often a recurring one may
// fire. Each limit refuses in chat, naming itself, instead of failing silently. Settings:
// REMINDERS_MAX_PER_USER, REMINDERS_MAX_PER_ROOM (0 = no cap), REMINDERS_MIN_INTERVAL_MINUTES.

import type { Memory } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { describeDuration } from "./parse-reminder.ts";

export const DEFAULT_REMINDERS_PER_USER = 20;
export const DEFAULT_REMINDERS_PER_ROOM = 50;
/**
 * 15 minutes: short enough for "every 15 minutes, stretch" or a pomodoro break, long enough
 * that one recurring reminder speaks at most 4 times an hour, and a full quota of them cannot
 * turn a group into a stream of bot messages.
 */
export const DEFAULT_MIN_INTERVAL_MINUTES = 15;
/** The floor no setting lowers: anything faster is spam, not a reminder. */
export const HARD_MIN_INTERVAL_MS = 60_000;

function wholeNumber(runtime: IAgentRuntime, key: string, fallback: number): number {
  const value = runtime.getSettingString(key)?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : fallback;
}

export function minIntervalMs(runtime: IAgentRuntime): number {
  const minutes = wholeNumber(
    runtime,
    "REMINDERS_MIN_INTERVAL_MINUTES",
    DEFAULT_MIN_INTERVAL_MINUTES,
  );
  return Math.max(HARD_MIN_INTERVAL_MS, minutes * 60_000);
}

/** The polite refusal when a repeat is faster than the minimum, else undefined. */
export function intervalRefusal(runtime: IAgentRuntime, intervalMs: number): string | undefined {
  const min = minIntervalMs(runtime);
  if (intervalMs >= min) return undefined;
  return `Sorry, a repeating reminder can be at most every ${describeDuration(min)} (REMINDERS_MIN_INTERVAL_MINUTES); try a longer interval.`;
}

/**
 * The polite refusal when the sender or the room already holds its maximum of open reminders,
 * else undefined. Two reads, in parallel; concurrent requests may overshoot by a few.
 */
export async function quotaRefusal(
  runtime: IAgentRuntime,
  message: Memory,
): Promise<string | undefined> {
  const perUser = wholeNumber(runtime, "REMINDERS_MAX_PER_USER", DEFAULT_REMINDERS_PER_USER);
  const perRoom = wholeNumber(runtime, "REMINDERS_MAX_PER_ROOM", DEFAULT_REMINDERS_PER_ROOM);
  const [mine, room] = await Promise.all([
    perUser > 0 ? runtime.storage.getTasks({ entityId: message.entityId, tags: ["reminder"] }) : [],
    perRoom > 0 ? runtime.storage.getTasks({ roomId: message.roomId, tags: ["reminder"] }) : [],
  ]);
  if (perUser > 0 && mine.length >= perUser) {
    return `Sorry, you already have ${mine.length} open reminders, the most one person may have (REMINDERS_MAX_PER_USER = ${perUser}). Cancel some first, e.g. "cancel my reminders".`;
  }
  if (perRoom > 0 && room.length >= perRoom) {
    return `Sorry, this chat already has ${room.length} open reminders, the most one chat may have (REMINDERS_MAX_PER_ROOM = ${perRoom}). Cancel some first.`;
  }
  return undefined;
}
