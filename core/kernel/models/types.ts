// Model types and their parameters, named as in elizaOS so plugins' model handlers carry over.
import type { UUID } from "../types/index.ts";
import type { ElizaGenerateTextParams } from "./params.ts";
import type { TokenUsage } from "./usage.ts";

// elizaOS 1.x's full list, aliases included (SMALL, MEDIUM, LARGE; TEXT_REASONING_* map to
// REASONING_*, as there).
export const ModelType = {
  SMALL: "TEXT_SMALL",
  MEDIUM: "TEXT_LARGE",
  LARGE: "TEXT_LARGE",
  TEXT_SMALL: "TEXT_SMALL",
  TEXT_LARGE: "TEXT_LARGE",
  TEXT_EMBEDDING: "TEXT_EMBEDDING",
  TEXT_TOKENIZER_ENCODE: "TEXT_TOKENIZER_ENCODE",
  TEXT_TOKENIZER_DECODE: "TEXT_TOKENIZER_DECODE",
  TEXT_REASONING_SMALL: "REASONING_SMALL",
  TEXT_REASONING_LARGE: "REASONING_LARGE",
  TEXT_COMPLETION: "TEXT_COMPLETION",
  IMAGE: "IMAGE",
  IMAGE_DESCRIPTION: "IMAGE_DESCRIPTION",
  TRANSCRIPTION: "TRANSCRIPTION",
  TEXT_TO_SPEECH: "TEXT_TO_SPEECH",
  AUDIO: "AUDIO",
  VIDEO: "VIDEO",
  OBJECT_SMALL: "OBJECT_SMALL",
  OBJECT_LARGE: "OBJECT_LARGE",
} as const;
export type ModelTypeName = (typeof ModelType)[keyof typeof ModelType] | (string & {});

/** elizaOS's text parameters plus what eliza-edge's own callers add. */
export interface GenerateTextParams extends ElizaGenerateTextParams {
  /** The system prompt (elizaOS model plugins read the character's; ours pass it here). */
  system?: string;
  /**
   * The latest thing the user said, verbatim. Models that cannot read a prompt (the offline
   * ELIZA) answer from it; prompt-reading models ignore it.
   */
  userText?: string;
  /** The conversation this call belongs to, for models that keep per-room state. */
  roomId?: UUID;
  /** The run this call belongs to; MODEL_USED carries it. */
  runId?: UUID;
  /**
   * Called with the tokens the provider reported for this call (useModel's caller side; the
   * handler never sees it). Providers that report nothing never call it.
   */
  onUsage?: (usage: TokenUsage) => void;
}

export interface EmbeddingParams {
  text: string;
}

/** Thrown by HTTP model providers; `status` is the upstream HTTP status when there was one. */
export class ModelError extends Error {
  readonly provider: string;
  readonly status?: number;
  /** The provider's own "not before" (its 429's Retry-After), in ms, when it gave one. */
  readonly retryAfterMs?: number;
  /** The call ran out of its deadline (MODEL_TIMEOUT_MS): the model may simply be slow. */
  readonly timedOut: boolean;
  constructor(
    provider: string,
    message: string,
    options?: { status?: number; cause?: unknown; retryAfterMs?: number; timedOut?: boolean },
  ) {
    super(message, { cause: options?.cause });
    this.name = "ModelError";
    this.provider = provider;
    this.status = options?.status;
    this.retryAfterMs = options?.retryAfterMs;
    this.timedOut = options?.timedOut ?? false;
  }
}
