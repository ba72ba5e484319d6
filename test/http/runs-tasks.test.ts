// GET /api/runs, GET /api/runs/:id, GET /api/tasks and the task controls (pause, resume,
// delete) through HTTP with the typed client: what an operator sees and steers, and that bad,
// unauthenticated or foreign requests get clear 4xx answers.
import { describe, expect, it } from "vitest";
import { runDueTasks, stringToUuid, type UUID } from "../../core/index.ts";
import { API_TOKEN, apiApp } from "../support/api-app.ts";

const say = (api: Awaited<ReturnType<typeof apiApp>>, text: string, roomId = "room-a") =>
  api.client.api.messages.$post({ json: { text, userId: "ops", roomId } });

describe("runs over HTTP", () => {
  it("lists runs newest first with actions and timings, pages back, filters by room, shows one", async () => {
    const api = await apiApp();
    const runIds: string[] = [];
    for (const [i, room] of ["room-a", "room-b", "room-a", "room-a"].entries()) {
      const res = await say(api, `message ${i}`, room);
      runIds.push((await res.json()).runId);
      api.clock.now += 1_000;
    }
    const first = await (await api.client.api.runs.$get({ query: { limit: "2" } })).json();
    expect(first.runs.map((r) => r.runId)).toEqual([runIds[3], runIds[2]]);
    expect(first.hasMore).toBe(true);
    expect(first.runs[0]).toMatchObject({
      status: "completed",
      kind: "message",
      didRespond: true,
      actions: [{ name: "REPLY", success: true }],
    });
    expect(typeof first.runs[0]?.durationMs).toBe("number");
    const next = await (
      await api.client.api.runs.$get({ query: { limit: "2", before: String(first.nextBefore) } })
    ).json();
    expect(next.runs.map((r) => r.runId)).toEqual([runIds[1], runIds[0]]);
    expect(next).toMatchObject({ hasMore: false, nextBefore: null });

    const roomA = await (await api.client.api.runs.$get({ query: { roomId: "room-a" } })).json();
    expect(roomA.runs.map((r) => r.runId)).toEqual([runIds[3], runIds[2], runIds[0]]);

    const detail = await api.client.api.runs[":id"].$get({ param: { id: runIds[1]! } });
    expect(detail.status).toBe(200);
    const run = await detail.json();
    expect(run.summary.runId).toBe(runIds[1]);
    expect(run.events[0]?.type).toBe("RUN_STARTED");
    expect(run.events.at(-1)?.type).toBe("RUN_ENDED");
  });

  it("answers bad, unknown and unauthenticated requests with clear 4xx errors", async () => {
    const api = await apiApp();
    const get = (path: string, headers: Record<string, string> = {}) =>
      api.app.request(path, { headers: { authorization: `Bearer ${API_TOKEN}`, ...headers } });
    expect((await api.app.request("/api/runs")).status).toBe(401);
    expect((await get("/api/runs", { authorization: "Bearer wrong" })).status).toBe(401);
    for (const query of ["limit=0", "limit=101", "limit=abc", "before=-5", "roomUuid=nope"]) {
      const res = await get(`/api/runs?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "invalid_query" } });
    }
    expect(
      (await get("/api/runs?roomId=a&roomUuid=9dfffe45-0852-020c-8876-f6e5a37da6e4")).status,
    ).toBe(400);
    expect(await (await get("/api/runs/not-a-uuid")).json()).toMatchObject({
      error: { code: "invalid_id" },
    });
    const missing = await get(`/api/runs/${stringToUuid("no-run")}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "not_found" } });
    // A log row that is not a run (a plugin's own) is not a run either.
    await api.runtime.storage.log({
      id: stringToUuid("plugin-row"),
      entityId: api.runtime.agentId,
      type: "run_event",
      body: { runId: "x", status: "started" },
    });
    expect((await get(`/api/runs/${stringToUuid("plugin-row")}`)).status).toBe(404);
  });
});

