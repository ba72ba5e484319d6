// A Worker with the agent defined in code, bundled as wrangler bundles it and run in real
// workerd (Miniflare 4) on a migrated D1 database: it answers as its own character, with its
// own plugin and model, on the D1 storage its factory built from the request's env.
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { D1Database } from "@cloudflare/workers-types";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CharacterError, stringToUuid } from "../../core/index.ts";
import { createWorker } from "../../targets/cloudflare/index.ts";
import { bundleForWorkers } from "../support/bundle-check.ts";
import { ADA_REPLY, BAD_CHARACTER, BAD_CHARACTER_ERROR } from "../support/code-agent.ts";
import { startD1Worker } from "../support/miniflare-d1.ts";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const API_TOKEN = "worker-code-token";
const compatibilityDate = "2025-01-01";

describe("a Worker with the agent defined in code, in workerd with D1", () => {
  let mf: Miniflare;
  let db: D1Database;

  beforeAll(async () => {
    const bundle = await bundleForWorkers(fixture("worker-code-agent.ts"));
    expect(bundle.nodeImports).toEqual([]);
    ({ mf, db } = await startD1Worker({
      script: bundle.code,
      compatibilityDate,
      bindings: { API_TOKEN, LOG_LEVEL: "warn" },
    }));
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  const fetchWorker = async (path: string, init?: RequestInit) =>
    (await mf.dispatchFetch(`http://worker.test${path}`, init as never)) as unknown as Response;

  it("answers as the code's character, on the D1 storage its factory built", async () => {
    const health = await fetchWorker("/health");
    expect(await health.json()).toMatchObject({
      name: "Ada",
      agentId: stringToUuid("Ada"),
      storage: "d1",
    });
    const response = await fetchWorker("/api/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "What are you working on?", userId: "charles" }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { roomUuid: string; replies: { text: string }[] };
    expect(body.replies.map((r) => r.text)).toEqual([ADA_REPLY]);
    const rows = await db
      .prepare("SELECT count(*) AS n FROM memories WHERE room_id = ? AND agent_id = ?")
      .bind(body.roomUuid, stringToUuid("Ada"))
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);
  });

  it("serves only the bots the code chose (none), whatever the env says", async () => {
    const response = await fetchWorker("/webhooks/telegram", { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
  });
});

describe("a Worker with an invalid character", () => {
  it("fails at createWorker, i.e. at the Worker's startup, naming the field", () => {
    expect(() => createWorker({ character: BAD_CHARACTER })).toThrow(CharacterError);
    expect(() => createWorker({ character: BAD_CHARACTER })).toThrow(BAD_CHARACTER_ERROR);
  });

  it("does not start in workerd, and workerd's log names the field", async () => {
    const bundle = await bundleForWorkers(fixture("worker-bad-character.ts"));
    let stderr = "";
    const mf = new Miniflare({
      modules: true,
      script: bundle.code,
      compatibilityDate,
      handleRuntimeStdio: (_stdout: Readable, err: Readable) => {
        err.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
        });
      },
    });
    try {
      await expect(mf.ready).rejects.toThrow();
      expect(stderr).toMatch(BAD_CHARACTER_ERROR);
    } finally {
      await mf.dispose().catch(() => {});
    }
  });
});
