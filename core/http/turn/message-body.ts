// What a caller sends to start a turn (POST /api/messages, POST /api/streams) and the caller's
// own ids in it. Ids from the caller are the caller's own (a user name, a session id); the
// turn maps them to this agent's UUIDs with createUniqueUuid, the same way on write and read.
import * as z from "zod/mini";
import { lazySchema } from "../../kernel/index.ts";
import { ApiError } from "../errors.ts";

export const MAX_MESSAGE_CHARS = 16_000;

export const callerId = lazySchema(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "must not be empty"),
      z.maxLength(200, "must be at most 200 characters"),
    ),
);

export const sendMessageBody = lazySchema(() =>
  z.object({
    text: z
      .string({ error: "text is required and must be a string" })
      .check(
        z.trim(),
        z.minLength(1, "must not be empty"),
        z.maxLength(MAX_MESSAGE_CHARS, `must be at most ${MAX_MESSAGE_CHARS} characters`),
      ),
    userId: z.optional(callerId()),
    roomId: z.optional(callerId()),
    userName: z.optional(callerId()),
    /**
     * The client's own id for this message (1-200 characters), for retries without an
     * Idempotency-Key: a resend with the same id is the same message (message-retry.ts).
     */
    messageId: z.optional(callerId()),
  }),
);

type SendMessageSchema = ReturnType<typeof sendMessageBody>;
export type SendMessageBody = z.input<SendMessageSchema>;
export type SendMessage = z.output<SendMessageSchema>;

/** The caller's user and room, with the REST API's defaults (a DM room per user). */
export function callerIds(body: Pick<SendMessage, "userId" | "roomId">) {
  const userId = body.userId ?? "api-user";
  return { userId, roomId: body.roomId ?? `dm:${userId}` };
}

/**
 * A turn's body built from another protocol's request (an OpenAI message, a session message),
 * checked as POST /api/messages checks its own: a bad value is a 400 naming the field.
 */
export function turnBody(input: SendMessageBody, field: (key: string) => string): SendMessage {
  const result = sendMessageBody().safeParse(input);
  if (result.success) return result.data;
  const detail = result.error.issues
    .map((i) => `${field(String(i.path[0] ?? "text"))}: ${i.message}`)
    .join("; ");
  throw new ApiError(400, "invalid_body", detail);
}
