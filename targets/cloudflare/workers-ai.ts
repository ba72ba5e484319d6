// Workers AI through the Worker's `AI` binding: a model provider that needs no API key, only
// `[ai] binding = "AI"` in wrangler.toml. It ranks below OpenAI and Anthropic (a configured
// key is an explicit choice) and above the offline ELIZA.

import {
  type AgentRuntime,
  checkObjectParams,
  type EmbeddingParams,
  type GenerateTextParams,
  ModelError,
  ModelType,
  objectInstruction,
  openAIUsage,
  type Plugin,
  parseChunk,
  readObjectAnswer,
  reportModelCall,
  reportModelUsage,
  type StreamPart,
  streamEvents,
  type TextStreamResult,
  textStreamResult,
} from "../../core/index.ts";
import type { WorkersAiBinding } from "./workers-ai-binding.ts";
import { describeImage, transcribe } from "./workers-ai-media.ts";

export type { WorkersAiBinding } from "./workers-ai-binding.ts";

const ID = "workers-ai";
/** Below OpenAI/Anthropic (0), above the offline ELIZA (-1000). */
export const WORKERS_AI_PRIORITY = -100;
export const DEFAULT_WORKERS_AI_SMALL_MODEL = "@cf/meta/llama-3.1-8b-instruct";
export const DEFAULT_WORKERS_AI_LARGE_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
/** 768 wide: set EMBEDDING_DIMENSION=768 with it, or pick another model. */
export const DEFAULT_WORKERS_AI_EMBEDDING_MODEL = "@cf/baai/bge-base-en-v1.5";
export const DEFAULT_WORKERS_AI_IMAGE_MODEL = "@cf/black-forest-labs/flux-1-schnell";

function modelFor(runtime: AgentRuntime, size: "small" | "large"): string {
  const specific = runtime.getSettingString(
    size === "small" ? "CLOUDFLARE_AI_SMALL_MODEL" : "CLOUDFLARE_AI_LARGE_MODEL",
  );
  return (
    specific ||
    runtime.getSettingString("CLOUDFLARE_AI_TEXT_MODEL") ||
    (size === "small" ? DEFAULT_WORKERS_AI_SMALL_MODEL : DEFAULT_WORKERS_AI_LARGE_MODEL)
  );
}

