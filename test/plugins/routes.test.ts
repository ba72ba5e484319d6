// Plugin routes through the real shared app (app.request): served at the plugin's own path
// behind API_TOKEN, express-shaped req/res, bad bodies refused before the handler, a throwing
// handler a bare JSON 500, and bad or colliding routes refused when the app is built.
import starterPlugin from "@elizaos/plugin-starter";
import { beforeAll, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  createAgent,
  createApp,
  type Plugin,
  parseCharacter,
} from "../../core/index.ts";
import { captureLogger } from "./capture-logger.ts";
import { LEAKY_SECRET, notesPlugin } from "./route-fixture.ts";

const TOKEN = "route-token-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };
const logger = captureLogger();
let runtime: AgentRuntime;

beforeAll(async () => {
  runtime = await createAgent({
    character: parseCharacter({ name: "Noter" }),
    storage: createMemoryStorage(),
    env: { API_TOKEN: TOKEN },
    logger,
    plugins: [notesPlugin],
  });
});

const appFor = (
  plugins: Plugin[],
  options: { maxBodyBytes?: number; pluginRouteAnswerWaitMs?: number } = {},
) =>
  createApp({
    getAgent: async () => runtime,
    env: () => ({ API_TOKEN: TOKEN }),
    plugins,
    ...options,
  });

describe("plugin routes on the shared app", () => {
  const app = () => appFor([notesPlugin, starterPlugin as unknown as Plugin]);

  it("serves @elizaos/plugin-starter's real routes at their own paths", async () => {
    const hello = await app().request("/helloworld", { headers: auth });
    expect(hello.status).toBe(200);
    expect(await hello.json()).toEqual({ message: "Hello World!" });
    const time = await app().request("/api/time", { headers: auth });
    expect(time.status).toBe(200);
    expect(await time.json()).toMatchObject({
      timestamp: expect.any(String),
      unix: expect.any(Number),
    });
  });

  it("refuses a request without a token or with a wrong one (401), public: true included", async () => {
    for (const path of ["/helloworld", "/api/notes/1", "/notes/page"]) {
      const none = await app().request(path);
      expect(none.status).toBe(401);
      expect(await none.json()).toEqual({
        error: { code: "unauthorized", message: expect.any(String) },
      });
      const wrong = await app().request(path, { headers: { authorization: "Bearer nope" } });
      expect(wrong.status).toBe(401);
    }
    const post = await app().request("/api/notes", { method: "POST", body: "{}" });
    expect(post.status).toBe(401);
  });

  it("passes params, query (repeated keys as arrays), method, path and url", async () => {
    const res = await app().request("/api/notes/n-42?tag=a&tag=b&q=x%20y", { headers: auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      params: { noteId: "n-42" },
      query: { tag: ["a", "b"], q: "x y" },
      method: "GET",
      path: "/api/notes/n-42",
      url: "/api/notes/n-42?tag=a&tag=b&q=x%20y",
    });
  });

  it("parses a JSON body, and hands the handler the runtime", async () => {
    const res = await app().request("/api/notes", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ title: "milk", tags: ["shop"] }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      received: { title: "milk", tags: ["shop"] },
      agent: "Noter",
    });
  });

  it("parses form and text bodies; an empty body is {} as with express.json()", async () => {
    const form = await app().request("/api/notes/7", {
      method: "PUT",
      headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
      body: "title=eggs&tag=a&tag=b",
    });
    expect(await form.json()).toEqual({
      id: "7",
      type: "object",
      body: { title: "eggs", tag: ["a", "b"] },
    });
    const text = await app().request("/api/notes/7", {
      method: "PUT",
      headers: { ...auth, "content-type": "text/plain" },
      body: "just text",
    });
    expect(await text.json()).toEqual({ id: "7", type: "string", body: "just text" });
    const empty = await app().request("/api/notes/7", { method: "PUT", headers: auth });
    expect(await empty.json()).toEqual({ id: "7", type: "object", body: {} });
  });

  it("parses multipart/form-data into its fields (isMultipart routes)", async () => {
    const form = new FormData();
    form.append("title", "scan");
    form.append("file", new Blob(["%PDF"], { type: "application/pdf" }), "a.pdf");
    const res = await app().request("/api/notes/9", { method: "PUT", headers: auth, body: form });
    const body = (await res.json()) as { type: string; body: Record<string, unknown> };
    expect(body.type).toBe("object");
    expect(body.body.title).toBe("scan");
    expect(Object.keys(body.body).sort()).toEqual(["file", "title"]);
  });

  it("refuses malformed JSON with 400 before the handler runs", async () => {
    const res = await app().request("/api/notes", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: '{"title": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: "invalid_json", message: "Request body is not valid JSON" },
    });
  });

  it("refuses a body over the limit with 413", async () => {
    const small = appFor([notesPlugin], { maxBodyBytes: 1024 });
    const res = await small.request("/api/notes", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ title: "x".repeat(2048) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("payload_too_large");
  });

  it("sends send()'s HTML, headers, and a bodiless 204", async () => {
    const page = await app().request("/notes/page", { headers: { ...auth, "x-user": "ann" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toBe("<h1>Notes for ann</h1>");
    const gone = await app().request("/api/notes/3", { method: "DELETE", headers: auth });
    expect(gone.status).toBe(204);
    expect(gone.headers.get("x-deleted")).toBe("yes");
  });

  it("a throwing handler is a JSON 500 without stack or secret, and one log line", async () => {
    const before = logger.at("error").length;
    const res = await app().request("/api/notes-boom", { headers: auth });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "plugin_route_error", message: "The notes plugin's route failed" },
    });
    expect(text).not.toContain(LEAKY_SECRET);
    expect(text).not.toMatch(/at .*\.ts/);
    const lines = logger.at("error").slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('plugin "notes" route GET /api/notes-boom failed');
    // The line goes through the runtime's redacting logger: a configured secret is masked.
    expect(lines[0]).toContain("database said no");
    expect(lines[0]).not.toContain(TOKEN);
    expect(text).not.toContain(TOKEN);
  });

  it("a handler that throws after answering keeps its answer", async () => {
    const res = await app().request("/api/notes-late-boom", { headers: auth });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true });
  });

  it("a handler that never answers gets 204 No Content and one warning for the route", async () => {
    const before = logger.at("warn").length;
    // It is waited for (express handlers may answer from a callback), here for 30 ms.
    const served = appFor([notesPlugin], { pluginRouteAnswerWaitMs: 30 });
    for (let i = 0; i < 3; i++) {
      const res = await served.request("/api/notes-silent", { method: "POST", headers: auth });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
    }
    expect(logger.at("warn").slice(before)).toEqual([
      expect.stringContaining("returned without answering; sent 204"),
    ]);
  });

  it("reads express's :param(regex) and a path without its leading slash", async () => {
    const numbered: Plugin = {
      name: "numbered",
      routes: [
        {
          type: "GET",
          path: "api/pages/:page(\\d+)",
          handler: async (req, res) => {
            res.json({ page: req.params?.page });
          },
        },
      ],
    };
    const served = appFor([numbered]);
    const ok = await served.request("/api/pages/12", { headers: auth });
    expect(await ok.json()).toEqual({ page: "12" });
    expect((await served.request("/api/pages/twelve", { headers: auth })).status).toBe(404);
  });

  it("leaves the built-in routes and 404s as they were", async () => {
    expect((await app().request("/health")).status).toBe(200);
    const missing = await app().request("/api/notes", { headers: auth });
    expect(missing.status).toBe(404);
  });
});

