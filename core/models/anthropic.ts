// Anthropic's Messages API (https://docs.anthropic.com/en/api/messages). Text only:
// Anthropic has no embeddings, so an agent pairs it with another TEXT_EMBEDDING provider.
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

function generateText(size: "small" | "large", options: HttpModelOptions) {
  const modelType = size === "small" ? ModelType.TEXT_SMALL : ModelType.TEXT_LARGE;
  return async (runtime: AgentRuntime, params: GenerateTextParams): Promise<string> => {
    if (!params || typeof params.prompt !== "string") {
      throw new ModelError(ID, `${modelType} needs params.prompt as a string`);
    }
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
    const model =
      size === "small"
        ? (readSetting(runtime, "ANTHROPIC_SMALL_MODEL") ?? DEFAULT_SMALL_MODEL)
        : (readSetting(runtime, "ANTHROPIC_LARGE_MODEL") ?? DEFAULT_LARGE_MODEL);
    const provider = { id: ID, label: LABEL, keySetting: "ANTHROPIC_API_KEY", hasKey: true };
    const data = await postJson(provider, `${baseUrl}/v1/messages`, {
      ...options,
      headers: { "x-api-key": apiKey, "anthropic-version": API_VERSION },
      body: {
        model,
        max_tokens: params.maxTokens ?? DEFAULT_MAX_TOKENS,
        // The system prompt is a top-level field here, not a message.
        system: params.system || undefined,
        messages: [{ role: "user", content: params.prompt }],
        temperature: params.temperature,
        stop_sequences: params.stopSequences?.length ? params.stopSequences : undefined,
      },
      timeoutMs: readPositiveInt(runtime, ID, "MODEL_TIMEOUT_MS") ?? DEFAULT_TIMEOUT_MS,
      response: message,
      logger: runtime.logger,
    });
    return data.content
      .filter((block) => block.type === "text")
      .map((block) => block.text ?? "")
      .join("");
  };
}

/**
 * TEXT_SMALL and TEXT_LARGE over Anthropic's Messages API. Settings: ANTHROPIC_API_KEY
 * (required), ANTHROPIC_BASE_URL, ANTHROPIC_SMALL_MODEL, ANTHROPIC_LARGE_MODEL, MODEL_TIMEOUT_MS.
 */
export function createAnthropicPlugin(options: HttpModelOptions = {}): Plugin {
  return {
    name: ID,
    description: "Anthropic Messages API text models over fetch",
    priority: 0,
    models: {
      [ModelType.TEXT_SMALL]: generateText("small", options),
      [ModelType.TEXT_LARGE]: generateText("large", options),
    },
  };
}
