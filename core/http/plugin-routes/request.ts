// The express-shaped request an elizaOS route handler reads (elizaOS serves plugin routes with
// express and its json/urlencoded body parsers), built from the hono context. The body is read
// under the app's size limit (hono's bodyLimit answers 413 before this runs); a body that does
// not parse as its Content-Type says is a 400, never a handler seeing half a value.
import type { Context } from "hono";
import { wellFormedDeep } from "../../kernel/index.ts";
import type { RouteRequest } from "../../runtime/index.ts";
import { ApiError } from "../errors.ts";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;
const TEXT_TYPE = /^text\//i;

/** RouteRequest plus the express members handlers commonly call. */
export interface ExpressRequest extends RouteRequest {
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  method: string;
  path: string;
  url: string;
  originalUrl: string;
  /**
   * The agent, as elizaOS's server middleware puts it on the request (`req.runtime`,
   * `req.agentId`); plugin-github 1.2.9's routes read it there rather than from the third
   * handler argument. Set when the route is served.
   */
  runtime?: unknown;
  agentId?: string;
  /** A header by name, any case (express's req.get / req.header). */
  get(name: string): string | undefined;
  header(name: string): string | undefined;
}

export async function toExpressRequest(c: Context): Promise<ExpressRequest> {
  const url = new URL(c.req.url);
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, key) => {
    headers[key] = value;
  });
  const query: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  const get = (name: string) => headers[name.toLowerCase()];
  return {
    body: await readBody(c, headers["content-type"] ?? ""),
    params: { ...c.req.param() },
    query,
    headers,
    method: c.req.method,
    path: c.req.path,
    url: `${url.pathname}${url.search}`,
    originalUrl: `${url.pathname}${url.search}`,
    get,
    header: get,
  };
}

/**
 * Like express with express.json() and express.urlencoded(): JSON and form bodies become
 * objects, and a request without a body gets `{}` (handlers read `req.body.x` unguarded).
 * Text stays a string; multipart becomes its fields (files as File); anything else is bytes.
 */
async function readBody(c: Context, type: string): Promise<unknown> {
  if (c.req.method === "GET" || c.req.method === "HEAD") return {};
  if (MULTIPART_TYPE.test(type)) {
    try {
      return await c.req.parseBody({ all: true });
    } catch {
      throw new ApiError(400, "invalid_body", "Request body is not valid multipart/form-data");
    }
  }
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length === 0) return {};
  if (JSON_TYPE.test(type)) {
    try {
      return wellFormedDeep(JSON.parse(new TextDecoder().decode(bytes)));
    } catch {
      throw new ApiError(400, "invalid_json", "Request body is not valid JSON");
    }
  }
  if (FORM_TYPE.test(type)) {
    const form: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(new TextDecoder().decode(bytes))) {
      const seen = form[key];
      form[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    return wellFormedDeep(form);
  }
  if (TEXT_TYPE.test(type)) return new TextDecoder().decode(bytes);
  return bytes;
}
