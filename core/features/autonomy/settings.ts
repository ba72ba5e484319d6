// Autonomy's settings. Off by default (ENABLE_AUTONOMY or the enableAutonomy option); when on,
// bounded twice: steps per run of the autonomy task (per tick) and steps per UTC day.
import type { IAgentRuntime } from "../../runtime/index.ts";

export interface AutonomySettings {
  /** Time between autonomous steps (the AUTONOMY_THINK task's interval). */
  intervalMs: number;
  /** Steps one run of the task may take. */
  maxStepsPerTick: number;
  /** Steps per UTC day, counted in storage across every isolate and tick. */
  maxStepsPerDay: number;
}

/** elizaOS's default interval (its AutonomyService's 30 s) and its 5 s floor. */
export const DEFAULT_AUTONOMY_INTERVAL_MS = 30_000;
export const MIN_AUTONOMY_INTERVAL_MS = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_MAX_STEPS_PER_TICK = 1;
export const DEFAULT_MAX_STEPS_PER_DAY = 100;
/** More steps than this in one run would outlast a tick's budget (~25 s on the edge). */
const MAX_STEPS_PER_TICK_CAP = 10;

export function readAutonomySettings(runtime: IAgentRuntime): AutonomySettings {
  const read = (key: string) => runtime.getSettingString(key)?.trim() || undefined;
  return {
    intervalMs: clampInterval(
      whole(read("AUTONOMY_INTERVAL_MS") ?? read("AUTONOMY_INTERVAL")) ??
        DEFAULT_AUTONOMY_INTERVAL_MS,
    ),
    maxStepsPerTick: Math.min(
      MAX_STEPS_PER_TICK_CAP,
      whole(read("AUTONOMY_MAX_STEPS_PER_TICK")) ?? DEFAULT_MAX_STEPS_PER_TICK,
    ),
    maxStepsPerDay: whole(read("AUTONOMY_MAX_STEPS_PER_DAY"), true) ?? DEFAULT_MAX_STEPS_PER_DAY,
  };
}

export function clampInterval(ms: number): number {
  return Math.min(DAY_MS, Math.max(MIN_AUTONOMY_INTERVAL_MS, ms));
}

/** A whole number ≥ 1 (≥ 0 when zero is allowed), else undefined (the default applies). */
function whole(raw: string | undefined, zeroAllowed = false): number | undefined {
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= (zeroAllowed ? 0 : 1) && Number.isSafeInteger(value) ? value : undefined;
}
