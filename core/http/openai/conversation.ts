// Which room and user an OpenAI-style request speaks in. OpenAI's API is stateless: each request
// carries the whole conversation. The agent keeps its own history per room, so the request's
// earlier messages are not replayed into it; what is needed is the same room for every turn of
// one conversation. Every client resends the conversation's first user message unchanged, so
// the room is derived from it (with the `user` field): deterministic, no client changes, and
// two users' conversations never share a room. A client that can set a header names the room
// itself with X-Conversation-Id (two chats that open with the same words then stay apart).
import { stringToUuid } from "../../kernel/index.ts";
import { ApiError } from "../errors.ts";
import { type ChatCompletionRequest, messageText } from "./request.ts";

export const CONVERSATION_HEADER = "x-conversation-id";
const DEFAULT_USER = "openai-user";
/** The room id is `openai:<id>`, and a room id is at most 200 characters. */
const MAX_CONVERSATION_ID = 190;

export interface Conversation {
  /** The turn's message: the last user message's text. */
  text: string;
  userId: string;
  roomId: string;
}

export function conversationOf(
  request: ChatCompletionRequest,
  conversationHeader: string | undefined,
): Conversation {
  const users = request.messages.filter((m) => m.role === "user");
  const last = users.at(-1);
  if (!last) {
    throw new ApiError(400, "invalid_body", "messages: needs at least one message with role user");
  }
  const text = messageText(last).trim();
  if (!text) throw new ApiError(400, "invalid_body", "messages: the last user message is empty");
  const userId = request.user ?? DEFAULT_USER;
  const header = conversationHeader?.trim();
  if (header !== undefined && (header.length < 1 || header.length > MAX_CONVERSATION_ID)) {
    throw new ApiError(
      400,
      "invalid_header",
      `X-Conversation-Id must be 1-${MAX_CONVERSATION_ID} characters`,
    );
  }
  const first = messageText(users[0] ?? last);
  const roomId = header ? `openai:${header}` : `openai:${stringToUuid(`${userId}\n${first}`)}`;
  return { text, userId, roomId };
}