describe("plugin routes on an open loopback dev server (no API_TOKEN)", () => {
  const open = () =>
    createApp({
      getAgent: async () => runtime,
      env: () => ({}),
      openWithoutToken: true,
      loopbackOnly: true,
      plugins: [notesPlugin],
    });

  it("answers a loopback request without a token, and refuses another Host (DNS rebinding)", async () => {
    const local = await open().request("http://localhost:3000/api/notes/1");
    expect(local.status).toBe(200);
    const rebound = await open().request("http://evil.example/api/notes/1");
    expect(rebound.status).toBe(403);
  });

  it("takes only JSON writes there, as /api/messages does (a cross-site form needs no preflight)", async () => {
    const form = await open().request("http://localhost:3000/api/notes", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "title=x",
    });
    expect(form.status).toBe(415);
    const json = await open().request("http://localhost:3000/api/notes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(201);
  });
});

describe("plugin routes refused when the app is built", () => {
  const route = (type: "GET" | "POST" | "STATIC", path: string) => ({
    type,
    path,
    handler: async () => {},
  });

  it("a route colliding with a built-in names the plugin and the built-in", () => {
    for (const [path, builtIn] of [
      ["/health", "/health"],
      ["/api/messages", "/api/messages"],
      ["/api/:resource", "/api/messages"],
      ["/api/rooms/:roomId/export", "/api/rooms/*"],
      ["/api/cron", "/api/cron"],
    ] as const) {
      expect(() => appFor([{ name: "greedy", routes: [route("GET", path)] }])).toThrow(
        `plugin "greedy" route GET ${path} collides with eliza-edge's built-in route ${builtIn}`,
      );
    }
  });

  it("a route under a connector's webhook collides with it", () => {
    expect(() =>
      createApp({
        getAgent: async () => runtime,
        plugins: [{ name: "hook", routes: [route("POST", "/webhooks/telegram/extra")] }],
        connectors: [{ name: "telegram", routes: appFor([]) }],
      }),
    ).toThrow("collides with eliza-edge's built-in route /webhooks/telegram/*");
  });

  it("two plugins' routes on one method and path name both plugins; other methods coexist", () => {
    const a: Plugin = { name: "alpha", routes: [route("GET", "/api/items/:id")] };
    const b: Plugin = { name: "beta", routes: [route("GET", "/api/items/latest")] };
    expect(() => appFor([a, b])).toThrow(
      'plugin "beta" route GET /api/items/latest collides with plugin "alpha" route GET /api/items/:id',
    );
    const c: Plugin = { name: "gamma", routes: [route("POST", "/api/items/:id")] };
    expect(() => appFor([a, c])).not.toThrow();
  });

  it("a STATIC route is refused naming the plugin (no filesystem on the edge)", () => {
    expect(() => appFor([{ name: "frontend", routes: [route("STATIC", "/ui")] }])).toThrow(
      /plugin "frontend" route STATIC \/ui: STATIC routes serve files from disk/,
    );
  });

  it("a route without a handler is refused naming the plugin", () => {
    expect(() =>
      appFor([{ name: "empty", routes: [{ type: "GET", path: "/api/empty" }] }]),
    ).toThrow('plugin "empty" route GET /api/empty has no handler');
  });
});
