// hono/aws-lambda's handle (it reads every event shape: API Gateway v1 and v2, ALB, VPC
// Lattice), with the body kept out of the web Request it builds: hono is given the event
// without its body, and the app gets an EventBodyRequest that answers from the event's bytes
// (event-body-request.ts says why). An event hono would refuse (a GET or HEAD with a body, a
// base64 body that does not decode) goes to hono as it came, so its answer is hono's.
import type { Hono } from "hono";
import { handle } from "hono/aws-lambda";
import { decodeBase64 } from "hono/utils/encode";
import type { AppEnv } from "../../core/index.ts";
import { eventBodyRequest } from "./event-body-request.ts";

type HttpHandle = ReturnType<typeof handle<AppEnv>>;
type LambdaEnvOf = { event?: object };

const encoder = new TextEncoder();

export function handleHttp(app: Hono<AppEnv>): HttpHandle {
  /** The bodiless copy hono sees → the event as it came and its body's bytes. */
  const bodies = new WeakMap<object, { event: object; bytes: Uint8Array<ArrayBuffer> }>();
  const fetch = (request: Request, env: LambdaEnvOf, ctx?: unknown) => {
    const held = env.event ? bodies.get(env.event) : undefined;
    if (!held) return app.fetch(request, env as never, ctx as never);
    return app.fetch(
      eventBodyRequest(request, held.bytes),
      { ...env, event: held.event } as never,
      ctx as never,
    );
  };
  const http = handle({ fetch } as unknown as Hono<AppEnv>);
  return (async (event: { body?: unknown; isBase64Encoded?: boolean }, context: unknown) => {
    const bytes = eventBytes(event);
    if (!bytes) return http(event as never, context as never);
    const bodiless = { ...event, body: null, isBase64Encoded: false };
    bodies.set(bodiless, { event, bytes });
    return http(bodiless as never, context as never);
  }) as HttpHandle;
}

/** The body's bytes, or undefined when hono should build the request itself. */
function eventBytes(event: {
  body?: unknown;
  isBase64Encoded?: boolean;
  httpMethod?: unknown;
  method?: unknown;
  requestContext?: { http?: { method?: unknown } };
}): Uint8Array<ArrayBuffer> | undefined {
  if (typeof event.body !== "string" || event.body === "") return undefined;
  const method = event.requestContext?.http?.method ?? event.httpMethod ?? event.method;
  if (typeof method !== "string" || method === "GET" || method === "HEAD") return undefined;
  try {
    return event.isBase64Encoded ? decodeBase64(event.body) : encoder.encode(event.body);
  } catch {
    return undefined;
  }
}
