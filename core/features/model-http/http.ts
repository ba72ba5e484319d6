// The request path every HTTP model provider shares: a JSON POST with a per-attempt timeout,
// one retry for rate limits, server errors and dropped connections, and every failure turned
// into a ModelError that says what to fix. Providers only build bodies and read results.
import { type core, safeParse } from "zod/mini";
import { type Logger, ModelError } from "../../kernel/index.ts";

/** Who is being called, as error messages and logs name it. */
export interface HttpProvider {
  /** `ModelError.provider`: the plugin name ("openai"). */
  id: string;
  /** How messages name the endpoint: "OpenAI", "OpenAI-compatible server at http://…". */
  label: string;
  /** The setting that holds the API key, named when the key is missing or rejected. */
  keySetting: string;
  /** Whether a key was sent; a 401 without one means "set it", with one "check it". */
  hasKey: boolean;
}

export interface RetryPolicy {
  /** Wait before the retry when upstream gives no Retry-After. */
  baseDelayMs: number;
  /** Longest wait honoured; a longer Retry-After is cut to this rather than obeyed. */
  maxDelayMs: number;
  /** The clock. Injectable so tests can record the waits instead of taking them. */
  sleep: (ms: number) => Promise<void>;
}

/** What a provider plugin accepts from whoever builds it (targets, tests). */
export interface HttpModelOptions {
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
}

export interface PostJsonOptions<T> extends HttpModelOptions {
  headers: Record<string, string>;
  /** Sent as JSON; a FormData is sent as multipart/form-data. */
  body: unknown;
  /**
   * The whole call's deadline, its retry and the wait before it included: a retry is made only
   * when it fits in what is left, so a call never runs past it (MODEL_TIMEOUT_MS; the targets
   * choose it under their platform's request limit). A timed-out attempt is not retried.
   */
  timeoutMs: number;
  /** The success body's shape; anything else is a ModelError, never a TypeError later. */
  response: core.$ZodType<T>;
  logger?: Logger;
  /** Told of each retry, so the run log can count them. */
  onRetry?: () => void;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
/** A retry is worth making only with at least this long left before the deadline. */
const MIN_ATTEMPT_MS = 1_000;
const DEFAULT_RETRY: RetryPolicy = {
  baseDelayMs: 1_000,
  maxDelayMs: 20_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
const ATTEMPTS = 2;
const SNIPPET_CHARS = 300;

/**
 * POSTs `body` as JSON (or, a FormData, as multipart) and returns the parsed, shape-checked
 * JSON response. Throws ModelError.
 */
export async function postJson<T>(
  provider: HttpProvider,
  url: string,
  options: PostJsonOptions<T>,
): Promise<T> {
  const ok = await post(provider, url, options, "text");
  return readBody(provider, ok.status, ok.text ?? "", options.response);
}

/**
 * postJson for a streamed answer (`stream: true`, server-sent events): the same retries and
 * errors until the answer starts; then the body, unread, for the caller to read as it comes.
 * The timeout covers the whole stream.
 */
export async function postStream(
  provider: HttpProvider,
  url: string,
  options: Omit<PostJsonOptions<unknown>, "response">,
): Promise<ReadableStream<Uint8Array>> {
  const ok = await post(provider, url, options, "stream");
  if (!ok.body) {
    throw new ModelError(provider.id, `${provider.label} answered ${ok.status} with no body`);
  }
  return ok.body;
}

/** The answer of postBytes: the body as it came and its declared type. */
export interface BytesAnswer {
  bytes: Uint8Array;
  contentType?: string;
}

/** postJson for endpoints that answer with bytes (audio): the same retries and errors. */
export async function postBytes(
  provider: HttpProvider,
  url: string,
  options: Omit<PostJsonOptions<unknown>, "response">,
): Promise<BytesAnswer> {
  const ok = await post(provider, url, options, "bytes");
  return { bytes: ok.bytes ?? new Uint8Array(), contentType: ok.contentType };
}

interface OkAnswer {
  status: number;
  text?: string;
  bytes?: Uint8Array;
  body?: ReadableStream<Uint8Array> | null;
  contentType?: string;
}

async function post(
  provider: HttpProvider,
  url: string,
  options: Omit<PostJsonOptions<unknown>, "response">,
  read: "text" | "bytes" | "stream",
): Promise<OkAnswer> {
  // A local binding: calling `options.fetch(...)` would bind `this` to options, which
  // workerd rejects as an illegal invocation.
  const send = options.fetch ?? globalThis.fetch;
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const where = describeUrl(url);
  // A FormData body (audio uploads) goes as multipart; fetch writes its content-type.
  const payload = options.body instanceof FormData ? options.body : JSON.stringify(options.body);
  const deadline = Date.now() + options.timeoutMs;
  const left = () => deadline - Date.now();
  // A wait and then an attempt must both fit before the deadline.
  const fits = (waitMs: number) => waitMs + MIN_ATTEMPT_MS <= left();

  for (let attempt = 1; ; attempt++) {
    const isLast = attempt >= ATTEMPTS;
    const signal = AbortSignal.timeout(Math.max(1, left()));
    const request = buildRequest(provider, url, options.headers, payload, signal);
    let response: Response;
    let text = "";
    let bytes: Uint8Array | undefined;
    try {
      response = await send(request);
      // A stream is handed over unread; otherwise the whole body is read here, so a
      // connection dropped mid-body counts as unreachable.
      if (read === "stream" && response.ok) {
        return {
          status: response.status,
          body: response.body,
          contentType: response.headers.get("content-type") ?? undefined,
        };
      }
      if (read === "bytes" && response.ok) bytes = new Uint8Array(await response.arrayBuffer());
      else text = await response.text();
    } catch (error) {
      if (signal.aborted) {
        throw new ModelError(
          provider.id,
          `${provider.label} timed out after ${options.timeoutMs} ms (POST ${where}); raise MODEL_TIMEOUT_MS if the model needs longer`,
          { cause: error, timedOut: true },
        );
      }
      if (!isLast && fits(retry.baseDelayMs)) {
        options.logger?.warn(`${provider.label} could not be reached; retrying`, {
          url: where,
          error: errorText(error),
        });
        await wait(retry, retry.baseDelayMs);
        options.onRetry?.();
        continue;
      }
      throw new ModelError(
        provider.id,
        `${provider.label} could not be reached at ${where} (${errorText(error)}); check the base URL and network`,
        { cause: error },
      );
    }

    if (response.ok) {
      const contentType = response.headers.get("content-type") ?? undefined;
      return { status: response.status, text, bytes, contentType };
    }

    const retryable = response.status === 429 || response.status >= 500;
    const asked = retryAfterMs(response.headers);
    const delay = Math.min(asked ?? retry.baseDelayMs, retry.maxDelayMs);
    if (retryable && !isLast && fits(delay)) {
      options.logger?.warn(`${provider.label} answered ${response.status}; retrying`, {
        url: where,
        delayMs: delay,
      });
      await wait(retry, delay);
      options.onRetry?.();
      continue;
    }
    throw statusError(provider, response.status, text, where, attempt > 1, asked);
  }
}

function buildRequest(
  provider: HttpProvider,
  url: string,
  headers: Record<string, string>,
  payload: string | FormData,
  signal: AbortSignal,
): Request {
  const type: Record<string, string> =
    typeof payload === "string" ? { "content-type": "application/json" } : {};
  try {
    return new Request(url, {
      method: "POST",
      headers: { ...type, ...headers },
      body: payload,
      signal,
    });
  } catch (error) {
    // Not a network failure, so never retried: the settings themselves are unusable.
    throw new ModelError(
      provider.id,
      `${provider.label}: cannot build a request to ${url} (${errorText(error)}); check the base URL and ${provider.keySetting} for stray characters`,
      { cause: error },
    );
  }
}

function readBody<T>(
  provider: HttpProvider,
  status: number,
  text: string,
  shape: core.$ZodType<T>,
): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ModelError(
      provider.id,
      `${provider.label} answered ${status} with a body that is not JSON: ${snippet(text)}`,
      { status, cause: error },
    );
  }
  const result = safeParse(shape, data);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
  throw new ModelError(
    provider.id,
    `${provider.label} returned an unexpected response: ${issues}`,
    {
      status,
      cause: result.error,
    },
  );
}

