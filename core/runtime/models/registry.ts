// The model registry: handlers by model type, highest priority first, and elizaOS's useModel
// conventions on top (a provider may be named; null asks TEXT_EMBEDDING for its width; a
// handler may answer with a text stream).

import {
  addUsage,
  isPlainObject,
  ModelType,
  type ModelTypeName,
  type ModelUsedPayload,
  modelUsedTokens,
  type TokenUsage,
  withSegmentedPrompt,
  withUsageSink,
} from "../../kernel/index.ts";
import type { ModelHandler, ModelRegistration, RegisteredModelHandler } from "../contract/index.ts";
import { attachReportSink, type ModelCallReport } from "./call-report.ts";

interface Entry extends ModelRegistration {
  callable: RegisteredModelHandler;
}

export class ModelRegistry {
  /** elizaOS's `runtime.models`: registrations by type, highest priority first. */
  readonly byType = new Map<string, Entry[]>();

  register(type: ModelTypeName, handler: ModelHandler, provider: string, priority = 0): void {
    const callable = Object.assign(
      (runtime: Parameters<ModelHandler>[0], params: unknown) => handler(runtime, params),
      { provider, priority },
    );
    const list = this.byType.get(type) ?? [];
    list.push({ handler, provider, priority, callable });
    // Stable sort: among equal priorities the first registered wins, as in elizaOS.
    list.sort((a, b) => b.priority - a.priority);
    this.byType.set(type, list);
  }

  /** The winning registration, or the named provider's when given and registered. */
  registration(type: ModelTypeName, provider?: string): Entry | undefined {
    const list = this.byType.get(type);
    if (!list) return undefined;
    return (provider && list.find((m) => m.provider === provider)) || list[0];
  }
}

/** elizaOS's LLMMode: DEFAULT keeps the size a caller asks for; SMALL and LARGE force one. */
export const LLMMode = { DEFAULT: "DEFAULT", SMALL: "SMALL", LARGE: "LARGE" } as const;
export type LLMModeName = (typeof LLMMode)[keyof typeof LLMMode];

/** LLM_MODE's value, any case; anything else (unset, a typo) is DEFAULT, as in elizaOS. */
export function readLlmMode(value: string | undefined): LLMModeName {
  const upper = value?.trim().toUpperCase();
  return upper === LLMMode.SMALL || upper === LLMMode.LARGE ? upper : LLMMode.DEFAULT;
}

/**
 * The text model size LLM_MODE makes a call use: SMALL or LARGE replaces TEXT_SMALL and
 * TEXT_LARGE alike (cheap or strong everywhere, one switch); other types are untouched.
 */
export function applyLlmMode(type: ModelTypeName, mode: LLMModeName): ModelTypeName {
  if (mode === LLMMode.DEFAULT) return type;
  if (type !== ModelType.TEXT_SMALL && type !== ModelType.TEXT_LARGE) return type;
  return mode === LLMMode.SMALL ? ModelType.TEXT_SMALL : ModelType.TEXT_LARGE;
}

/** A zero vector of the pinned width: elizaOS's answer to TEXT_EMBEDDING's `null` probe. */
export function embeddingProbe(
  type: ModelTypeName,
  params: unknown,
  dimension: number,
): number[] | undefined {
  if (type !== ModelType.TEXT_EMBEDDING || params !== null) return undefined;
  if (!Number.isInteger(dimension) || dimension <= 0) return undefined;
  return new Array<number>(dimension).fill(0);
}

interface TextStreamLike {
  textStream: AsyncIterable<string>;
}

const isTextStream = (value: unknown): value is TextStreamLike =>
  typeof value === "object" && value !== null && "textStream" in value;

/**
 * A handler that answers with elizaOS's TextStreamResult is read to the end, each chunk passed
 * to the caller's onStreamChunk, and the whole text returned, as elizaOS's useModel does. A
 * handler that cannot stream (it answered with a string) gives its answer as one chunk, so a
 * streaming caller still hears it. A chunk callback that throws never fails the call.
 */
