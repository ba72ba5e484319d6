// Plugin routes through a target: the Node server (`npm start`'s startNodeServer) over real
// HTTP on a port, the plugins passed in its `plugins` option as a user's entry would.
import starterPlugin from "@elizaos/plugin-starter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Plugin } from "../../core/index.ts";
import { type NodeServer, startNodeServer } from "../../targets/node/index.ts";
import { captureLogger } from "./capture-logger.ts";
import { LEAKY_SECRET, notesPlugin } from "./route-fixture.ts";

const TOKEN = "node-route-token-0123456789";
const env = { ALLOW_NO_DATABASE: "true", TASK_INTERVAL_MS: "0", API_TOKEN: TOKEN };
const auth = { authorization: `Bearer ${TOKEN}` };
const logger = captureLogger();
let server: NodeServer;

beforeAll(async () => {
  server = await startNodeServer({
    env,
    port: 0,
    host: "127.0.0.1",
    logger,
    plugins: [notesPlugin, starterPlugin as unknown as Plugin],
  });
});
afterAll(async () => {
  await server?.close();
});

const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);

describe("plugin routes through the Node server", () => {
  it("serves plugin-starter's GET /helloworld with the token, 401 without or with a wrong one", async () => {
    const ok = await call("/helloworld", { headers: auth });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: "Hello World!" });
    expect((await call("/helloworld")).status).toBe(401);
    expect((await call("/helloworld", { headers: { authorization: "Bearer wrong" } })).status).toBe(
      401,
    );
  });

  it("passes params and query, and a POST's JSON body", async () => {
    const got = await call("/api/notes/abc?x=1", { headers: auth });
    expect(await got.json()).toMatchObject({ params: { noteId: "abc" }, query: { x: "1" } });
    const posted = await call("/api/notes", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ title: "over http" }),
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toEqual({ received: { title: "over http" }, agent: "Eliza" });
  });

  it("400 on malformed JSON, 413 on a body over 64 KiB", async () => {
    const bad = await call("/api/notes", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("invalid_json");
    const big = await call("/api/notes", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ title: "x".repeat(70 * 1024) }),
    });
    expect(big.status).toBe(413);
  });

  it("a throwing handler is a bare JSON 500", async () => {
    const res = await call("/api/notes-boom", { headers: auth });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).error.code).toBe("plugin_route_error");
    expect(text).not.toContain(LEAKY_SECRET);
    expect(text).not.toContain(TOKEN);
    expect(logger.at("error").filter((l) => l.includes("/api/notes-boom"))).toHaveLength(1);
  });
});

describe("a colliding plugin route stops the Node server from starting", () => {
  it("names both plugins", async () => {
    const twin: Plugin = {
      name: "notes-twin",
      routes: [{ type: "GET", path: "/api/notes/:id", handler: async () => {} }],
    };
    await expect(
      startNodeServer({ env, port: 0, host: "127.0.0.1", logger, plugins: [notesPlugin, twin] }),
    ).rejects.toThrow(
      'plugin "notes-twin" route GET /api/notes/:id collides with plugin "notes" route GET /api/notes/:noteId',
    );
  });

  it("names the plugin and the built-in", async () => {
    const greedy: Plugin = {
      name: "greedy",
      routes: [{ type: "POST", path: "/api/messages", handler: async () => {} }],
    };
    await expect(
      startNodeServer({ env, port: 0, host: "127.0.0.1", logger, plugins: [greedy] }),
    ).rejects.toThrow(
      'plugin "greedy" route POST /api/messages collides with eliza-edge\'s built-in route /api/messages',
    );
  });

  it("names the web chat's / as the built-in it would shadow", async () => {
    const home: Plugin = {
      name: "home",
      routes: [{ type: "GET", path: "/", handler: async () => {} }],
    };
    await expect(
      startNodeServer({ env, port: 0, host: "127.0.0.1", logger, plugins: [home] }),
    ).rejects.toThrow('plugin "home" route GET / collides with eliza-edge\'s built-in route /');
  });
});
