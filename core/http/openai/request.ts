// What POST /v1/chat/completions takes: OpenAI's request body, checked as far as eliza-edge
// reads it. Unknown fields (temperature, max_tokens, tools, ...) are accepted and not used: the
// agent's character and its own actions decide how it answers.
import * as z from "zod/mini";
import { lazySchema } from "../../kernel/index.ts";

const textPart = z.object({ type: z.literal("text"), text: z.string() });

export const chatMessage = lazySchema(() =>
  z.object({
    role: z.enum(["system", "developer", "user", "assistant", "tool", "function"]),
    content: z.optional(z.nullable(z.union([z.string(), z.array(textPart)]))),
    name: z.optional(z.string()),
  }),
);

export const chatCompletionBody = lazySchema(() =>
  z.object({
    model: z.string({ error: "model is required" }).check(z.minLength(1, "must not be empty")),
    messages: z
      .array(chatMessage(), { error: "messages must be an array of messages" })
      .check(z.minLength(1, "must hold at least one message")),
    stream: z.optional(z.nullable(z.boolean())),
    stream_options: z.optional(
      z.nullable(z.object({ include_usage: z.optional(z.nullable(z.boolean())) })),
    ),
    /** OpenAI's end-user id: the agent's user (entity), and part of the conversation's room. */
    user: z.optional(
      z.string().check(z.minLength(1), z.maxLength(200, "must be at most 200 characters")),
    ),
    n: z.optional(z.nullable(z.literal(1, { error: "only n = 1 is supported" }))),
  }),
);

export type ChatCompletionBody = z.input<ReturnType<typeof chatCompletionBody>>;
export type ChatCompletionRequest = z.output<ReturnType<typeof chatCompletionBody>>;
export type ChatMessage = z.output<ReturnType<typeof chatMessage>>;

/** A message's text: a string, or its text parts joined. */
export function messageText(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text).join("\n");
}
