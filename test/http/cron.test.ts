import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createAgent, createApp, parseCharacter, scheduleTask } from "../../core/index.ts";

const SECRET = "cron-secret-0123456789abcdef";

async function setup(env: Record<string, unknown> = { CRON_SECRET: SECRET, API_TOKEN: "api" }) {
  const runtime = await createAgent({
    character: parseCharacter({ name: "Cron" }),
    storage: createMemoryStorage(),
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });
  const ran: string[] = [];
  runtime.registerTaskWorker({ name: "JOB", execute: async (_r, o) => void ran.push(String(o.n)) });
  const app = createApp({ getAgent: async () => runtime, env: () => env });
  return { runtime, app, ran };
}

describe("/api/cron", () => {
  it("runs due tasks for Vercel's GET with the right secret, and reports", async () => {
    const { runtime, app, ran } = await setup();
    await scheduleTask(runtime, { name: "JOB", metadata: { n: 1 } });
    await scheduleTask(runtime, { name: "JOB", metadata: { n: 2 }, delayMs: 60_000 });
    const res = await app.request("/api/cron", {
      headers: { authorization: `Bearer ${SECRET}`, "user-agent": "vercel-cron/1.0" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ran: 1, succeeded: 1, more: false, duplicate: false });
    expect(ran).toEqual(["1"]);
    const post = await app.request("/api/cron?limit=5", {
      method: "POST",
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect((await post.json()).ran).toBe(0);
  });

  it.each([
    ["missing", undefined],
    ["wrong", "Bearer not-the-secret"],
    ["the API token instead", "Bearer api"],
    ["a prefix of it", `Bearer ${SECRET.slice(0, 10)}`],
  ])("refuses a %s secret with 401 and runs nothing", async (_label, authorization) => {
    const { runtime, app, ran } = await setup();
    await scheduleTask(runtime, { name: "JOB", metadata: { n: 1 } });
    const res = await app.request("/api/cron", { headers: authorization ? { authorization } : {} });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
    expect(ran).toEqual([]);
  });

  it("is closed when CRON_SECRET is unset", async () => {
    const { app } = await setup({});
    const res = await app.request("/api/cron", { headers: { authorization: "Bearer anything" } });
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toContain("CRON_SECRET is not set");
  });

  it("stays closed when CRON_SECRET is shorter than 16 characters, even to that secret", async () => {
    const { runtime, app, ran } = await setup({ CRON_SECRET: "short" });
    await scheduleTask(runtime, { name: "JOB", metadata: { n: 1 } });
    const res = await app.request("/api/cron", { headers: { authorization: "Bearer short" } });
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe(
      "CRON_SECRET must be at least 16 characters; this route is closed until it is",
    );
    expect(ran).toEqual([]);
  });

  it("rejects a bad limit with 400", async () => {
    const { app } = await setup();
    const res = await app.request("/api/cron?limit=0", {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(res.status).toBe(400);
  });
});
