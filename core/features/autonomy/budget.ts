// The daily step budget, exact across concurrent ticks and isolates: step n of a UTC day is
// a claimOnce slot, so two ticks can never both take the last one. A cached hint says where
// the free slots start, so a step usually costs one read, one claim and one write.
import type { IAgentRuntime } from "../../runtime/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Slots outlive their day, so a clock a little behind never finds them free again. */
const SLOT_TTL_MS = 2 * DAY_MS;

/** The UTC day of `now`, as YYYY-MM-DD. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Takes one step from today's budget; false when the budget is spent. */
export async function takeDailyStep(
  runtime: IAgentRuntime,
  maxPerDay: number,
  now = runtime.now(),
): Promise<boolean> {
  const day = utcDay(now);
  const hintKey = `autonomy:steps:${runtime.agentId}:${day}`;
  const hint = await runtime.storage.getCache<number>(hintKey);
  // Every slot below the hint is taken: a claimer moves past a slot only once it is taken.
  for (let n = typeof hint === "number" && hint > 0 ? hint : 0; n < maxPerDay; n++) {
    const slot = `autonomy:step:${runtime.agentId}:${day}:${n}`;
    if (await runtime.storage.claimOnce(slot, SLOT_TTL_MS, now)) {
      await runtime.storage.setCache(hintKey, n + 1, { ttlMs: SLOT_TTL_MS });
      return true;
    }
  }
  return false;
}

/** Steps taken today (from the hint; exact when no step is being taken). */
export async function stepsTakenToday(
  runtime: IAgentRuntime,
  now = runtime.now(),
): Promise<number> {
  const hint = await runtime.storage.getCache<number>(
    `autonomy:steps:${runtime.agentId}:${utcDay(now)}`,
  );
  return typeof hint === "number" ? hint : 0;
}
