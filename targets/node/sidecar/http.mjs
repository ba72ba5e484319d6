// The HTTP surface: OpenAI's embeddings endpoint and a health check. Bad input gets a 4xx in
// OpenAI's error shape (`{error: {message, type, param, code}}`) so OpenAI clients report it
// as they would OpenAI's own; a full queue or a shutdown gets 503 with Retry-After.

/**
 * @typedef {import("node:http").IncomingMessage} Request
 * @typedef {import("node:http").ServerResponse} Response
 * @typedef {import("./model.mjs").Embedder} Embedder
 * @typedef {import("./model.mjs").EmbeddingContext} EmbeddingContext
 * @typedef {{ status: number, message: string, type?: string, param?: string | null, code?: string | null, headers?: Record<string, string> }} Failure
 */

const EMBEDDING_PATHS = new Set(["/embeddings", "/v1/embeddings"]);
const RETRY_AFTER_SECONDS = "1";
const DISCARD_LIMIT = 64 * 1024 * 1024;

/**
 * @param {object} deps
 * @param {import("./config.mjs").SidecarConfig} deps.config
 * @param {Embedder} deps.embedder
 * @param {import("./queue.mjs").WorkQueue<EmbeddingContext>} deps.queue
 */
export function createHandler({ config, embedder, queue }) {
  let draining = false;
  let open = 0;
  let counter = 0;
  /** @type {(() => void)[]} */
  const drained = [];

  /** @type {(req: Request, res: Response) => Promise<void>} */
  const handle = async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/health") {
      if (req.method !== "GET" && req.method !== "HEAD") return fail(res, methodNotAllowed("GET"));
      return sendJson(res, draining ? 503 : 200, health());
    }
    if (!path || !EMBEDDING_PATHS.has(path)) {
      return fail(res, {
        status: 404,
        message: `no route ${req.method} ${path}`,
        type: "invalid_request_error",
        code: "not_found",
      });
    }
    if (req.method !== "POST") return fail(res, methodNotAllowed("POST"));
    if (draining) {
      return fail(res, {
        status: 503,
        message: "the embedding sidecar is shutting down",
        type: "server_error",
        code: "shutting_down",
        headers: { "retry-after": RETRY_AFTER_SECONDS },
      });
    }

    const body = await readJson(req, config.maxBodyBytes);
    if ("status" in body) return fail(res, body);
    const parsed = parseEmbeddingRequest(body.value, config, embedder);
    if ("status" in parsed) return fail(res, parsed);

    const id = ++counter;
    const gone = () => res.destroyed || res.writableEnded;
    const work = queue.tryRun(async (context) => {
      // The client gave up while waiting: its place in line is not worth a model call.
      if (gone()) return undefined;
      if (config.verbose) log(`request ${id}: embedding ${parsed.texts.length} inputs`);
      return embedder.embed(context, parsed.texts);
    });
    if (!work) {
      return fail(res, {
        status: 503,
        message: `the embedding queue is full (${queue.maxWaiting} requests waiting); retry shortly`,
        type: "server_error",
        code: "queue_full",
        headers: { "retry-after": RETRY_AFTER_SECONDS },
      });
    }
    let vectors;
    try {
      vectors = await work;
    } catch (error) {
      log(`request ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
      return fail(res, {
        status: 500,
        message: "the model failed to embed the input",
        type: "server_error",
      });
    }
    if (!vectors || gone()) return;
    if (config.verbose) log(`request ${id}: done`);
    sendJson(res, 200, {
      object: "list",
      data: vectors.map((vector, index) => ({
        object: "embedding",
        index,
        embedding: parsed.base64 ? toBase64(vector) : vector,
      })),
      model: config.modelName,
      usage: { prompt_tokens: parsed.tokens, total_tokens: parsed.tokens },
    });
  };

  function health() {
    return {
      status: draining ? "shutting_down" : "ok",
      model: config.modelName,
      modelPath: config.modelPath,
      dimension: embedder.dimension,
      contextSize: embedder.contextSize,
      maxTokens: embedder.maxTokens,
      threads: config.threads,
      parallel: config.parallel,
      maxInputs: config.maxInputs,
      queue: { running: queue.running, waiting: queue.waiting, maxWaiting: queue.maxWaiting },
    };
  }

  /** @param {Request} req @param {Response} res */
  const listener = (req, res) => {
    open++;
    res.once("close", () => {
      open--;
      if (open === 0) for (const wake of drained.splice(0)) wake();
    });
    // Once shutdown starts, no connection is kept for another request.
    if (draining) res.setHeader("connection", "close");
    handle(req, res).catch((error) => {
      log(`unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent)
        fail(res, { status: 500, message: "internal error", type: "server_error" });
      else res.destroy();
    });
  };

  return {
    listener,
    /** Refuses new work; resolves when every request already received has been answered. */
    drain() {
      draining = true;
      if (open === 0) return Promise.resolve();
      return new Promise((resolve) => {
        drained.push(() => resolve(undefined));
      });
    },
  };
}

