// A turn's answer as OpenAI's chat completion object. Several replies in one turn are one
// assistant message, paragraphs apart; a turn the agent chose not to answer is an empty one.
import type { TokenUsage } from "../../kernel/index.ts";
import type { SendMessageResult } from "../turn/index.ts";

export const REPLY_SEPARATOR = "\n\n";

export interface CompletionMeta {
  id: string;
  created: number;
  model: string;
}

export function completionId(runId: string): string {
  return `chatcmpl-${runId}`;
}

/** OpenAI's usage object from the turn's, when the model reported it. */
export function openAiUsage(usage: TokenUsage | undefined) {
  if (!usage) return undefined;
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
  };
}

/** "content_filter" when a pre evaluator refused the message, as OpenAI says of its filters. */
export function finishReason(result: Pick<SendMessageResult, "blocked">) {
  return result.blocked ? ("content_filter" as const) : ("stop" as const);
}

export function chatCompletion(meta: CompletionMeta, result: SendMessageResult) {
  const usage = openAiUsage(result.usage);
  return {
    id: meta.id,
    object: "chat.completion" as const,
    created: meta.created,
    model: meta.model,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant" as const,
          content: result.replies.map((r) => r.text).join(REPLY_SEPARATOR),
          refusal: null,
        },
        logprobs: null,
        finish_reason: finishReason(result),
      },
    ],
    ...(usage ? { usage } : {}),
  };
}

export type ChatCompletion = ReturnType<typeof chatCompletion>;

type Delta = { role?: "assistant"; content?: string };

/** One `chat.completion.chunk`; `usage: null` on each when the caller asked for usage. */
export function chunk(
  meta: CompletionMeta,
  delta: Delta,
  finish: "stop" | "content_filter" | null,
  withUsage: boolean,
) {
  return {
    id: meta.id,
    object: "chat.completion.chunk" as const,
    created: meta.created,
    model: meta.model,
    system_fingerprint: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(withUsage ? { usage: null } : {}),
  };
}

/** The last chunk of a stream with include_usage: no choices, the usage. */
export function usageChunk(meta: CompletionMeta, usage: ReturnType<typeof openAiUsage>) {
  return {
    id: meta.id,
    object: "chat.completion.chunk" as const,
    created: meta.created,
    model: meta.model,
    system_fingerprint: null,
    choices: [],
    usage,
  };
}