describe("tasks over HTTP", () => {
  async function withTasks() {
    const api = await apiApp();
    const { runtime } = api;
    runtime.registerTaskWorker({ name: "OK_JOB", execute: async () => {} });
    runtime.registerTaskWorker({
      name: "FLAKY_JOB",
      execute: async () => {
        throw new Error("upstream said no");
      },
    });
    const ok = await runtime.createTask({
      name: "OK_JOB",
      description: "hourly digest",
      tags: ["queue", "repeat"],
      metadata: { updateInterval: 3_600_000 },
    });
    const flaky = await runtime.createTask({ name: "FLAKY_JOB", tags: ["queue"], metadata: {} });
    return { api, ok, flaky };
  }

  it("shows status, next run, last error and failures, soonest first", async () => {
    const { api, ok, flaky } = await withTasks();
    await api.client.api.cron.$post(
      { query: {} },
      { headers: { authorization: "Bearer cron-secret-0123456789abcdef" } },
    );
    const listed = await (await api.client.api.tasks.$get({ query: {} })).json();
    expect(listed.total).toBe(2);
    const byId = new Map(listed.tasks.map((t) => [t.id, t]));
    expect(byId.get(flaky)).toMatchObject({
      name: "FLAKY_JOB",
      status: "scheduled",
      failures: 1,
      lastError: expect.stringContaining("upstream said no"),
      repeat: false,
    });
    expect(byId.get(ok)).toMatchObject({
      name: "OK_JOB",
      description: "hourly digest",
      status: "scheduled",
      failures: 0,
      lastError: null,
      repeat: true,
    });
    expect(byId.get(ok)?.nextRunAt).toBe(api.clock.now + 3_600_000);
    // The flaky one retries in 10 s, before the hourly one.
    expect(listed.tasks[0]?.id).toBe(flaky);
    const named = await (await api.client.api.tasks.$get({ query: { name: "OK_JOB" } })).json();
    expect(named.tasks.map((t) => t.id)).toEqual([ok]);
  });

  it("pauses, resumes and deletes; a paused task is not run by a tick", async () => {
    const { api, flaky } = await withTasks();
    const paused = await api.client.api.tasks[":id"].pause.$post({ param: { id: flaky } });
    expect(paused.status).toBe(200);
    expect((await paused.json()).task).toMatchObject({ status: "paused", nextRunAt: null });
    api.clock.now += 60_000;
    // FLAKY_JOB was due; paused, the tick leaves it alone (it would fail if run).
    const report = await runDueTasks(api.runtime);
    expect(report).toMatchObject({ ran: 0, failed: 0 });
    expect((await api.runtime.storage.getTask(flaky as UUID))?.metadata).not.toHaveProperty(
      "failureCount",
    );

    const resumed = await (
      await api.client.api.tasks[":id"].resume.$post({ param: { id: flaky } })
    ).json();
    expect(resumed.task).toMatchObject({ status: "scheduled", failures: 0, lastError: null });

    const deleted = await api.client.api.tasks[":id"].$delete({ param: { id: flaky } });
    expect(await deleted.json()).toEqual({ deleted: true, id: flaky });
    expect(await api.runtime.storage.getTask(flaky as UUID)).toBeNull();
    const again = await api.client.api.tasks[":id"].$delete({ param: { id: flaky } });
    expect(again.status).toBe(404);
  });

  it("refuses bad ids, foreign tasks and missing tokens", async () => {
    const { api, ok } = await withTasks();
    const foreign = await api.runtime.storage.createTask({
      name: "OTHER_AGENTS_JOB",
      agentId: stringToUuid("another-agent"),
      tags: ["queue"],
    });
    const call = (method: string, path: string, token = API_TOKEN) =>
      api.app.request(path, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      });
    expect((await call("POST", "/api/tasks/zzz/pause")).status).toBe(400);
    expect((await call("POST", `/api/tasks/${foreign}/pause`)).status).toBe(404);
    expect((await call("DELETE", `/api/tasks/${foreign}`)).status).toBe(404);
    expect(await api.runtime.storage.getTask(foreign)).not.toBeNull();
    expect((await call("POST", `/api/tasks/${ok}/pause`, "wrong-token")).status).toBe(401);
    expect((await call("GET", "/api/tasks?limit=0")).status).toBe(400);
    const listed = (await (await call("GET", "/api/tasks")).json()) as { tasks: { id: string }[] };
    expect(listed.tasks.map((t) => t.id)).not.toContain(foreign);
  });
});
