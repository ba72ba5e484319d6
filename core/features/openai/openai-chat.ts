// One OpenAI-compatible chat completion: the connection settings every OpenAI model type reads
// (base URL, key, timeout) and the request itself. Text, objects and image description differ
// only in the messages they send and how they read the answer.
import * as z from "zod/mini";
import { lazySchema, ModelError, openAIUsage, reportModelUsage } from "../../kernel/index.ts";
import {
  type IAgentRuntime,
  reportModelCall,
  type StreamPart,
  type TextStreamResult,
  textStreamResult,
} from "../../runtime/index.ts";
import {
  DEFAULT_TIMEOUT_MS,
  type HttpModelOptions,
  type HttpProvider,
  parseChunk,
  postJson,
  postStream,
  readBaseUrl,
  readPositiveInt,
  readSetting,
  streamEvents,
} from "../model-http/index.ts";

export const OPENAI_ID = "openai";
export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";

const chatCompletion = lazySchema(() =>
  z.object({
    choices: z
      .array(
        z.object({
          message: z.object({
            content: z.nullish(z.string()),
            refusal: z.nullish(z.string()),
          }),
          finish_reason: z.nullish(z.string()),
        }),
      )
      .check(z.minLength(1, "no choices")),
    usage: z.optional(z.unknown()),
  }),
);

export interface OpenAIConfig {
  provider: HttpProvider;
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

export function readOpenAIConfig(runtime: IAgentRuntime): OpenAIConfig {
  const baseUrl = readBaseUrl(
    runtime,
    OPENAI_ID,
    "OPENAI_BASE_URL",
    DEFAULT_OPENAI_BASE_URL,
    "OPENAI_API_KEY",
  );
  const apiKey = readSetting(runtime, "OPENAI_API_KEY");
  const label =
    baseUrl === DEFAULT_OPENAI_BASE_URL
      ? "OpenAI"
      : `OpenAI-compatible server at ${new URL(baseUrl).origin}`;
  return {
    provider: { id: OPENAI_ID, label, keySetting: "OPENAI_API_KEY", hasKey: apiKey !== undefined },
    baseUrl,
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    timeoutMs: readPositiveInt(runtime, OPENAI_ID, "MODEL_TIMEOUT_MS") ?? DEFAULT_TIMEOUT_MS,
  };
}

/** A chat message: text, or (vision) a list of text and image parts. */
export type ChatMessage =
  | { role: "system" | "user" | "assistant"; content: string }
  | {
      role: "user";
      content: (
        | { type: "text"; text: string }
        | { type: "image_url"; image_url: { url: string } }
      )[];
    };

/**
 * POSTs /chat/completions and returns the answer's text (a refusal counts as the answer).
 * The token usage goes to the useModel call whose `params` these are.
 */
export async function chatText(
  runtime: IAgentRuntime,
  options: HttpModelOptions,
  body: { model: string; messages: ChatMessage[] } & Record<string, unknown>,
  params?: unknown,
): Promise<string> {
  const config = readOpenAIConfig(runtime);
  let retries = 0;
  const data = await postJson(config.provider, `${config.baseUrl}/chat/completions`, {
    ...options,
    headers: config.headers,
    body,
    timeoutMs: config.timeoutMs,
    response: chatCompletion(),
    logger: runtime.logger,
    onRetry: () => retries++,
  }).finally(() => reportModelCall(params, { model: body.model, retries }));
  reportModelUsage(params, openAIUsage(data.usage));
  const { message, finish_reason } = data.choices[0]!;
  if (typeof message.content === "string") return message.content;
  // A safety refusal arrives with null content; it is still the model's answer.
  if (typeof message.refusal === "string") return message.refusal;
  throw new ModelError(
    OPENAI_ID,
    `${config.provider.label} returned no text (finish_reason: ${finish_reason ?? "none"})`,
  );
}

/**
 * chatText streamed (`stream: true`): the answer's text as the server writes it, as
 * elizaOS's TextStreamResult. The usage comes in the last chunk (`stream_options`) and goes
 * to the useModel call whose `params` these are when the stream ends.
 */
export async function chatTextStream(
  runtime: IAgentRuntime,
  options: HttpModelOptions,
  body: { model: string; messages: ChatMessage[] } & Record<string, unknown>,
  params?: unknown,
): Promise<TextStreamResult> {
  const config = readOpenAIConfig(runtime);
  let retries = 0;
  const stream = await postStream(config.provider, `${config.baseUrl}/chat/completions`, {
    ...options,
    headers: config.headers,
    body: { ...body, stream: true, stream_options: { include_usage: true } },
    timeoutMs: config.timeoutMs,
    logger: runtime.logger,
    onRetry: () => retries++,
  }).finally(() => reportModelCall(params, { model: body.model, retries }));
  return textStreamResult(openAIStreamParts(stream, config.provider.label), ({ usage }) =>
    reportModelUsage(params, usage),
  );
}

interface ChatChunk {
  choices?: {
    delta?: { content?: string | null; refusal?: string | null };
    finish_reason?: string | null;
  }[];
  usage?: unknown;
  error?: { message?: string };
}

async function* openAIStreamParts(
  body: ReadableStream<Uint8Array>,
  label: string,
): AsyncGenerator<StreamPart> {
  for await (const event of streamEvents(body, OPENAI_ID, label)) {
    if (event.data === "[DONE]") return;
    const chunk = parseChunk<ChatChunk>(event.data, OPENAI_ID, label);
    if (chunk.error) {
      throw new ModelError(
        OPENAI_ID,
        `${label} failed mid-stream: ${chunk.error.message ?? "error"}`,
      );
    }
    const choice = chunk.choices?.[0];
    const text = choice?.delta?.content ?? choice?.delta?.refusal;
    if (typeof text === "string" && text) yield { text };
    if (choice?.finish_reason) yield { finishReason: choice.finish_reason };
    const usage = openAIUsage(chunk.usage);
    if (chunk.usage && usage) yield { usage };
  }
}
