// OpenAI-compatible chat completions and embeddings. The same wire protocol is spoken by
// OpenAI, Groq, OpenRouter, Together, vLLM, Ollama and llama.cpp's server, so OPENAI_BASE_URL
// selects the vendor and a missing key is fine for local servers.

import {
  type EmbeddingParams,
  type GenerateTextParams,
  ModelError,
  ModelType,
  promptSegmentsOf,
  stableFirst,
} from "../../kernel/index.ts";
import type { IAgentRuntime, Plugin, TextStreamResult } from "../../runtime/index.ts";
import {
  checkEmbeddingTexts,
  embeddingRequest,
  embeddingResponse,
  type HttpModelOptions,
  orderedEmbeddings,
  postJson,
  readPositiveInt,
  readSetting,
} from "../model-http/index.ts";
import {
  type ChatMessage,
  chatText,
  chatTextStream,
  OPENAI_ID as ID,
  readOpenAIConfig,
} from "./openai-chat.ts";
import { describeImage } from "./openai-image.ts";
import { generateImage } from "./openai-image-generation.ts";
import { generateObject } from "./openai-object.ts";
import { textToSpeech } from "./openai-speech.ts";
import { transcribe } from "./openai-transcription.ts";

const DEFAULT_SMALL_MODEL = "gpt-4o-mini";
const DEFAULT_LARGE_MODEL = "gpt-4o";
const DEFAULT_EMBEDDING_MODEL = "text-embedding-3-small";

/** The chat model for a size: OPENAI_SMALL_MODEL or OPENAI_LARGE_MODEL, else OpenAI's. */
export function openAIChatModel(runtime: IAgentRuntime, size: "small" | "large"): string {
  return size === "small"
    ? (readSetting(runtime, "OPENAI_SMALL_MODEL") ?? DEFAULT_SMALL_MODEL)
    : (readSetting(runtime, "OPENAI_LARGE_MODEL") ?? DEFAULT_LARGE_MODEL);
}

type TextSize = "small" | "large" | "reasoning-small" | "reasoning-large";

const TEXT_TYPE: Record<TextSize, string> = {
  small: ModelType.TEXT_SMALL,
  large: ModelType.TEXT_LARGE,
  "reasoning-small": ModelType.TEXT_REASONING_SMALL,
  "reasoning-large": ModelType.TEXT_REASONING_LARGE,
};

/** A reasoning size's model: OPENAI_REASONING_SMALL_MODEL / _LARGE_MODEL, else the large one. */
function textModel(runtime: IAgentRuntime, size: TextSize): string {
  if (size === "small" || size === "large") return openAIChatModel(runtime, size);
  const setting =
    size === "reasoning-small" ? "OPENAI_REASONING_SMALL_MODEL" : "OPENAI_REASONING_LARGE_MODEL";
  return readSetting(runtime, setting) ?? openAIChatModel(runtime, "large");
}

/**
 * The user message: the prompt, or with promptSegments the stable ones first so OpenAI's
 * automatic prefix cache matches from one call to the next (the pipeline already orders
 * them so; a caller's own order is kept within each group).
 */
function userText(params: GenerateTextParams): string {
  const segments = promptSegmentsOf(params);
  if (!segments) return params.prompt;
  return stableFirst(segments)
    .map((s) => s.content)
    .join("");
}

function generateText(size: TextSize, options: HttpModelOptions) {
  const modelType = TEXT_TYPE[size];
  const reasoning = size === "reasoning-small" || size === "reasoning-large";
  return async (
    runtime: IAgentRuntime,
    params: GenerateTextParams,
  ): Promise<string | TextStreamResult> => {
    checkTextParams(modelType, params);
    const user: ChatMessage = { role: "user", content: userText(params) };
    const messages: ChatMessage[] = params.system
      ? [{ role: "system", content: params.system }, user]
      : [user];
    // `stream: true` (useModel sets it for a caller with onStreamChunk): SSE, as it is written.
    return (params.stream === true ? chatTextStream : chatText)(
      runtime,
      options,
      {
        model: textModel(runtime, size),
        messages,
        temperature: params.temperature,
        // OpenAI's reasoning models refuse max_tokens and take max_completion_tokens.
        ...(reasoning
          ? { max_completion_tokens: params.maxTokens }
          : { max_tokens: params.maxTokens }),
        // OpenAI rejects an empty list; absent means "no stop sequences".
        stop: params.stopSequences?.length ? params.stopSequences : undefined,
      },
      params,
    );
  };
}

function checkTextParams(modelType: string, params: GenerateTextParams): void {
  if (!params || typeof params.prompt !== "string") {
    throw new ModelError(ID, `${modelType} needs params.prompt as a string`);
  }
}

/**
 * Embeds several texts in one request, in order. With EMBEDDING_DIMENSION set, the width is
 * requested (`dimensions`) and checked, so a vector of the wrong width never reaches storage.
 */
