// Anthropic's Messages API (https://docs.anthropic.com/en/api/messages): text, objects and
// image description. Anthropic has no embeddings, so an agent pairs it with another
// TEXT_EMBEDDING provider.
import * as z from "zod";
import type { Plugin } from "../plugin.ts";
import type { AgentRuntime } from "../runtime/agent-runtime.ts";
import {
  DEFAULT_TIMEOUT_MS,
  type HttpModelOptions,
  postJson,
  readBaseUrl,
  readPositiveInt,
  readSetting,
} from "./http.ts";
import {
  type ImageDescription,
  readImageDescription,
  readImageParams,
} from "./image-description.ts";
import { checkObjectParams, objectInstruction, readObjectAnswer } from "./object-request.ts";
import { type GenerateTextParams, ModelError, ModelType } from "./types.ts";

const ID = "anthropic";
const LABEL = "Anthropic";
const DEFAULT_BASE_URL = "https://api.anthropic.com";
const API_VERSION = "2023-06-01";
const DEFAULT_SMALL_MODEL = "claude-3-5-haiku-latest";
const DEFAULT_LARGE_MODEL = "claude-sonnet-4-5";
// The API requires max_tokens; this is what a chat reply needs when the caller gives none.
const DEFAULT_MAX_TOKENS = 1024;

const message = z.object({
  // Blocks other than text (thinking, tool_use) carry no `text` and are skipped.
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
});

type Size = "small" | "large";

/** A user message's content: the prompt, or blocks (an image and the prompt). */
type UserContent =
  | string
  | (
      | { type: "text"; text: string }
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
}

function chatModel(runtime: AgentRuntime, size: Size): string {
  return size === "small"
    ? (readSetting(runtime, "ANTHROPIC_SMALL_MODEL") ?? DEFAULT_SMALL_MODEL)
    : (readSetting(runtime, "ANTHROPIC_LARGE_MODEL") ?? DEFAULT_LARGE_MODEL);
}

/** One Messages API call; returns the text blocks joined. */
async function sendMessage(
  runtime: AgentRuntime,
  options: HttpModelOptions,
  model: string,
  request: MessageRequest,
): Promise<string> {
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
  const provider = { id: ID, label: LABEL, keySetting: "ANTHROPIC_API_KEY", hasKey: true };
  const data = await postJson(provider, `${baseUrl}/v1/messages`, {
    ...options,
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
    response: message,
    logger: runtime.logger,
  });
  return data.content
    .filter((block) => block.type === "text")
    .map((block) => block.text ?? "")
    .join("");
}

function generateText(size: Size, options: HttpModelOptions) {
  const modelType = size === "small" ? ModelType.TEXT_SMALL : ModelType.TEXT_LARGE;
  return async (runtime: AgentRuntime, params: GenerateTextParams): Promise<string> => {
    if (!params || typeof params.prompt !== "string") {
      throw new ModelError(ID, `${modelType} needs params.prompt as a string`);
    }
    return sendMessage(runtime, options, chatModel(runtime, size), {
      system: params.system,
      content: params.prompt,
      maxTokens: params.maxTokens,
      temperature: params.temperature,
      stopSequences: params.stopSequences,
    });
  };
}

/** OBJECT_*: Anthropic has no JSON mode, so the instruction asks for JSON and the answer is parsed. */
function generateObject(size: Size, options: HttpModelOptions) {
  const modelType = size === "small" ? ModelType.OBJECT_SMALL : ModelType.OBJECT_LARGE;
  return async (runtime: AgentRuntime, input: unknown): Promise<unknown> => {
    const params = checkObjectParams(ID, modelType, input);
    const text = await sendMessage(runtime, options, chatModel(runtime, size), {
      system: objectInstruction(params),
      content: params.prompt,
      temperature: params.temperature,
      stopSequences: params.stopSequences,
    });
    return readObjectAnswer(ID, LABEL, params, text);
  };
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,(.+)$/i;

/** IMAGE_DESCRIPTION: an image block (by URL, or base64 from a data: URL) and the prompt. */
function describeImage(options: HttpModelOptions) {
  return async (runtime: AgentRuntime, input: unknown): Promise<ImageDescription> => {
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
      },
    );
    return readImageDescription(text);
  };
}

/**
 * TEXT_SMALL/LARGE, OBJECT_SMALL/LARGE and IMAGE_DESCRIPTION over Anthropic's Messages API.
 * Settings: ANTHROPIC_API_KEY (required), ANTHROPIC_BASE_URL, ANTHROPIC_SMALL_MODEL,
 * ANTHROPIC_LARGE_MODEL, ANTHROPIC_IMAGE_DESCRIPTION_MODEL, MODEL_TIMEOUT_MS.
 */
export function createAnthropicPlugin(options: HttpModelOptions = {}): Plugin {
  return {
    name: ID,
    description: "Anthropic Messages API text, object and image description models over fetch",
    priority: 0,
    models: {
      [ModelType.TEXT_SMALL]: generateText("small", options),
      [ModelType.TEXT_LARGE]: generateText("large", options),
      [ModelType.OBJECT_SMALL]: generateObject("small", options),
      [ModelType.OBJECT_LARGE]: generateObject("large", options),
      [ModelType.IMAGE_DESCRIPTION]: describeImage(options),
    },
  };
}
