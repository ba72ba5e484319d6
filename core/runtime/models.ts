// The model registry: handlers by model type, highest priority first, and elizaOS's useModel
// conventions on top (a provider may be named; null asks TEXT_EMBEDDING for its width; a
// handler may answer with a text stream).
import type { ModelUsedPayload } from "../models/params.ts";
import type { ModelHandler, ModelRegistration, ModelTypeName } from "../models/types.ts";
import { ModelType } from "../models/types.ts";

/**
 * What getModel returns: elizaOS's handler function. `provider` and `priority` ride on it for
 * eliza-edge code written when getModel returned the registration (new code should call
 * getModelRegistration).
 */
export type RegisteredModelHandler = ModelHandler & { provider: string; priority: number };

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
 * to the caller's onStreamChunk, and the whole text returned, as elizaOS's useModel does.
 */
export async function settleModelResult(result: unknown, params: unknown): Promise<unknown> {
  if (!isTextStream(result)) return result;
  const onChunk =
    typeof params === "object" && params !== null
      ? (params as { onStreamChunk?: (chunk: string) => unknown }).onStreamChunk
      : undefined;
  let text = "";
  for await (const chunk of result.textStream) {
    text += chunk;
    await onChunk?.(chunk);
  }
  return text;
}

/** The MODEL_USED payload: which provider answered which type, and the prompt it got. */
export function modelUsedPayload(
  type: ModelTypeName,
  provider: string,
  params: unknown,
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
  return { type, provider, prompt, source: "runtime" };
}
