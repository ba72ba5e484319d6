// Anthropic's Messages API (https://docs.anthropic.com/en/api/messages): text, objects and
// image description. Anthropic has no embeddings, so an agent pairs it with another
// TEXT_EMBEDDING provider.
import * as z from "zod/mini";
import {
  anthropicUsage,
  type GenerateTextParams,
  lazySchema,
  ModelError,
  ModelType,
  type PromptSegment,
  promptSegmentsOf,
  reportModelUsage,
  segmentRuns,
} from "../../kernel/index.ts";
import {
  type IAgentRuntime,
  type Plugin,
  reportModelCall,
  type StreamPart,
  type TextStreamResult,
  textStreamResult,
} from "../../runtime/index.ts";
import {
  checkObjectParams,
  DEFAULT_TIMEOUT_MS,
  type HttpModelOptions,
  type ImageDescription,
  objectInstruction,
  parseChunk,
  postJson,
  postStream,
  readBaseUrl,
  readImageDescription,
  readImageParams,
  readObjectAnswer,
  readPositiveInt,
  readSetting,
  streamEvents,
} from "../model-http/index.ts";

const ID = "anthropic";
const LABEL = "Anthropic";
const DEFAULT_BASE_URL = "https://api.anthropic.com";
const API_VERSION = "2023-06-01";
const DEFAULT_SMALL_MODEL = "claude-3-5-haiku-latest";
const DEFAULT_LARGE_MODEL = "claude-sonnet-4-5";
// The API requires max_tokens; this is what a chat reply needs when the caller gives none.
const DEFAULT_MAX_TOKENS = 1024;

// Anthropic caches the prefix up to a block marked with cache_control, at most 4 per request.
const MAX_CACHE_BREAKPOINTS = 4;

const message = lazySchema(() =>
  z.object({
    // Blocks other than text (thinking, tool_use) carry no `text` and are skipped.
    content: z.array(z.looseObject({ type: z.string(), text: z.optional(z.string()) })),
    usage: z.optional(z.unknown()),
  }),
);

type Size = "small" | "large";
/** Text sizes, the reasoning ones included (TEXT_REASONING_SMALL/LARGE). */
type TextSize = Size | "reasoning-small" | "reasoning-large";

const TEXT_TYPE: Record<TextSize, string> = {
  small: ModelType.TEXT_SMALL,
  large: ModelType.TEXT_LARGE,
  "reasoning-small": ModelType.TEXT_REASONING_SMALL,
  "reasoning-large": ModelType.TEXT_REASONING_LARGE,
};

/** A user message's content: the prompt, or blocks (an image and the prompt). */
type UserContent =
  | string
  | (
      | { type: "text"; text: string; cache_control?: { type: "ephemeral" } }
      | {
          type: "image";
          source:
            | { type: "url"; url: string }
            | { type: "base64"; media_type: string; data: string };
        }
    )[];

interface MessageRequest {
  system?: string;
  content: UserContent;
  maxTokens?: number;
  temperature?: number;
  stopSequences?: string[];
  /** The useModel params the call serves: its token usage is reported there. */
  params?: unknown;
}

/** The model for a size; a reasoning size without its own setting uses the large model. */
function chatModel(runtime: IAgentRuntime, size: TextSize): string {
  if (size === "small") return readSetting(runtime, "ANTHROPIC_SMALL_MODEL") ?? DEFAULT_SMALL_MODEL;
  const reasoning =
    size === "reasoning-small"
      ? readSetting(runtime, "ANTHROPIC_REASONING_SMALL_MODEL")
      : size === "reasoning-large"
        ? readSetting(runtime, "ANTHROPIC_REASONING_LARGE_MODEL")
        : undefined;
  return reasoning ?? readSetting(runtime, "ANTHROPIC_LARGE_MODEL") ?? DEFAULT_LARGE_MODEL;
}

