// A local stand-in for Anthropic's Messages API: checks the headers and body rules the real
// API enforces, records every request, and can be scripted like the OpenAI fake.
import {
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptedServer,
  startScriptedServer,
} from "./openai-server.ts";

export interface FakeAnthropicOptions {
  /** When set, `x-api-key` must equal it; otherwise any non-empty key is accepted. */
  apiKey?: string;
  /** The assistant's text. Default: a fixed greeting. */
  reply?: string | ((request: RecordedRequest) => string);
}

export interface FakeAnthropicServer extends ScriptedServer {
  /** The base URL to put in ANTHROPIC_BASE_URL (the API adds /v1/messages). */
  url: string;
}

export const DEFAULT_FAKE_ANTHROPIC_REPLY = "Hello from the fake Anthropic server.";

export async function startFakeAnthropic(
  options: FakeAnthropicOptions = {},
): Promise<FakeAnthropicServer> {
  const server = await startScriptedServer((request) => answerAnthropic(request, options));
  return Object.assign(server, { url: server.origin });
}

/** Anthropic's error envelope. */
export function anthropicError(status: number, type: string, message: string): ScriptedResponse {
  return { status, body: { type: "error", error: { type, message } } };
}

/** A successful message whose content is these blocks (a string is one text block). */
export function anthropicMessage(
  content: string | Record<string, unknown>[],
  model = "claude-3-5-haiku-latest",
): ScriptedResponse {
  return {
    body: {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model,
      content: typeof content === "string" ? [{ type: "text", text: content }] : content,
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  };
}

function answerAnthropic(
  request: RecordedRequest,
  options: FakeAnthropicOptions,
): ScriptedResponse {
  const key = request.headers["x-api-key"];
  if (!key) return anthropicError(401, "authentication_error", "x-api-key header is required");
  if (options.apiKey !== undefined && key !== options.apiKey) {
    return anthropicError(401, "authentication_error", "invalid x-api-key");
  }
  if (!request.headers["anthropic-version"]) {
    return anthropicError(400, "invalid_request_error", "anthropic-version: header is required");
  }
  const route = `${request.method} ${request.path.split("?")[0]}`;
  if (route !== "POST /v1/messages") {
    return anthropicError(404, "not_found_error", "Not Found");
  }
  const body = request.body as Record<string, unknown> | undefined;
  if (!body) return anthropicError(400, "invalid_request_error", "Invalid JSON body");
  if (typeof body.model !== "string") {
    return anthropicError(400, "invalid_request_error", "model: Field required");
  }
  if (typeof body.max_tokens !== "number") {
    return anthropicError(400, "invalid_request_error", "max_tokens: Field required");
  }
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    return anthropicError(400, "invalid_request_error", "messages: Field required");
  }
  if (messages.some((m) => (m as { role?: unknown }).role === "system")) {
    return anthropicError(
      400,
      "invalid_request_error",
      'messages: Unexpected role "system". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.',
    );
  }
  if (
    body.temperature !== undefined &&
    (typeof body.temperature !== "number" || body.temperature < 0 || body.temperature > 1)
  ) {
    return anthropicError(400, "invalid_request_error", "temperature: range: 0..1");
  }
  const text = typeof options.reply === "function" ? options.reply(request) : options.reply;
  return anthropicMessage(text ?? DEFAULT_FAKE_ANTHROPIC_REPLY, body.model);
}