export async function embedMany(
  runtime: IAgentRuntime,
  texts: string[],
  options: HttpModelOptions = {},
): Promise<number[][]> {
  checkEmbeddingTexts(ID, texts);
  if (texts.length === 0) return [];
  return embed(runtime, texts, texts, options);
}

async function embed(
  runtime: IAgentRuntime,
  input: string | string[],
  texts: string[],
  options: HttpModelOptions,
): Promise<number[][]> {
  const config = readOpenAIConfig(runtime);
  const model = readSetting(runtime, "OPENAI_EMBEDDING_MODEL") ?? DEFAULT_EMBEDDING_MODEL;
  if (embeddingsOff(model)) {
    // Reached only when the setting changed after startup (embedMany called directly).
    throw new ModelError(ID, "OPENAI_EMBEDDING_MODEL is none: embeddings are off");
  }
  const dimension = readPositiveInt(runtime, ID, "EMBEDDING_DIMENSION");
  const data = await postJson(config.provider, `${config.baseUrl}/embeddings`, {
    ...options,
    headers: config.headers,
    body: {
      model,
      input,
      dimensions: dimension,
    },
    timeoutMs: config.timeoutMs,
    response: embeddingResponse(),
    logger: runtime.logger,
  });
  return orderedEmbeddings(data, {
    providerId: ID,
    label: config.provider.label,
    count: texts.length,
    dimension,
    mismatchHint: () =>
      `use a model that supports ${dimension} dimensions or change EMBEDDING_DIMENSION`,
  });
}

/** TEXT_EMBEDDING: one vector for `{text}` or a string, one per text (in one request) for `{texts}`. */
function embedHandler(options: HttpModelOptions) {
  return async (
    runtime: IAgentRuntime,
    params: EmbeddingParams | string,
  ): Promise<number[] | number[][]> => {
    const request = embeddingRequest(ID, params);
    if (request.batch) return embedMany(runtime, request.texts, options);
    const [vector] = await embed(runtime, request.text, [request.text], options);
    return vector!;
  };
}

/** OPENAI_EMBEDDING_MODEL's value that means "this server embeds nothing". */
export const NO_EMBEDDING_MODEL = "none";

/** True for OPENAI_EMBEDDING_MODEL=none (any case): no TEXT_EMBEDDING is registered. */
export function embeddingsOff(value: unknown): boolean {
  return typeof value === "string" && value.trim().toLowerCase() === NO_EMBEDDING_MODEL;
}

export interface OpenAIPluginOptions extends HttpModelOptions {
  /** false registers no TEXT_EMBEDDING (OPENAI_EMBEDDING_MODEL=none). Default true. */
  embeddings?: boolean;
  /** false registers no TEXT_TO_SPEECH (a server without /audio/speech). Default true. */
  textToSpeech?: boolean;
}

/**
 * Text (reasoning sizes too), object (JSON mode), image, image description, transcription,
 * speech and embedding models over the OpenAI-compatible API. Settings: OPENAI_API_KEY,
 * OPENAI_BASE_URL, OPENAI_SMALL_MODEL, OPENAI_LARGE_MODEL, OPENAI_REASONING_SMALL_MODEL,
 * OPENAI_REASONING_LARGE_MODEL, OPENAI_TTS_MODEL, OPENAI_TTS_VOICE, OPENAI_TTS_INSTRUCTIONS,
 * OPENAI_EMBEDDING_MODEL (or none), OPENAI_IMAGE_MODEL,
 * OPENAI_IMAGE_DESCRIPTION_MODEL, OPENAI_TRANSCRIPTION_MODEL,
 * OPENAI_IMAGE_DESCRIPTION_MAX_TOKENS, EMBEDDING_DIMENSION, MODEL_TIMEOUT_MS.
 */
export function createOpenAIPlugin(options: OpenAIPluginOptions = {}): Plugin {
  const { embeddings = true, textToSpeech: speech = true, ...http } = options;
  return {
    name: ID,
    description: "OpenAI-compatible chat completions and embeddings over fetch",
    priority: 0,
    models: {
      [ModelType.TEXT_SMALL]: generateText("small", http),
      [ModelType.TEXT_LARGE]: generateText("large", http),
      [ModelType.TEXT_REASONING_SMALL]: generateText("reasoning-small", http),
      [ModelType.TEXT_REASONING_LARGE]: generateText("reasoning-large", http),
      [ModelType.OBJECT_SMALL]: generateObject("small", http, openAIChatModel),
      [ModelType.OBJECT_LARGE]: generateObject("large", http, openAIChatModel),
      [ModelType.IMAGE_DESCRIPTION]: describeImage(http, openAIChatModel),
      [ModelType.IMAGE]: generateImage(http),
      [ModelType.TRANSCRIPTION]: transcribe(http),
      ...(speech ? { [ModelType.TEXT_TO_SPEECH]: textToSpeech(http) } : {}),
      ...(embeddings ? { [ModelType.TEXT_EMBEDDING]: embedHandler(http) } : {}),
    },
  };
}