/** The endpoint, headers and body of one Messages API call. */
function messageCall(runtime: IAgentRuntime, model: string, request: MessageRequest) {
  const apiKey = readSetting(runtime, "ANTHROPIC_API_KEY");
  if (!apiKey) {
    throw new ModelError(ID, "ANTHROPIC_API_KEY is not set: the Anthropic model needs it");
  }
  const baseUrl = readBaseUrl(
    runtime,
    ID,
    "ANTHROPIC_BASE_URL",
    DEFAULT_BASE_URL,
    "ANTHROPIC_API_KEY",
  );
  return {
    provider: { id: ID, label: LABEL, keySetting: "ANTHROPIC_API_KEY", hasKey: true },
    url: `${baseUrl}/v1/messages`,
    headers: { "x-api-key": apiKey, "anthropic-version": API_VERSION },
    body: {
      model,
      max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
      // The system prompt is a top-level field here, not a message.
      system: request.system || undefined,
      messages: [{ role: "user", content: request.content }],
      temperature: request.temperature,
      stop_sequences: request.stopSequences?.length ? request.stopSequences : undefined,
    },
    timeoutMs: readPositiveInt(runtime, ID, "MODEL_TIMEOUT_MS") ?? DEFAULT_TIMEOUT_MS,
  };
}

/** One Messages API call; returns the text blocks joined. */
async function sendMessage(
  runtime: IAgentRuntime,
  options: HttpModelOptions,
  model: string,
  request: MessageRequest,
): Promise<string> {
  const { provider, url, ...call } = messageCall(runtime, model, request);
  let retries = 0;
  const data = await postJson(provider, url, {
    ...options,
    ...call,
    response: message(),
    logger: runtime.logger,
    onRetry: () => retries++,
  }).finally(() => reportModelCall(request.params, { model, retries }));
  reportModelUsage(request.params, anthropicUsage(data.usage));
  return data.content
    .filter((block) => block.type === "text")
    .map((block) => block.text ?? "")
    .join("");
}

/**
 * One Messages API call streamed (`stream: true`): the text deltas as they are written, as
 * elizaOS's TextStreamResult; usage from message_start and message_delta, reported when the
 * stream ends.
 */
async function streamMessage(
  runtime: IAgentRuntime,
  options: HttpModelOptions,
  model: string,
  request: MessageRequest,
): Promise<TextStreamResult> {
  const { provider, url, body, ...call } = messageCall(runtime, model, request);
  let retries = 0;
  const stream = await postStream(provider, url, {
    ...options,
    ...call,
    body: { ...body, stream: true },
    logger: runtime.logger,
    onRetry: () => retries++,
  }).finally(() => reportModelCall(request.params, { model, retries }));
  return textStreamResult(anthropicStreamParts(stream), ({ usage }) =>
    reportModelUsage(request.params, usage),
  );
}

interface StreamEvent {
  type?: string;
  message?: { usage?: Record<string, unknown> };
  delta?: { type?: string; text?: string; stop_reason?: string | null };
  usage?: Record<string, unknown>;
  error?: { type?: string; message?: string };
}

