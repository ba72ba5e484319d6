// A local stand-in for the OpenAI API (chat completions and embeddings) that records every
// request and can be scripted to fail, stall or drop the connection. Also holds the scripted
// server machinery the other fakes (anthropic-server.ts) build on.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fakeTokens, PrefixCache } from "./prompt-cache.ts";

export interface RecordedRequest {
  method: string;
  /** Path with query, as sent: "/v1/chat/completions". */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when empty or not JSON (see rawBody). */
  body: unknown;
  rawBody: string;
}

export interface ScriptedResponse {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as it is (for malformed bodies); anything else as JSON. */
  body?: unknown;
  /** Wait this long before sending anything, headers included. */
  delayMs?: number;
  /** Send nothing until this settles: a test holds the answer until it has seen what it waits for. */
  heldUntil?: Promise<unknown>;
  /** With heldUntil: the answer, decided when it settles (a long poll's updates). */
  answer?: () => ScriptedResponse;
  /** Drop the connection without answering, as a crashing proxy would. */
  dropConnection?: boolean;
  /**
   * A streamed answer (server-sent events): each part written on its own, in order. `body` is
   * ignored. `holdPart(i)` may return a promise that holds part i back until it settles, so a
   * test can see the first words arrive before the rest are sent.
   */
  stream?: string[];
  holdPart?: (index: number) => Promise<unknown> | undefined;
  /** With `stream`: drop the connection after this many parts. */
  dropAfterParts?: number;
}

export interface ScriptedServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  origin: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Answers the next requests with these, in order; after them the protocol default applies. */
  enqueue(...responses: ScriptedResponse[]): void;
  close(): Promise<void>;
}