function statusError(
  provider: HttpProvider,
  status: number,
  text: string,
  where: string,
  retried: boolean,
  retryAfterMs?: number,
): ModelError {
  const detail = upstreamMessage(text);
  const said = detail ? `. Upstream said: ${detail}` : "";
  let message: string;
  if (status === 401 || status === 403) {
    message = provider.hasKey
      ? `${provider.label} rejected the API key (${status}): check ${provider.keySetting}${said}`
      : `${provider.label} requires an API key (${status}): set ${provider.keySetting}${said}`;
  } else if (status === 429) {
    message = `${provider.label} is rate-limiting requests (429)${retried ? ", still after one retry" : ""}${said}`;
  } else if (status >= 500) {
    message = `${provider.label} failed with ${status}${retried ? " after one retry" : ""} (POST ${where})${said}`;
  } else {
    message = `${provider.label} answered ${status} to POST ${where}: ${detail || "(empty body)"}`;
  }
  return new ModelError(provider.id, message, { status, retryAfterMs });
}

/**
 * The human part of an error body. OpenAI and Anthropic both use `{error: {message}}`;
 * compatible servers use `{error: "..."}` (Ollama) or `{detail}` (FastAPI-based ones).
 */
function upstreamMessage(text: string): string {
  if (!text.trim()) return "";
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return snippet(text);
  }
  if (data && typeof data === "object") {
    const body = data as Record<string, unknown>;
    const error = body.error;
    if (typeof error === "string") return snippet(error);
    if (error && typeof error === "object") {
      const nested = (error as Record<string, unknown>).message;
      if (typeof nested === "string") return snippet(nested);
    }
    for (const key of ["message", "detail"]) {
      if (typeof body[key] === "string") return snippet(body[key] as string);
    }
  }
  return snippet(text);
}

/**
 * Milliseconds the server asked us to wait. `retry-after-ms` is OpenAI's finer-grained
 * variant; `Retry-After` is delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 */
function retryAfterMs(headers: Headers): number | undefined {
  const ms = headers.get("retry-after-ms")?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.ceil(Number(ms));
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  // Every HTTP-date form names a month; without this, Date.parse reads "-5" as a year.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

async function wait(retry: RetryPolicy, ms: number): Promise<void> {
  await retry.sleep(Math.max(0, ms));
}

/** The URL without query or credentials, safe to put in messages and logs. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (!flat) return "(empty body)";
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS)}…` : flat;
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici reports "fetch failed" and keeps the useful part (ECONNREFUSED ...) in `cause`.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
