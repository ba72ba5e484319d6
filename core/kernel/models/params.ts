// elizaOS 1.x model parameters, named and shaped as in @elizaos/core, so plugins' model
// handlers and useModel callers carry over.
import type { PromptSegment } from "./prompt-segments.ts";
import type { ModelUsedTokens } from "./usage.ts";

/** elizaOS's text generation parameters (TEXT_SMALL, TEXT_LARGE, REASONING_*, TEXT_COMPLETION). */
export interface ElizaGenerateTextParams {
  prompt: string;
  maxTokens?: number;
  minTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  minP?: number;
  seed?: number;
  repetitionPenalty?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  stopSequences?: string[];
  /** Who the call is for; useModel fills in the character's name when absent. */
  user?: string | null;
  responseFormat?: { type: "json_object" | "text" } | string;
  stream?: boolean;
  onStreamChunk?: (chunk: string, messageId?: string) => void | Promise<void>;
  /**
   * elizaOS's cache hints: the prompt in ordered parts, each stable or not. When given,
   * `prompt` must equal them joined (useModel fills it in when absent, refuses a mismatch).
   */
  promptSegments?: PromptSegment[];
}

/** generateText's options: the text parameters without the prompt, plus what to wrap it in. */
export interface GenerateTextOptions
  extends Omit<ElizaGenerateTextParams, "prompt" | "promptSegments"> {
  /** Prefix the prompt with the character's bio, system prompt and style; default true. */
  includeCharacter?: boolean;
  modelType?: string;
}

export interface GenerateTextResult {
  text: string;
}

export interface TextEmbeddingParams {
  text: string;
}

/**
 * What TEXT_EMBEDDING accepts: `{text}`, the text itself, or null, elizaOS's probe for the
 * vector width (answered with a zero vector of EMBEDDING_DIMENSION when that is set).
 */
export type TextEmbeddingInput = TextEmbeddingParams | string | null;

export interface TokenizeTextParams {
  prompt: string;
  modelType: string;
}

export interface DetokenizeTextParams {
  tokens: number[];
  modelType: string;
}

export interface ImageGenerationParams {
  prompt: string;
  size?: string;
  count?: number;
}

export interface ImageDescriptionParams {
  imageUrl: string;
  prompt?: string;
}

export interface TranscriptionParams {
  audioUrl: string;
  prompt?: string;
}

export interface TextToSpeechParams {
  text: string;
  voice?: string;
  speed?: number;
}

export interface JSONSchema {
  type: string;
  properties?: Record<string, JSONSchema | { type: string }>;
  required?: string[];
  items?: JSONSchema;
  [key: string]: unknown;
}

export interface ObjectGenerationParams {
  prompt: string;
  schema?: JSONSchema;
  output?: "object" | "array" | "enum";
  enumValues?: string[];
  modelType?: string;
  temperature?: number;
  stopSequences?: string[];
}

/** elizaOS's MODEL_USED payload (besides runtime and source). */
export interface ModelUsedPayload {
  provider: string;
  type: string;
  prompt: string;
  /** What the provider reported, when it did (eliza-edge's OpenAI and Anthropic providers do). */
  tokens?: ModelUsedTokens;
  /** The run the call belongs to, when its caller said (the message loop's own calls do). */
  runId?: string;
}