/** Starts a server on a free port; `route` answers whatever the script does not. */
export async function startScriptedServer(
  route: (request: RecordedRequest) => ScriptedResponse,
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedResponse[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const server = createServer(async (req, res) => {
    let recorded: RecordedRequest;
    try {
      recorded = await record(req);
    } catch {
      return; // the client went away mid-body
    }
    requests.push(recorded);
    const scripted = queue.shift() ?? route(recorded);
    if (scripted.heldUntil) {
      void scripted.heldUntil.finally(() => send(req, res, scripted.answer?.() ?? scripted));
    } else if (scripted.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(req, res, scripted);
      }, scripted.delayMs);
      timers.add(timer);
    } else {
      send(req, res, scripted);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...responses) => {
      queue.push(...responses);
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function record(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString("utf8");
  let body: unknown;
  try {
    body = rawBody ? JSON.parse(rawBody) : undefined;
  } catch {
    body = undefined;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return { method: req.method ?? "", path: req.url ?? "", headers, body, rawBody };
}

function send(req: IncomingMessage, res: ServerResponse, scripted: ScriptedResponse): void {
  // The client may have given up (a timeout test); writing to a closed socket is not an error.
  res.on("error", () => {});
  if (scripted.dropConnection || req.socket.destroyed) {
    req.socket.destroy();
    return;
  }
  if (scripted.stream) {
    void sendStream(req, res, scripted, scripted.stream);
    return;
  }
  const isText = typeof scripted.body === "string";
  const isBytes = scripted.body instanceof Uint8Array;
  const payload =
    scripted.body === undefined
      ? ""
      : isText || isBytes
        ? (scripted.body as string | Uint8Array)
        : JSON.stringify(scripted.body);
  res.writeHead(scripted.status ?? 200, {
    "content-type": isBytes
      ? "application/octet-stream"
      : isText
        ? "text/plain; charset=utf-8"
        : "application/json",
    ...scripted.headers,
  });
  res.end(payload);
}

async function sendStream(
  req: IncomingMessage,
  res: ServerResponse,
  scripted: ScriptedResponse,
  parts: string[],
): Promise<void> {
  res.writeHead(scripted.status ?? 200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    ...scripted.headers,
  });
  res.flushHeaders();
  for (const [index, part] of parts.entries()) {
    if (scripted.dropAfterParts !== undefined && index >= scripted.dropAfterParts) {
      req.socket.destroy();
      return;
    }
    await scripted.holdPart?.(index);
    if (req.socket.destroyed) return;
    res.write(part);
    // A turn of the event loop between parts, so each leaves as its own write.
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end();
}

/** Text cut the way a model streams it: a word (with its trailing space) at a time. */
export function streamPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [""];
}

/** One server-sent event: `event:` (when named) and its JSON `data:`, then a blank line. */
export function sseEvent(data: unknown, event?: string): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ""}data: ${payload}\n\n`;
}

// --- the OpenAI protocol ---

export interface FakeOpenAIOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get OpenAI's 401. */
  apiKey?: string;
  /** The assistant's text for chat completions. Default: a fixed greeting. */
  reply?: string | ((request: RecordedRequest) => string);
  /** Vector width when the request names no `dimensions`. Default 1536, text-embedding-3-small's. */
  embeddingDimension?: number;
  /**
   * The models the server has, as Ollama does: a request naming another gets Ollama's 404
   * `model "x" not found`. Default: any model name is served.
   */
  models?: string[];
  /** Holds streamed part i until the promise settles (see ScriptedResponse.holdPart). */
  holdPart?: (index: number) => Promise<unknown> | undefined;
}

export interface FakeOpenAIServer extends ScriptedServer {
  /** The base URL to put in OPENAI_BASE_URL: origin + "/v1". */
  url: string;
}

export const DEFAULT_FAKE_REPLY = "Hello from the fake OpenAI server.";

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAIServer> {
  const cache = new PrefixCache();
  const server = await startScriptedServer((request) => answerOpenAI(request, options, cache));
  return Object.assign(server, { url: `${server.origin}/v1` });
}

/** OpenAI's error envelope. */
export function openAIError(
  status: number,
  message: string,
  type = "invalid_request_error",
  code: string | null = null,
): ScriptedResponse {
  return { status, body: { error: { message, type, param: null, code } } };
}

/** A successful chat completion saying `text`. */
export function chatCompletion(
  text: string | null,
  model = "gpt-4o-mini",
  usage: Record<string, unknown> = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
): ScriptedResponse {
  return {
    body: {
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: 1_700_000_000,
      model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: text, refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage,
    },
  };
}

/**
 * A chat completion streamed as OpenAI streams it: a role chunk, one chunk per word, a chunk
 * with finish_reason, the usage chunk (with stream_options.include_usage) and `[DONE]`.
 */
export function chatCompletionStream(
  text: string,
  model = "gpt-4o-mini",
  usage?: Record<string, unknown>,
): ScriptedResponse {
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    sseEvent({
      id: "chatcmpl-fake",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model,
      choices,
      ...extra,
    });
  const parts = [
    chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]),
    ...streamPieces(text).map((piece) =>
      chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]),
    ),
    chunk([{ index: 0, delta: {}, finish_reason: "stop" }]),
    ...(usage ? [chunk([], { usage })] : []),
    sseEvent("[DONE]"),
  ];
  return { stream: parts };
}

/** A successful embeddings response with these vectors, indexed in order. */
export function embeddingList(
  vectors: number[][],
  model = "text-embedding-3-small",
): ScriptedResponse {
  return {
    body: {
      object: "list",
      data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
      model,
      usage: { prompt_tokens: 1, total_tokens: 1 },
    },
  };
}

/**
 * A deterministic unit vector: words hashed into signed buckets, so texts sharing words
 * are closer by cosine similarity than unrelated ones, as real embeddings are.
 */
export function fakeEmbedding(text: string, dimension: number): number[] {
  const vector = new Array<number>(dimension).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 0x811c9dc5;
    for (const char of word) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
    vector[hash % dimension]! += hash & 0x80000000 ? -1 : 1;
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((value) => value / norm);
}

/**
 * The prompt as the cache sees it: every message's role and text in order. OpenAI caches
 * prompt prefixes automatically; this fake serves any earlier prompt's shared beginning.
 */
function promptText(messages: { role?: unknown; content?: unknown }[]): string {
  return messages
    .map(
      (m) =>
        `${String(m.role)}:${typeof m.content === "string" ? m.content : JSON.stringify(m.content)}`,
    )
    .join("\n");
}

function answerOpenAI(
  request: RecordedRequest,
  options: FakeOpenAIOptions,
  cache: PrefixCache,
): ScriptedResponse {
  if (options.apiKey !== undefined) {
    const auth = request.headers.authorization;
    if (!auth) {
      return openAIError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      );
    }
    if (auth !== `Bearer ${options.apiKey}`) {
      const shown = auth.replace(/^Bearer\s+/, "").slice(0, 6);
      return openAIError(
        401,
        `Incorrect API key provided: ${shown}***. You can find your API key at https://platform.openai.com/account/api-keys.`,
        "invalid_request_error",
        "invalid_api_key",
      );
    }
  }
  const route = `${request.method} ${request.path.split("?")[0]}`;
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (route === "POST /v1/audio/transcriptions") return answerTranscription(request);
  if (request.method === "POST" && request.body === undefined) {
    return openAIError(400, "We could not parse the JSON body of your request.");
  }
  if (options.models && typeof body.model === "string" && !options.models.includes(body.model)) {
    return openAIError(404, `model "${body.model}" not found, try pulling it first`, "api_error");
  }
  if (route === "POST /v1/chat/completions") {
    if (typeof body.model !== "string") {
      return openAIError(400, "you must provide a model parameter");
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return openAIError(400, "[] is too short - 'messages'");
    }
    const format = body.response_format as { type?: string } | undefined;
    if (format?.type === "json_object" && !/json/i.test(JSON.stringify(body.messages))) {
      return openAIError(
        400,
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
      );
    }
    const text =
      (typeof options.reply === "function" ? options.reply(request) : options.reply) ??
      DEFAULT_FAKE_REPLY;
    const prompt = promptText(body.messages as { role?: unknown; content?: unknown }[]);
    const promptTokens = fakeTokens(prompt);
    const completionTokens = fakeTokens(text);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: cache.cachedTokens(prompt) },
    };
    if (body.stream === true) {
      const withUsage =
        (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
      return {
        ...chatCompletionStream(text, body.model, withUsage ? usage : undefined),
        holdPart: options.holdPart,
      };
    }
    return chatCompletion(text, body.model, usage);
  }
  if (route === "POST /v1/embeddings") {
    const inputs = typeof body.input === "string" ? [body.input] : body.input;
    if (
      typeof body.model !== "string" ||
      !Array.isArray(inputs) ||
      inputs.length === 0 ||
      inputs.some((input) => typeof input !== "string" || input === "")
    ) {
      return openAIError(400, "'$.input' is invalid. Please check the API reference.");
    }
    const dimension =
      typeof body.dimensions === "number" ? body.dimensions : (options.embeddingDimension ?? 1536);
    return embeddingList(
      inputs.map((input) => fakeEmbedding(input as string, dimension)),
      body.model,
    );
  }
  if (route === "POST /v1/audio/speech") return answerSpeech(body);
  if (route === "POST /v1/images/generations") {
    if (typeof body.prompt !== "string" || body.prompt === "") {
      return openAIError(400, "Missing required parameter: 'prompt'.");
    }
    const n = typeof body.n === "number" ? body.n : 1;
    // gpt-image-1 answers base64 only; DALL·E answers URLs.
    const base64 = body.model === "gpt-image-1";
    const data = Array.from({ length: n }, (_, i) =>
      base64 ? { b64_json: btoa(`image ${i}`) } : { url: `https://images.example/${i}.png` },
    );
    return { body: { created: 1_700_000_000, data } };
  }
  return openAIError(404, `Invalid URL (${route})`);
}