/** Anthropic's events: message_start, content_block_delta (text_delta), message_delta, message_stop, error. */
async function* anthropicStreamParts(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamPart> {
  let usage: Record<string, unknown> = {};
  for await (const event of streamEvents(body, ID, LABEL)) {
    const data = parseChunk<StreamEvent>(event.data, ID, LABEL);
    switch (data.type ?? event.event) {
      case "message_start":
        usage = { ...data.message?.usage };
        break;
      case "content_block_delta":
        if (data.delta?.type === "text_delta" && data.delta.text) yield { text: data.delta.text };
        break;
      case "message_delta":
        usage = { ...usage, ...data.usage };
        if (data.delta?.stop_reason) yield { finishReason: data.delta.stop_reason };
        break;
      case "message_stop": {
        const total = anthropicUsage(usage);
        if (total) yield { usage: total };
        return;
      }
      case "error":
        throw new ModelError(
          ID,
          `${LABEL} failed mid-stream: ${data.error?.message ?? data.error?.type ?? "error"}`,
        );
    }
  }
}

function generateText(size: TextSize, options: HttpModelOptions) {
  const modelType = TEXT_TYPE[size];
  return async (
    runtime: IAgentRuntime,
    params: GenerateTextParams,
  ): Promise<string | TextStreamResult> => {
    if (!params || typeof params.prompt !== "string") {
      throw new ModelError(ID, `${modelType} needs params.prompt as a string`);
    }
    const segments = promptSegmentsOf(params);
    // `stream: true` (useModel sets it for a caller with onStreamChunk): Messages API events.
    return (params.stream === true ? streamMessage : sendMessage)(
      runtime,
      options,
      chatModel(runtime, size),
      {
        system: params.system,
        content: segments ? cachedBlocks(segments) : params.prompt,
        maxTokens: params.maxTokens,
        temperature: params.temperature,
        stopSequences: params.stopSequences,
        params,
      },
    );
  };
}

/**
 * The prompt as text blocks, one per run of equally stable segments (the same text in the
 * same order). The last block of each stable run carries cache_control, so Anthropic caches
 * the prefix through it: the first four such runs, the ones a later call can still match.
 */
export function cachedBlocks(segments: readonly PromptSegment[]): UserContent {
  let marks = 0;
  return segmentRuns(segments).map((run) => {
    if (!run.stable || marks >= MAX_CACHE_BREAKPOINTS) return { type: "text", text: run.content };
    marks++;
    return { type: "text", text: run.content, cache_control: { type: "ephemeral" } };
  });
}

/** OBJECT_*: Anthropic has no JSON mode, so the instruction asks for JSON and the answer is parsed. */
function generateObject(size: Size, options: HttpModelOptions) {
  const modelType = size === "small" ? ModelType.OBJECT_SMALL : ModelType.OBJECT_LARGE;
  return async (runtime: IAgentRuntime, input: unknown): Promise<unknown> => {
    const params = checkObjectParams(ID, modelType, input);
    const text = await sendMessage(runtime, options, chatModel(runtime, size), {
      system: objectInstruction(params),
      content: params.prompt,
      temperature: params.temperature,
      stopSequences: params.stopSequences,
      params: input,
    });
    return readObjectAnswer(ID, LABEL, params, text);
  };
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,(.+)$/i;

/** IMAGE_DESCRIPTION: an image block (by URL, or base64 from a data: URL) and the prompt. */
function describeImage(options: HttpModelOptions) {
  return async (runtime: IAgentRuntime, input: unknown): Promise<ImageDescription> => {
    const { imageUrl, prompt } = readImageParams(ID, input);
    const data = DATA_URL.exec(imageUrl);
    if (imageUrl.startsWith("data:") && !data) {
      throw new ModelError(ID, "IMAGE_DESCRIPTION needs a base64 data:image/ URL");
    }
    const source = data
      ? { type: "base64" as const, media_type: data[1]!.toLowerCase(), data: data[2]! }
      : { type: "url" as const, url: imageUrl };
    const text = await sendMessage(
      runtime,
      options,
      readSetting(runtime, "ANTHROPIC_IMAGE_DESCRIPTION_MODEL") ?? chatModel(runtime, "small"),
      {
        content: [
          { type: "image", source },
          { type: "text", text: prompt },
        ],
        params: input,
      },
    );
    return readImageDescription(text);
  };
}

/**
 * TEXT_SMALL/LARGE, TEXT_REASONING_SMALL/LARGE, OBJECT_SMALL/LARGE and IMAGE_DESCRIPTION over
 * Anthropic's Messages API. Settings: ANTHROPIC_API_KEY (required), ANTHROPIC_BASE_URL,
 * ANTHROPIC_SMALL_MODEL, ANTHROPIC_LARGE_MODEL, ANTHROPIC_REASONING_SMALL_MODEL,
 * ANTHROPIC_REASONING_LARGE_MODEL, ANTHROPIC_IMAGE_DESCRIPTION_MODEL, MODEL_TIMEOUT_MS.
 */
export function createAnthropicPlugin(options: HttpModelOptions = {}): Plugin {
  return {
    name: ID,
    description: "Anthropic Messages API text, object and image description models over fetch",
    priority: 0,
    models: {
      [ModelType.TEXT_SMALL]: generateText("small", options),
      [ModelType.TEXT_LARGE]: generateText("large", options),
      [ModelType.TEXT_REASONING_SMALL]: generateText("reasoning-small", options),
      [ModelType.TEXT_REASONING_LARGE]: generateText("reasoning-large", options),
      [ModelType.OBJECT_SMALL]: generateObject("small", options),
      [ModelType.OBJECT_LARGE]: generateObject("large", options),
      [ModelType.IMAGE_DESCRIPTION]: describeImage(options),
    },
  };
}
