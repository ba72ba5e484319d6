// The run log's two settings: LOG_RETENTION_DAYS (how long run rows are kept; 0 keeps none and
// writes none) and LOG_PROMPTS (keep each model call's prompt and answer in its run).
import { parseBooleanFromText } from "../../kernel/index.ts";

export const DEFAULT_LOG_RETENTION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Settings {
  getSettingString(key: string): string | undefined;
}

/** LOG_RETENTION_DAYS in ms: default 7 days; 0 turns the run log off; junk is the default. */
export function logRetentionMs(runtime: Settings): number {
  const raw = runtime.getSettingString("LOG_RETENTION_DAYS")?.trim();
  const days = raw === undefined || raw === "" ? Number.NaN : Number(raw);
  if (!Number.isFinite(days) || days < 0) return DEFAULT_LOG_RETENTION_DAYS * DAY_MS;
  return Math.round(days * DAY_MS);
}

/** Whether runs are recorded at all (LOG_RETENTION_DAYS is not 0). */
export function runLogEnabled(runtime: Settings): boolean {
  return logRetentionMs(runtime) > 0;
}

/** LOG_PROMPTS=true: model calls keep their prompt and answer in the run log. */
export function logPrompts(runtime: Settings): boolean {
  return parseBooleanFromText(runtime.getSettingString("LOG_PROMPTS"));
}
