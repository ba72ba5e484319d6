// A local stand-in for Anthropic's Messages API: checks the headers and body rules the real
// API enforces, records every request, and can be scripted like the OpenAI fake. It keeps a
// prompt cache as Anthropic does (prefixes through cache_control blocks), so `usage` reports
// cache reads and writes that follow from what was sent.
import {
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptedServer,
  sseEvent,
  startScriptedServer,
  streamPieces,
} from "./openai-server.ts";
import { BreakpointCache, fakeTokens } from "./prompt-cache.ts";

export interface FakeAnthropicOptions {
  /** When set, `x-api-key` must equal it; otherwise any non-empty key is accepted. */
  apiKey?: string;
  /** The assistant's text. Default: a fixed greeting. */
  reply?: string | ((request: RecordedRequest) => string);
  /** Holds streamed part i until the promise settles (see ScriptedResponse.holdPart). */
  holdPart?: (index: number) => Promise<unknown> | undefined;
}

export interface FakeAnthropicServer extends ScriptedServer {
  /** The base URL to put in ANTHROPIC_BASE_URL (the API adds /v1/messages). */
  url: string;
}

export const DEFAULT_FAKE_ANTHROPIC_REPLY = "Hello from the fake Anthropic server.";

export async function startFakeAnthropic(
  options: FakeAnthropicOptions = {},
): Promise<FakeAnthropicServer> {
  const cache = new BreakpointCache();
  const server = await startScriptedServer((request) => answerAnthropic(request, options, cache));
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
  usage: Record<string, number> = { input_tokens: 1, output_tokens: 1 },
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
      usage,
    },
  };
}

type Block = { type?: unknown; text?: unknown; cache_control?: unknown };

/** The text blocks of `system` and every message, in the order the API reads them. */
function blocksOf(body: Record<string, unknown>): Block[] {
  const blocks: Block[] = [];
  const add = (content: unknown) => {
    if (typeof content === "string") blocks.push({ type: "text", text: content });
    else if (Array.isArray(content)) blocks.push(...(content as Block[]));
  };
  add(body.system);
  for (const m of body.messages as { content?: unknown }[]) add(m.content);
  return blocks;
}

function answerAnthropic(
  request: RecordedRequest,
  options: FakeAnthropicOptions,
  cache: BreakpointCache,
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
  const blocks = blocksOf(body);
  if (blocks.some((b) => b.type === "text" && (typeof b.text !== "string" || b.text === ""))) {
    return anthropicError(400, "invalid_request_error", "text content blocks must be non-empty");
  }
  const marked = blocks.filter((b) => b.cache_control !== undefined).length;
  if (marked > 4) {
    return anthropicError(
      400,
      "invalid_request_error",
      `A maximum of 4 blocks with cache_control may be provided. Found ${marked}.`,
    );
  }
  // The text through each breakpoint, as the cache keys it.
  let sent = "";
  const prefixes: string[] = [];
  for (const b of blocks) {
    sent += typeof b.text === "string" ? b.text : JSON.stringify(b);
    if (b.cache_control !== undefined) prefixes.push(sent);
  }
  const { read, written } = cache.account(prefixes);
  const text =
    (typeof options.reply === "function" ? options.reply(request) : options.reply) ??
    DEFAULT_FAKE_ANTHROPIC_REPLY;
  const usage = {
    input_tokens: Math.max(0, fakeTokens(sent) - read - written),
    output_tokens: fakeTokens(text),
    cache_read_input_tokens: read,
    cache_creation_input_tokens: written,
  };
  if (body.stream === true) {
    return { ...anthropicMessageStream(text, body.model, usage), holdPart: options.holdPart };
  }
  return anthropicMessage(text, body.model, usage);
}

/**
 * A message streamed as the Messages API streams it: message_start (input usage),
 * content_block_start, a ping, one text_delta per word, content_block_stop, message_delta
 * (stop reason, output tokens) and message_stop.
 */
export function anthropicMessageStream(
  text: string,
  model: string,
  usage: Record<string, number>,
): ScriptedResponse {
  const { output_tokens, ...input } = usage;
  const parts = [
    sseEvent(
      {
        type: "message_start",
        message: {
          id: "msg_fake",
          type: "message",
          role: "assistant",
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...input, output_tokens: 1 },
        },
      },
      "message_start",
    ),
    sseEvent(
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      "content_block_start",
    ),
    sseEvent({ type: "ping" }, "ping"),
    ...streamPieces(text).map((piece) =>
      sseEvent(
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } },
        "content_block_delta",
      ),
    ),
    sseEvent({ type: "content_block_stop", index: 0 }, "content_block_stop"),
    sseEvent(
      {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens },
      },
      "message_delta",
    ),
    sseEvent({ type: "message_stop" }, "message_stop"),
  ];
  return { stream: parts };
}
