// An open /api (a dev server on loopback, no API_TOKEN) is reachable by any web page the user
// has open, not only by the user. Two attacks need no token there:
// - DNS rebinding: evil.example resolves to 127.0.0.1 after the page loads, and the page then
//   reads /api "same-origin", with `Host: evil.example`;
// - a cross-site write: a form or a no-cors fetch POSTs text/plain, which needs no preflight.
// So an open /api answers only requests addressed to a loopback name, and writes only from a
// loopback origin with a JSON body (a cross-site page cannot send JSON without a preflight,
// which this app never grants). Only headers are read; curl sends neither Origin nor
// Sec-Fetch-Site and passes.
import type { MiddlewareHandler } from "hono";
import { ApiError } from "./errors.ts";

/** True for localhost, a 127.0.0.0/8 IPv4 literal or ::1, with or without brackets. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (name === "localhost") return true;
  if (name === "::1" || name === "[::1]") return true;
  const octets = name.split(".");
  return (
    octets.length === 4 &&
    octets[0] === "127" &&
    octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)
  );
}

/** A Host header (`name`, `name:port`, `[v6]:port`) that names this machine's loopback. */
export function isLoopbackHostHeader(host: string): boolean {
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim());
  if (!match) return false;
  if (match[2] !== undefined && Number(match[2]) > 65535) return false;
  return isLoopbackHostname(match[1]!);
}

function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // "null" (sandboxed frames, file: pages) and garbage are not this machine's pages.
    return false;
  }
  return (
    (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHostname(url.hostname)
  );
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * Guards the routes an open dev server leaves without a token. `isOpen` says whether they are
 * open for this request (API_TOKEN unset); once a token is set it is the protection and this
 * checks nothing.
 */
export function loopbackGuard(isOpen: (c: Parameters<MiddlewareHandler>[0]) => boolean) {
  const handler: MiddlewareHandler = async (c, next) => {
    if (!isOpen(c)) return next();
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (!isLoopbackHostHeader(host)) {
      throw new ApiError(
        403,
        "forbidden_host",
        `Host ${JSON.stringify(host.slice(0, 100))} is not a loopback name; without API_TOKEN this server answers only localhost, 127.0.0.1 or [::1]`,
      );
    }
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const origin = c.req.header("origin");
    if (
      c.req.header("sec-fetch-site")?.toLowerCase() === "cross-site" ||
      (origin !== undefined && !isLoopbackOrigin(origin))
    ) {
      throw new ApiError(
        403,
        "cross_site_request",
        "Cross-site writes are refused: without API_TOKEN this server accepts writes only from its own pages, local scripts and curl",
      );
    }
    if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) {
      throw new ApiError(415, "unsupported_media_type", "Content-Type must be application/json");
    }
    return next();
  };
  return handler;
}