/**
 * Whisper's endpoint, read just enough: a multipart body with a model and a named file part.
 * Answers with the file's size so tests can tell the audio arrived whole.
 */
function answerTranscription(request: RecordedRequest): ScriptedResponse {
  if (!request.headers["content-type"]?.startsWith("multipart/form-data")) {
    return openAIError(400, "Invalid Content-Type header, expected multipart/form-data.");
  }
  if (!/name="model"\r\n\r\n[^\r]+/.test(request.rawBody)) {
    return openAIError(400, "you must provide a model parameter");
  }
  const file = /name="file"; filename="([^"]+)"\r\n(?:[^\r]+\r\n)*\r\n([\s\S]*?)\r\n--/.exec(
    request.rawBody,
  );
  if (!file) return openAIError(400, "Missing required parameter: 'file'.");
  return { body: { text: `heard ${file[2]!.length} bytes of ${file[1]}` } };
}

/** Text to speech: checks the fields OpenAI requires and answers "audio" naming what it got. */
function answerSpeech(body: Record<string, unknown>): ScriptedResponse {
  if (typeof body.model !== "string") return openAIError(400, "you must provide a model parameter");
  if (typeof body.input !== "string" || body.input === "") {
    return openAIError(400, "Missing required parameter: 'input'.");
  }
  if (typeof body.voice !== "string") {
    return openAIError(400, "Missing required parameter: 'voice'.");
  }
  const format = typeof body.response_format === "string" ? body.response_format : "mp3";
  return {
    headers: { "content-type": format === "mp3" ? "audio/mpeg" : `audio/${format}` },
    body: `AUDIO ${body.model} ${body.voice} ${body.input}`,
  };
}
