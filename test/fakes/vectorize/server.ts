// The Vectorize stand-in as a local HTTP service speaking what workerd's own Vectorize binding
// sends (workerd src/cloudflare/internal/vectorize-api.ts, V2 with NDJSON): GET /info,
// POST /query, /insert, /upsert (NDJSON), /getByIds, /deleteByIds; errors as `{code, error}`
// with a non-200 status. A Worker reaches it through the real binding: Miniflare's
// `vectorize` option with `remoteProxyConnectionString` set to this server, whose proxy
// forwards each binding request here with the original URL in `MF-URL` and its headers as
// `MF-Header-*` (see miniflare-vectorize.ts).
import {
  type RecordedRequest,
  type ScriptedResponse,
  startScriptedServer,
} from "../openai-server.ts";
import { VectorizeIndex, type VectorizeIndexOptions } from "./engine.ts";
import { LIMITS, VectorizeError } from "./limits.ts";

/** What a binding call asked for, without the vectors themselves. */
export type VectorizeCall =
  | { op: "describe" }
  | {
      op: "query";
      topK?: number;
      filter?: unknown;
      returnValues?: boolean;
      returnMetadata?: string;
    }
  | { op: "insert" | "upsert"; ids: string[] }
  | { op: "getByIds" | "deleteByIds"; ids: string[] };

export interface VectorizeStandIn {
  /** Base URL, for Miniflare's remoteProxyConnectionString. */
  url: string;
  index: VectorizeIndex;
  /** Every binding call the index answered, in order (refused ones included; scripted not). */
  readonly calls: VectorizeCall[];
  /** Answers the next requests with these instead (an outage, a slow index). */
  enqueue(...responses: ScriptedResponse[]): void;
  close(): Promise<void>;
}

export async function startVectorizeStandIn(
  options: VectorizeIndexOptions,
): Promise<VectorizeStandIn> {
  const index = new VectorizeIndex(options);
  const calls: VectorizeCall[] = [];
  const scripted: ScriptedResponse[] = [];
  const server = await startScriptedServer((request) => {
    // Miniflare's proxy client also opens an RPC WebSocket here when it starts; that is not
    // a binding call, so it neither counts nor takes a scripted answer.
    if (request.headers.upgrade) return { status: 404 };
    return scripted.shift() ?? answer(index, calls, request);
  });
  return {
    url: `${server.origin}/`,
    index,
    calls,
    enqueue: (...responses) => {
      scripted.push(...responses);
    },
    close: server.close,
  };
}

function answer(
  index: VectorizeIndex,
  calls: VectorizeCall[],
  request: RecordedRequest,
): ScriptedResponse {
  const url = new URL(request.headers["mf-url"] ?? `http://vector-search${request.path}`);
  const header = (name: string) => request.headers[`mf-header-${name}`] ?? request.headers[name];
  try {
    if (request.rawBody.length > LIMITS.maxUploadBytes) {
      throw new VectorizeError(413, 41301, `request is over ${LIMITS.maxUploadBytes} bytes`);
    }
    const op = url.pathname.replace(/^\//, "");
    if (op === "info" && request.method === "GET") {
      calls.push({ op: "describe" });
      return { body: index.describe() };
    }
    if (request.method !== "POST") throw new VectorizeError(404, 40400, `no route ${url.pathname}`);
    if (op === "insert" || op === "upsert") {
      const vectors = parseVectors(request.rawBody, header("content-type"));
      calls.push({ op, ids: vectors.map((v) => String((v as { id?: unknown }).id)) });
      return { body: index[op](vectors) };
    }
    const body = parseJson(request.rawBody) as Record<string, unknown>;
    if (op === "query") {
      const { vector, vectorId, ...options } = body;
      const { topK, filter, returnValues, returnMetadata } = options as Record<string, never>;
      calls.push({ op, topK, filter, returnValues, returnMetadata });
      return {
        body:
          vectorId === undefined
            ? index.query(vector, options)
            : index.queryById(vectorId, options),
      };
    }
    if (op === "getByIds" || op === "deleteByIds") {
      const ids = Array.isArray(body.ids) ? body.ids.map(String) : [];
      calls.push({ op, ids });
      return { body: index[op](body.ids) };
    }
    throw new VectorizeError(404, 40400, `no route ${url.pathname}`);
  } catch (error) {
    if (error instanceof VectorizeError) {
      return { status: error.status, body: { code: error.code, error: error.message } };
    }
    return { status: 500, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new VectorizeError(400, 40000, "body is not JSON");
  }
}

/** NDJSON (one vector a line, what the V2 binding sends) or `{vectors: [...]}`. */
function parseVectors(raw: string, contentType = ""): unknown[] {
  if (contentType.includes("ndjson")) {
    return raw
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map(parseJson);
  }
  const body = parseJson(raw) as { vectors?: unknown };
  if (!Array.isArray(body.vectors))
    throw new VectorizeError(400, 40000, "expected {vectors: [...]}");
  return body.vectors;
}
