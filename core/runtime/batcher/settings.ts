// PROMPT_BATCHER_* settings, read once when the runtime is built. A value that is set but not a
// number in its domain stops the start with an error naming the setting: `Infinity` parallel
// calls or a negative budget would otherwise switch a bound off without a word.
import type { PromptBatcherSettings } from "./types.ts";

type Domain = "positive-integer" | "unit-interval";

const SETTINGS: Record<
  keyof PromptBatcherSettings,
  { key: string; fallback: number; domain: Domain }
> = {
  batchSize: { key: "PROMPT_BATCHER_BATCH_SIZE", fallback: 8, domain: "positive-integer" },
  maxDrainIntervalMs: {
    key: "PROMPT_BATCHER_MAX_DRAIN_INTERVAL_MS",
    fallback: 30_000,
    domain: "positive-integer",
  },
  maxSectionsPerCall: {
    key: "PROMPT_BATCHER_MAX_SECTIONS_PER_CALL",
    fallback: 8,
    domain: "positive-integer",
  },
  packingDensity: {
    key: "PROMPT_BATCHER_PACKING_DENSITY",
    fallback: 0.85,
    domain: "unit-interval",
  },
  maxTokensPerCall: {
    key: "PROMPT_BATCHER_MAX_TOKENS_PER_CALL",
    fallback: 24_000,
    domain: "positive-integer",
  },
  maxParallelCalls: {
    key: "PROMPT_BATCHER_MAX_PARALLEL_CALLS",
    fallback: 2,
    domain: "positive-integer",
  },
  modelSeparation: {
    key: "PROMPT_BATCHER_MODEL_SEPARATION",
    fallback: 1,
    domain: "unit-interval",
  },
};

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The batcher's settings; `read` is the runtime's setting lookup (character, then env). */
export function resolvePromptBatcherSettings(
  read: (key: string) => string | undefined,
): PromptBatcherSettings {
  const out = {} as PromptBatcherSettings;
  for (const [name, spec] of Object.entries(SETTINGS) as [
    keyof PromptBatcherSettings,
    (typeof SETTINGS)[keyof PromptBatcherSettings],
  ][]) {
    const raw = read(spec.key)?.trim();
    if (!raw) {
      out[name] = spec.fallback;
      continue;
    }
    const value = DECIMAL.test(raw) ? Number(raw) : Number.NaN;
    const valid =
      Number.isFinite(value) &&
      (spec.domain === "positive-integer"
        ? Number.isInteger(value) && value > 0
        : value >= 0 && value <= 1);
    if (!valid) {
      const expected =
        spec.domain === "positive-integer" ? "a positive integer" : "a number from 0 through 1";
      throw new Error(`Prompt batcher setting ${spec.key} must be ${expected}, got "${raw}"`);
    }
    out[name] = value;
  }
  return out;
}
