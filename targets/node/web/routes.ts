// GET / on the Node target: the local web chat, one HTML file with its script and styles inline
// (chat.html), no build step. It talks to the same REST API as any other client.
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import type { AppEnv } from "../../../core/index.ts";
import { FAVICON_HEADERS, FAVICON_PATHS, FAVICON_SVG } from "./favicon.ts";

const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-cache",
  // The page only talks to its own origin; its inline script and its script files (the
  // streamed answer's reader, the Markdown renderer, the Activity panel) are its whole code.
  "content-security-policy":
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/** Where the page is served; a plugin route there is refused at startup. */
export const WEB_CHAT_PATH = "/";

/** Every path the web chat serves (the page, its scripts, its icon): none is a plugin's. */
export const webChatPaths = (): string[] => [WEB_CHAT_PATH, ...WEB_CHAT_SCRIPTS, ...FAVICON_PATHS];

/** The page's script files, served beside it. */
export const WEB_CHAT_SCRIPTS = ["/chat-stream.js", "/chat-markdown.js", "/chat-activity.js"];

const SCRIPT_HEADERS = {
  "content-type": "text/javascript; charset=utf-8",
  "cache-control": "no-cache",
  "x-content-type-options": "nosniff",
};

export function webChatRoutes(): Hono<AppEnv> {
  const page = readFileSync(new URL("./chat.html", import.meta.url), "utf8");
  const routes = new Hono<AppEnv>().get(WEB_CHAT_PATH, (c) => c.body(page, 200, PAGE_HEADERS));
  for (const path of WEB_CHAT_SCRIPTS) {
    const script = readFileSync(new URL(`.${path}`, import.meta.url), "utf8");
    routes.get(path, (c) => c.body(script, 200, SCRIPT_HEADERS));
  }
  for (const path of FAVICON_PATHS)
    routes.get(path, (c) => c.body(FAVICON_SVG, 200, FAVICON_HEADERS));
  return routes;
}