async function run(ai: WorkersAiBinding, model: string, inputs: Record<string, unknown>) {
  try {
    return await ai.run(model, inputs);
  } catch (error) {
    throw new ModelError(ID, `Workers AI model ${model} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Text models answer `{response}`; OpenAI-style ones (gpt-oss) answer `{choices}`. */
function textOf(model: string, output: unknown): string {
  const o = output as {
    response?: unknown;
    choices?: { message?: { content?: unknown } }[];
  } | null;
  if (typeof o?.response === "string") return o.response;
  const content = o?.choices?.[0]?.message?.content;
  if (typeof content === "string") return content;
  throw new ModelError(ID, `Workers AI model ${model} returned no text`);
}

function generateText(ai: WorkersAiBinding, size: "small" | "large") {
  return async (
    runtime: AgentRuntime,
    params: GenerateTextParams,
  ): Promise<string | TextStreamResult> => {
    if (!params || typeof params.prompt !== "string") {
      throw new ModelError(ID, `TEXT_${size.toUpperCase()} needs params.prompt as a string`);
    }
    const model = modelFor(runtime, size);
    reportModelCall(params, { model });
    const messages = [
      ...(params.system ? [{ role: "system", content: params.system }] : []),
      { role: "user", content: params.prompt },
    ];
    const inputs = { messages, max_tokens: params.maxTokens, temperature: params.temperature };
    if (params.stream === true) {
      // The binding answers a ReadableStream of server-sent events: {"response": "..."} each.
      const output = await run(ai, model, { ...inputs, stream: true });
      if (!(output instanceof ReadableStream)) return textOf(model, output);
      return textStreamResult(workersAiParts(output, model), ({ usage }) =>
        reportModelUsage(params, usage),
      );
    }
    return textOf(model, await run(ai, model, inputs));
  };
}

async function* workersAiParts(
  body: ReadableStream<Uint8Array>,
  model: string,
): AsyncGenerator<StreamPart> {
  const label = `Workers AI model ${model}`;
  for await (const event of streamEvents(body, ID, label)) {
    if (event.data === "[DONE]") return;
    const chunk = parseChunk<{ response?: unknown; usage?: unknown }>(event.data, ID, label);
    if (typeof chunk.response === "string" && chunk.response) yield { text: chunk.response };
    const usage = chunk.usage ? openAIUsage(chunk.usage) : undefined;
    if (usage) yield { usage };
  }
}

/** OBJECT_*: the text model asked for JSON in the system prompt, the answer parsed. */
function generateObject(ai: WorkersAiBinding, size: "small" | "large") {
  const modelType = size === "small" ? ModelType.OBJECT_SMALL : ModelType.OBJECT_LARGE;
  return async (runtime: AgentRuntime, input: unknown): Promise<unknown> => {
    const params = checkObjectParams(ID, modelType, input);
    const model = modelFor(runtime, size);
    const output = await run(ai, model, {
      messages: [
        { role: "system", content: objectInstruction(params) },
        { role: "user", content: params.prompt },
      ],
      temperature: params.temperature,
    });
    return readObjectAnswer(ID, `Workers AI model ${model}`, params, textOf(model, output));
  };
}

/** IMAGE: a text-to-image model (FLUX answers base64 JPEG), returned as elizaOS's [{url}]. */
function generateImage(ai: WorkersAiBinding) {
  return async (runtime: AgentRuntime, input: unknown): Promise<{ url: string }[]> => {
    const prompt = typeof input === "string" ? input : (input as { prompt?: unknown })?.prompt;
    if (typeof prompt !== "string" || prompt.trim() === "") {
      throw new ModelError(ID, "IMAGE needs params.prompt as a non-empty string");
    }
    const model =
      runtime.getSettingString("CLOUDFLARE_AI_IMAGE_MODEL") || DEFAULT_WORKERS_AI_IMAGE_MODEL;
    const output = (await run(ai, model, { prompt })) as { image?: unknown } | null;
    if (typeof output?.image !== "string" || output.image === "") {
      throw new ModelError(ID, `Workers AI model ${model} returned no image`);
    }
    return [{ url: `data:image/jpeg;base64,${output.image}` }];
  };
}

function embed(ai: WorkersAiBinding) {
  return async (runtime: AgentRuntime, params: EmbeddingParams | string): Promise<number[]> => {
    const text = typeof params === "string" ? params : params?.text;
    if (typeof text !== "string") {
      throw new ModelError(ID, "TEXT_EMBEDDING needs params.text as a string");
    }
    const model =
      runtime.getSettingString("CLOUDFLARE_AI_EMBEDDING_MODEL") ||
      DEFAULT_WORKERS_AI_EMBEDDING_MODEL;
    const output = (await run(ai, model, { text: [text] })) as { data?: unknown } | null;
    const vector = Array.isArray(output?.data) ? (output.data[0] as unknown) : undefined;
    if (!Array.isArray(vector) || vector.length === 0 || !vector.every(Number.isFinite)) {
      throw new ModelError(ID, `Workers AI model ${model} returned no embedding`);
    }
    const pinned = Number(runtime.getSettingString("EMBEDDING_DIMENSION"));
    if (pinned > 0 && vector.length !== pinned) {
      throw new ModelError(
        ID,
        `Workers AI model ${model} returned a ${vector.length}-dimensional embedding but EMBEDDING_DIMENSION is ${pinned}; set EMBEDDING_DIMENSION=${vector.length} or CLOUDFLARE_AI_EMBEDDING_MODEL to a ${pinned}-dimensional model`,
      );
    }
    return vector as number[];
  };
}

/**
 * TEXT_SMALL/LARGE, OBJECT_SMALL/LARGE, IMAGE, IMAGE_DESCRIPTION, TRANSCRIPTION and
 * TEXT_EMBEDDING over the `AI` binding. Settings: CLOUDFLARE_AI_TEXT_MODEL (both sizes),
 * CLOUDFLARE_AI_SMALL_MODEL, CLOUDFLARE_AI_LARGE_MODEL, CLOUDFLARE_AI_IMAGE_MODEL,
 * CLOUDFLARE_AI_VISION_MODEL, CLOUDFLARE_AI_TRANSCRIPTION_MODEL, CLOUDFLARE_AI_EMBEDDING_MODEL,
 * EMBEDDING_DIMENSION.
 */
export function createWorkersAiPlugin(ai: WorkersAiBinding): Plugin {
  return {
    name: ID,
    description: "Cloudflare Workers AI through the Worker's AI binding",
    priority: WORKERS_AI_PRIORITY,
    models: {
      [ModelType.TEXT_SMALL]: generateText(ai, "small"),
      [ModelType.TEXT_LARGE]: generateText(ai, "large"),
      [ModelType.OBJECT_SMALL]: generateObject(ai, "small"),
      [ModelType.OBJECT_LARGE]: generateObject(ai, "large"),
      [ModelType.IMAGE]: generateImage(ai),
      [ModelType.IMAGE_DESCRIPTION]: describeImage(ai),
      [ModelType.TRANSCRIPTION]: transcribe(ai),
      [ModelType.TEXT_EMBEDDING]: embed(ai),
    },
  };
}