export async function settleModelResult(result: unknown, params: unknown): Promise<unknown> {
  const onChunk =
    typeof params === "object" && params !== null
      ? (params as { onStreamChunk?: (chunk: string) => unknown }).onStreamChunk
      : undefined;
  const tell = async (chunk: string) => {
    try {
      await onChunk?.(chunk);
    } catch {
      // elizaOS ignores a failing chunk callback too.
    }
  };
  if (!isTextStream(result)) {
    if (typeof result === "string" && result && typeof onChunk === "function") await tell(result);
    return result;
  }
  let text = "";
  for await (const chunk of result.textStream) {
    text += chunk;
    await tell(chunk);
  }
  return text;
}

/**
 * elizaOS's rule for streaming: a call streams when the caller gives onStreamChunk (or asks
 * with `stream: true`) unless it says `stream: false`. The handler then gets `stream: true`
 * and no onStreamChunk (useModel reads its stream and calls the caller's).
 */
export function streamingParams(params: unknown): unknown {
  if (!isPlainObject(params)) return params;
  const { onStreamChunk, ...rest } = params as Record<string, unknown>;
  const wanted =
    params.stream === false ? false : typeof onStreamChunk === "function" || params.stream === true;
  if (onStreamChunk === undefined && params.stream === undefined) return params;
  return wanted ? { ...rest, stream: true } : { ...rest, stream: false };
}

/** One useModel call's params, as the handler gets them, and the usage it reported. */
export interface ModelCall {
  /** The caller's params with the prompt built from promptSegments when absent. */
  params: unknown;
  /** What the handler gets: those params without onUsage, with usage and report sinks. */
  handlerParams: unknown;
  /** Everything the handler reported, summed (undefined when it reported nothing). */
  usage(): TokenUsage | undefined;
  /** The model and retries the handler reported (the run log records them). */
  report(): ModelCallReport;
}

/**
 * Prepares a useModel call: promptSegments checked against the prompt (elizaOS's rule), and a
 * per-call usage sink, so concurrent calls on one runtime never mix their token counts.
 */
export function prepareModelCall(params: unknown): ModelCall {
  const prepared = withSegmentedPrompt(params);
  let total: TokenUsage | undefined;
  let handlerParams = streamingParams(prepared);
  if (isPlainObject(handlerParams) && "onUsage" in handlerParams) {
    const { onUsage: _callerOnly, ...rest } = handlerParams;
    handlerParams = rest;
  }
  handlerParams = withUsageSink(handlerParams, (usage) => {
    total = addUsage(total, usage);
  });
  const report: ModelCallReport = {};
  handlerParams = attachReportSink(handlerParams, (r) => Object.assign(report, r));
  return { params: prepared, handlerParams, usage: () => total, report: () => report };
}

/** Hands the call's usage to the caller's onUsage; a failing callback never fails the call. */
export function deliverUsage(params: unknown, usage: TokenUsage | undefined): void {
  const onUsage = (params as { onUsage?: unknown } | null)?.onUsage;
  if (!usage || typeof onUsage !== "function") return;
  try {
    onUsage(usage);
  } catch {
    // The counts are informational; the model's answer stands.
  }
}

/**
 * The MODEL_USED payload: which provider answered which type, the prompt it got, and the
 * tokens it reported (with cache reads and writes) when it did.
 */
export function modelUsedPayload(
  type: ModelTypeName,
  provider: string,
  params: unknown,
  usage?: TokenUsage,
): ModelUsedPayload & { source: string } {
  const p =
    typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {};
  const prompt =
    typeof p.prompt === "string"
      ? p.prompt
      : typeof p.text === "string"
        ? p.text
        : typeof params === "string"
          ? params
          : "";
  const payload: ModelUsedPayload & { source: string } = {
    type,
    provider,
    prompt,
    source: "runtime",
  };
  if (usage) payload.tokens = modelUsedTokens(usage);
  if (typeof p.runId === "string") payload.runId = p.runId;
  return payload;
}
