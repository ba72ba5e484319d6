// Plugin routes written against Node's ServerResponse (writeHead, hasHeader, getHeaderNames)
// and elizaOS's server request (req.runtime, req.agentId), as @elizaos/plugin-knowledge 1.6.1
// and @elizaos/plugin-github 1.2.9 write them (fixture: elizaos-shapes/node-response-routes-
// plugin.js). Before, each of plugin-knowledge's eleven routes answered 500 (`res.writeHead is
// not a function`) and plugin-github's status routes answered 503.
import { beforeAll, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { type AgentRuntime, createAgent, createApp, parseCharacter } from "../../core/index.ts";
import type { Plugin } from "../../core/runtime/contract/plugin-api.ts";
import shapesPlugin from "../fixtures/elizaos-shapes/node-response-routes-plugin.js";
import { captureLogger } from "./capture-logger.ts";

const TOKEN = "route-token-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };
const plugin = shapesPlugin as unknown as Plugin;
const logger = captureLogger();
let runtime: AgentRuntime;

beforeAll(async () => {
  runtime = await createAgent({
    character: parseCharacter({ name: "Shaper" }),
    storage: createMemoryStorage(),
    env: { API_TOKEN: TOKEN },
    logger,
    plugins: [plugin],
  });
});

const app = (pluginRouteAnswerWaitMs?: number) =>
  createApp({
    pluginRouteAnswerWaitMs,
    getAgent: async () => runtime,
    env: () => ({ API_TOKEN: TOKEN }),
    plugins: [plugin],
  });

describe("plugin routes answering through Node's ServerResponse", () => {
  it("sends writeHead's status and headers with end's body (plugin-knowledge's sendSuccess)", async () => {
    const res = await app().request("/shapes/documents?agentId=a-1", { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({ success: true, data: { documents: [], agentId: "a-1" } });
  });

  it("sends an error status the same way (plugin-knowledge's sendError)", async () => {
    const res = await app().request("/shapes/documents?fail=1", { headers: auth });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      error: { code: "INVALID_REQUEST", message: "fail was set" },
    });
  });

  it("takes Node's reason phrase and flat header array, and answers header inspection", async () => {
    const res = await app().request("/shapes/raw", { headers: auth });
    expect(res.status).toBe(202);
    expect(res.headers.get("x-one")).toBe("1");
    expect(res.headers.get("x-two")).toBe("2");
    expect(await res.text()).toBe("part one, hasHeader=true names=x-one,x-two");
  });

  it("waits for an answer given from a callback after the handler returned (plugin-knowledge's upload)", async () => {
    const res = await app().request("/shapes/upload", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ fileUrls: ["https://example.com/a.txt"] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { received: { fileUrls: ["https://example.com/a.txt"] } },
    });
  });

  it("answers with writeHead's status and headers when the handler never ends the response", async () => {
    const res = await app(30).request("/shapes/head-only", { headers: auth });
    expect(res.status).toBe(201);
    expect(res.headers.get("x-made")).toBe("yes");
    expect(await res.text()).toBe("");
    expect(logger.at("warn").join("\n")).not.toContain("returned without answering");
  });

  it("puts the agent on req.runtime and req.agentId, as elizaOS's server does (plugin-github)", async () => {
    const res = await app().request("/shapes/status", { headers: auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "Shaper", agentId: runtime.agentId });
  });

  it("still refuses these routes without the API token", async () => {
    for (const path of ["/shapes/documents", "/shapes/status", "/shapes/raw"]) {
      expect((await app().request(path)).status).toBe(401);
    }
  });
});