/**
 * @param {unknown} body
 * @param {import("./config.mjs").SidecarConfig} config
 * @param {Embedder} embedder
 * @returns {{ texts: string[], tokens: number, base64: boolean } | Failure}
 */
export function parseEmbeddingRequest(body, config, embedder) {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return invalid("the request body must be a JSON object", null);
  }
  const request = /** @type {Record<string, unknown>} */ (body);
  const { input } = request;
  if (input === undefined) return invalid("you must provide an input parameter", "input");
  /** @type {unknown[]} */
  const items = Array.isArray(input) ? input : [input];
  if (typeof input !== "string" && !Array.isArray(input)) {
    return invalid("input must be a string or an array of strings", "input");
  }
  if (items.length === 0) return invalid("input must not be an empty array", "input");
  if (items.length > config.maxInputs) {
    return invalid(
      `input has ${items.length} items; at most ${config.maxInputs} are allowed per request`,
      "input",
    );
  }
  if (request.model !== undefined && typeof request.model !== "string") {
    return invalid("model must be a string", "model");
  }
  const format = request.encoding_format ?? "float";
  if (format !== "float" && format !== "base64") {
    return invalid('encoding_format must be "float" or "base64"', "encoding_format");
  }
  if (request.dimensions !== undefined && request.dimensions !== embedder.dimension) {
    return invalid(
      `this model only produces ${embedder.dimension}-dimensional embeddings; dimensions=${JSON.stringify(request.dimensions)} is not supported`,
      "dimensions",
    );
  }

  /** @type {string[]} */
  const texts = [];
  let tokens = 0;
  for (const [i, item] of items.entries()) {
    const where = Array.isArray(input) ? `input[${i}]` : "input";
    // Token-id arrays are valid for OpenAI, but this server takes text only.
    if (typeof item !== "string") return invalid(`${where} must be a string`, "input");
    if (item.trim() === "")
      return invalid(`${where} must not be empty or only whitespace`, "input");
    const count = embedder.countTokens(item);
    if (count > embedder.maxTokens) {
      return {
        ...invalid(
          `${where} is ${count} tokens; this model's limit is ${embedder.maxTokens} tokens. Shorten or split the text.`,
          "input",
        ),
        code: "context_length_exceeded",
      };
    }
    texts.push(item);
    tokens += count;
  }
  return { texts, tokens, base64: format === "base64" };
}

/**
 * @param {Request} req
 * @param {number} limit
 * @returns {Promise<{ value: unknown } | Failure>}
 */
async function readJson(req, limit) {
  const tooLarge = {
    status: 413,
    message: `the request body is larger than ${limit} bytes (LOCAL_EMBEDDING_MAX_BODY_BYTES)`,
    type: "invalid_request_error",
    code: "request_too_large",
    headers: { connection: "close" },
  };
  const declared = Number(req.headers["content-length"]);
  if (declared > limit) {
    await discard(req, 0);
    return tooLarge;
  }
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) {
      await discard(req, size);
      return tooLarge;
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return { value: JSON.parse(text) };
  } catch {
    return invalid("could not parse the JSON body of the request", null);
  }
}

/**
 * Reads and drops the rest of a refused body, so the client finishes sending and then reads
 * the 413; closing on a client mid-upload makes it fail with EPIPE instead. A body past
 * DISCARD_LIMIT is not worth reading: the connection is cut.
 * @param {Request} req
 * @param {number} seen
 */
async function discard(req, seen) {
  let size = seen;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > DISCARD_LIMIT) {
      req.destroy();
      return;
    }
  }
}

/**
 * @param {string} message
 * @param {string | null} param
 * @returns {Failure}
 */
function invalid(message, param) {
  return { status: 400, message, type: "invalid_request_error", param, code: null };
}

/** @param {string} allow @returns {Failure} */
function methodNotAllowed(allow) {
  return {
    status: 405,
    message: `use ${allow}`,
    type: "invalid_request_error",
    code: "method_not_allowed",
    headers: { allow },
  };
}

/** @param {Response} res @param {Failure} failure */
function fail(res, failure) {
  for (const [name, value] of Object.entries(failure.headers ?? {})) res.setHeader(name, value);
  sendJson(res, failure.status, {
    error: {
      message: failure.message,
      type: failure.type ?? "invalid_request_error",
      param: failure.param ?? null,
      code: failure.code ?? null,
    },
  });
}

/** @param {Response} res @param {number} status @param {unknown} body */
function sendJson(res, status, body) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Little-endian float32 bytes, as OpenAI's `encoding_format: "base64"` sends them. */
function toBase64(/** @type {number[]} */ vector) {
  return Buffer.from(new Float32Array(vector).buffer).toString("base64");
}

/** @param {string} line */
function log(line) {
  process.stderr.write(`embedding sidecar: ${line}\n`);
}
