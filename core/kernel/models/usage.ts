// Token usage as the providers report it, carried from a model handler back to the useModel
// call that ran it (for MODEL_USED) and on to whoever asked (the message loop sums a run's).

/**
 * elizaOS's TokenUsage, with its cache fields. `promptTokens` counts every input token, cached
 * ones included (OpenAI's prompt_tokens; Anthropic's input + cache read + cache write).
 */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** Input tokens served from the provider's prompt cache. */
  cacheReadInputTokens?: number;
  /** Input tokens written to the provider's prompt cache (Anthropic reports these). */
  cacheCreationInputTokens?: number;
}

/** elizaOS's MODEL_USED `tokens`, with the cache fields newer elizaOS adds. */
export interface ModelUsedTokens {
  prompt: number;
  completion: number;
  total: number;
  cacheReadInputTokens?: number;
  cacheCreationInputTokens?: number;
}

type UsageSink = (usage: TokenUsage) => void;

// A symbol, so the sink never reaches a provider's request body (JSON and structuredClone
// skip symbol keys) and cannot collide with a parameter a plugin reads.
const USAGE_SINK = Symbol("eliza-edge.usage");

/** Only plain objects are copied: a Blob, bytes or a class instance must reach the handler as is. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A copy of plain-object params whose handler can report usage to `sink`; others as they are. */
export function withUsageSink<P>(params: P, sink: UsageSink): P {
  if (!isPlainObject(params)) return params;
  // Not enumerable either: a handler comparing or logging its params sees only the caller's.
  return Object.defineProperty({ ...params }, USAGE_SINK, { value: sink });
}

/** Called by a provider handler with what its API reported for the call made with `params`. */
export function reportModelUsage(params: unknown, usage: TokenUsage | undefined): void {
  if (!usage || typeof params !== "object" || params === null) return;
  const sink = (params as { [USAGE_SINK]?: UsageSink })[USAGE_SINK];
  sink?.(usage);
}

const count = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;

/** OpenAI's `usage` (chat completions): cached tokens under prompt_tokens_details. */
export function openAIUsage(raw: unknown): TokenUsage | undefined {
  const u = raw as {
    prompt_tokens?: unknown;
    completion_tokens?: unknown;
    total_tokens?: unknown;
    prompt_tokens_details?: { cached_tokens?: unknown } | null;
  } | null;
  if (typeof u !== "object" || u === null) return undefined;
  const prompt = count(u.prompt_tokens) ?? 0;
  const completion = count(u.completion_tokens) ?? 0;
  const usage: TokenUsage = {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: count(u.total_tokens) ?? prompt + completion,
  };
  const cached = count(u.prompt_tokens_details?.cached_tokens);
  if (cached !== undefined) usage.cacheReadInputTokens = cached;
  return usage;
}

/** Anthropic's `usage`: input_tokens excludes the cache reads and writes, counted apart. */
export function anthropicUsage(raw: unknown): TokenUsage | undefined {
  const u = raw as {
    input_tokens?: unknown;
    output_tokens?: unknown;
    cache_read_input_tokens?: unknown;
    cache_creation_input_tokens?: unknown;
  } | null;
  if (typeof u !== "object" || u === null) return undefined;
  const read = count(u.cache_read_input_tokens);
  const written = count(u.cache_creation_input_tokens);
  const prompt = (count(u.input_tokens) ?? 0) + (read ?? 0) + (written ?? 0);
  const completion = count(u.output_tokens) ?? 0;
  const usage: TokenUsage = {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: prompt + completion,
  };
  if (read !== undefined) usage.cacheReadInputTokens = read;
  if (written !== undefined) usage.cacheCreationInputTokens = written;
  return usage;
}

const CACHE_FIELDS = ["cacheReadInputTokens", "cacheCreationInputTokens"] as const;

/** The cache fields a usage has, for spreading into another shape. */
const cacheFields = (usage: TokenUsage): Partial<TokenUsage> =>
  Object.fromEntries(CACHE_FIELDS.filter((k) => usage[k] !== undefined).map((k) => [k, usage[k]]));

/** Two usages added up; a cache field is kept when either side reported it. */
export function addUsage(a: TokenUsage | undefined, b: TokenUsage): TokenUsage {
  if (!a) return { ...b };
  const sum: TokenUsage = {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
  for (const k of CACHE_FIELDS) {
    if (a[k] !== undefined || b[k] !== undefined) sum[k] = (a[k] ?? 0) + (b[k] ?? 0);
  }
  return sum;
}

/** MODEL_USED's `tokens` for a usage. */
export function modelUsedTokens(usage: TokenUsage): ModelUsedTokens {
  return {
    prompt: usage.promptTokens,
    completion: usage.completionTokens,
    total: usage.totalTokens,
    ...cacheFields(usage),
  };
}
