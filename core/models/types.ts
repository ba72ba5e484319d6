// Model types and their parameters, named as in elizaOS so plugins' model handlers carry over.
import type { AgentRuntime } from "../runtime/agent-runtime.ts";
import type { UUID } from "../types.ts";
import type { ElizaGenerateTextParams } from "./params.ts";

export const ModelType = {
  TEXT_SMALL: "TEXT_SMALL",
  TEXT_LARGE: "TEXT_LARGE",
  TEXT_EMBEDDING: "TEXT_EMBEDDING",
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
}

export interface EmbeddingParams {
  text: string;
}

/** A model handler: elizaOS's `(runtime, params) => result`. */
export type ModelHandler<P = unknown, R = unknown> = (
  runtime: AgentRuntime,
  params: P,
) => Promise<R>;

export interface ModelRegistration {
  handler: ModelHandler;
  /** Who registered it (a plugin name), for logs and the health route. */
  provider: string;
  /** Highest wins. The offline ELIZA fallback registers at -1000. */
  priority: number;
}

/** Thrown by HTTP model providers; `status` is the upstream HTTP status when there was one. */
export class ModelError extends Error {
  readonly provider: string;
  readonly status?: number;
  constructor(provider: string, message: string, options?: { status?: number; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = "ModelError";
    this.provider = provider;
    this.status = options?.status;
  }
}
