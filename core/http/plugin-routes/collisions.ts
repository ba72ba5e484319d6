// Whether two route paths can match one request. Paths are hono/express patterns: literal
// segments, `:param` segments (which match any one segment) and a trailing `*` (any rest).

/** The routes eliza-edge serves itself; a plugin route that could shadow one is refused. */
export const BUILT_IN_PATHS = [
  "/health",
  "/health/ready",
  "/api/messages",
  "/api/rooms/*",
  "/api/cron",
] as const;

/**
 * The path as hono reads it: a leading slash, no trailing one, and express's `:id(\\d+)`
 * parameter pattern written hono's way, `:id{\\d+}`.
 */
export function normalizeRoutePath(path: string): string {
  const hono = path.replace(/:(\w+)\(([^()]+)\)/g, ":$1{$2}");
  const withSlash = hono.startsWith("/") ? hono : `/${hono}`;
  return withSlash.length > 1 && withSlash.endsWith("/") ? withSlash.slice(0, -1) : withSlash;
}

function segments(path: string): string[] {
  return normalizeRoutePath(path).split("/").filter(Boolean);
}

const isParam = (segment: string) => segment.startsWith(":");

/** True when some request path matches both patterns. */
export function pathsOverlap(a: string, b: string): boolean {
  const left = segments(a);
  const right = segments(b);
  for (let i = 0; ; i++) {
    const x = left[i];
    const y = right[i];
    // A wildcard swallows the rest, including nothing.
    if (x === "*" || y === "*") return true;
    if (x === undefined || y === undefined) return x === y;
    if (isParam(x) || isParam(y)) continue;
    if (x !== y) return false;
  }
}
