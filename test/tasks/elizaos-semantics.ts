// elizaOS's task semantics on every backend (run beside guarantees.ts): the probes of issue
// 15, each a case, through the API an elizaOS plugin uses (runtime.createTask, updateTask,
// getService("task")) with real storage and a controllable clock.
import { describe, expect, it } from "vitest";
import {
  type AgentRuntime,
  parseCharacter,
  runDueTasks,
  type StorageAdapter,
  scheduleTask,
  TaskScheduleError,
  type TaskService,
  type UUID,
} from "../../core/index.ts";
import type { ConformanceSetup } from "../storage/fixtures.ts";
import { useTaskBackend } from "./task-backend.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const character = parseCharacter({ name: "Semantics" });

export function describeElizaTaskSemantics(name: string, setup: ConformanceSetup): void {
  describe(`elizaOS task semantics: ${name}`, () => {
    const backend = useTaskBackend(setup, character);
    const { clock, runs } = backend;
    const runtimeOver = (s: StorageAdapter) => backend.runtime(s);
    const runtime = () => runtimeOver(backend.storage);
    const service = (r: AgentRuntime) => r.getService<TaskService>("task") as TaskService;
    /** Moves the clock to an absolute time (FakeClock only moves forward). */
    const setTime = (ms: number) => clock.advance(ms - clock.now());

    it("runs a one-shot at metadata.scheduledAt (ms or ISO string), not before, then deletes it", async () => {
      const r = runtime();
      const at = clock.now() + 10 * MINUTE;
      const byMs = await r.createTask({
        name: "RECORD",
        tags: ["queue"],
        metadata: { label: "ms", scheduledAt: at },
      });
      const byIso = await r.createTask({
        name: "RECORD",
        tags: ["queue"],
        metadata: { label: "iso", scheduledAt: new Date(at + MINUTE).toISOString() },
      });
      expect((await runDueTasks(r)).ran).toBe(0);
      clock.advance(10 * MINUTE - 1);
      expect((await runDueTasks(r)).ran).toBe(0);
      clock.advance(1);
      expect((await runDueTasks(r)).ran).toBe(1);
      expect(await backend.storage.getTask(byMs)).toBeNull();
      expect(await backend.storage.getTask(byIso)).not.toBeNull();
      clock.advance(MINUTE);
      expect((await runDueTasks(r)).ran).toBe(1);
      expect(await backend.storage.getTask(byIso)).toBeNull();
      expect(runs).toEqual(["ms", "iso"]);
    });

    it("repeats a task that has only metadata.baseInterval, keeping it after each run", async () => {
      const r = runtime();
      const id = await r.createTask({
        name: "RECORD",
        tags: ["queue", "repeat"],
        metadata: { label: "base", baseInterval: 5 * MINUTE, updatedAt: clock.now() },
      });
      clock.advance(5 * MINUTE);
      expect((await runDueTasks(r)).ran).toBe(1);
      expect(await backend.storage.getTask(id)).not.toBeNull();
      clock.advance(5 * MINUTE - 1);
      expect((await runDueTasks(r)).ran).toBe(0);
      clock.advance(1);
      expect((await runDueTasks(r)).ran).toBe(1);
      expect(runs).toEqual(["base", "base"]);
      expect((await backend.storage.getTask(id))?.metadata).toMatchObject({
        updatedAt: clock.now(),
      });
    });

    it("polls only tasks tagged queue", async () => {
      const r = runtime();
      const stored = await r.createTask({
        name: "RECORD",
        tags: ["approval"],
        metadata: { label: "not-queued" },
      });
      // Even with a due time, and even if a row without the tag was made due by hand.
      await r.createTask({ name: "RECORD", tags: [], dueAt: clock.now(), metadata: {} });
      await backend.storage.createTask({
        name: "RECORD",
        agentId: r.agentId,
        tags: ["raw"],
        metadata: { label: "raw" },
        dueAt: clock.now(),
      });
      clock.advance(HOUR);
      const report = await runDueTasks(r);
      expect(report.ran).toBe(0);
      expect(runs).toEqual([]);
      expect(await backend.storage.getTask(stored)).not.toBeNull();
      expect((await runDueTasks(r)).skipped).toBe(0); // parked, not claimed every tick
      // Asked for by id, any task runs, as elizaOS's executeTaskById does.
      expect(await service(r).executeTaskById(stored)).toBe("succeeded");
      expect(runs).toEqual(["not-queued"]);
    });

    it("getService('task') is the TaskService: pause, resume, status, markDirty", async () => {
      const r = runtime();
      const tasks = service(r);
      expect(tasks).toBeTruthy();
      expect(r.getService("task")).toBe(tasks);
      tasks.markDirty();
      const id = (await r.createTask({
        name: "RECORD",
        tags: ["queue", "repeat"],
        metadata: { label: "svc", updateInterval: MINUTE, updatedAt: clock.now() },
      })) as UUID;
      await tasks.pauseTask(id);
      expect(await tasks.getTaskStatus(id)).toMatchObject({ paused: true, nextRunAt: null });
      clock.advance(HOUR);
      expect((await tasks.runDueTasks()).ran).toBe(0);
      await tasks.resumeTask(id);
      expect(await tasks.getTaskStatus(id)).toMatchObject({
        paused: false,
        failures: 0,
        executing: false,
      });
      expect((await tasks.runDueTasks()).ran).toBe(1);
      await tasks.executeTaskById(id);
      expect(runs).toEqual(["svc", "svc"]);
      const ghost = "00000000-0000-0000-0000-00000000dead" as UUID;
      expect(await tasks.getTaskStatus(ghost)).toEqual({
        task: null,
        paused: false,
        executing: false,
      });
      await expect(tasks.pauseTask(ghost)).rejects.toThrow(/not found/);
    });

    it("an elizaOS pause through updateTask(metadata.paused) stops ticks; unpausing resumes", async () => {
      const r = runtime();
      const id = await r.createTask({
        name: "RECORD",
        tags: ["queue", "repeat"],
        metadata: { label: "meta", updateInterval: MINUTE, updatedAt: clock.now() },
      });
      const task = await r.getTask(id);
      await r.updateTask(id, { metadata: { ...task?.metadata, paused: true } });
      clock.advance(HOUR);
      expect((await runDueTasks(r)).ran).toBe(0);
      await r.updateTask(id, { metadata: { ...task?.metadata, paused: false } });
      expect((await runDueTasks(r)).ran).toBe(1);
      expect(runs).toEqual(["meta"]);
    });

    it("a metadata edit keeps a one-shot's own due time; a new scheduledAt moves it", async () => {
      const r = runtime();
      const at = clock.now() + HOUR;
      const id = await scheduleTask(r, { name: "RECORD", runAt: at, metadata: { label: "x" } });
      await r.updateTask(id, { metadata: { label: "x", updatedAt: 1 } });
      expect((await backend.storage.getTask(id))?.dueAt).toBe(at);
      await r.updateTask(id, { metadata: { label: "x", scheduledAt: at + HOUR } });
      expect((await backend.storage.getTask(id))?.dueAt).toBe(at + HOUR);
    });

    it("a pause issued while the task runs wins: the next tick does not run it", async () => {
      let finish: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const r = runtime();
      r.registerTaskWorker({
        name: "SLOW",
        execute: async () => {
          runs.push("start");
          await gate;
        },
      });
      const id = (await r.createTask({
        name: "SLOW",
        tags: ["queue", "repeat"],
        metadata: { updateInterval: MINUTE, updatedAt: clock.now() - MINUTE },
      })) as UUID;
      const tick = runDueTasks(r);
      while (!runs.includes("start")) await new Promise((done) => setTimeout(done, 5));
      expect(await service(r).getTaskStatus(id)).toMatchObject({ executing: true });
      await service(r).pauseTask(id);
      finish();
      expect((await tick).ran).toBe(1);
      expect(await service(r).getTaskStatus(id)).toMatchObject({
        paused: true,
        nextRunAt: null,
        executing: false,
      });
      clock.advance(HOUR);
      expect((await runDueTasks(r)).ran).toBe(0);
      expect(runs).toEqual(["start"]);
    });

    it("a task deleted while it runs stays deleted", async () => {
      let finish: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const r = runtime();
      r.registerTaskWorker({
        name: "SLOW",
        execute: async () => {
          runs.push("start");
          await gate;
        },
      });
      const id = await scheduleTask(r, { name: "SLOW", every: MINUTE, runAt: clock.now() });
      const tick = runDueTasks(r);
      while (!runs.includes("start")) await new Promise((done) => setTimeout(done, 5));
      await r.deleteTask(id);
      finish();
      await tick;
      expect(await backend.storage.getTask(id)).toBeNull();
    });

    it("asks a worker's shouldRun (elizaOS's newer validate) before each run", async () => {
      const r = runtime();
      let allow = false;
      r.registerTaskWorker({
        name: "GATED",
        shouldRun: async () => allow,
        execute: async () => void runs.push("gated"),
      });
      await r.createTask({ name: "GATED", tags: ["queue"], metadata: {} });
      expect(await runDueTasks(r)).toMatchObject({ ran: 0, skipped: 1 });
      allow = true;
      clock.advance(HOUR);
      expect((await runDueTasks(r)).ran).toBe(1);
      expect(runs).toEqual(["gated"]);
    });

    it("keeps what a worker wrote to its own metadata during the run", async () => {
      const r = runtime();
      r.registerTaskWorker({
        name: "COUNTER",
        execute: async (rt, options, task) => {
          await rt.updateTask(task.id as UUID, {
            metadata: { ...task.metadata, count: Number(options.count ?? 0) + 1 },
          });
        },
      });
      const id = (await r.createTask({
        name: "COUNTER",
        tags: ["queue", "repeat"],
        metadata: { updateInterval: MINUTE, updatedAt: clock.now() - MINUTE },
      })) as UUID;
      await runDueTasks(r);
      clock.advance(MINUTE);
      await runDueTasks(r);
      expect((await backend.storage.getTask(id))?.metadata).toMatchObject({
        count: 2,
        failureCount: 0,
      });
    });

    it("runs a cron task at 09:00 Europe/Berlin on both sides of a DST change", async () => {
      const r = runtime();
      // 2030-03-31 is the last Sunday of March: Berlin moves from UTC+1 to UTC+2.
      setTime(Date.parse("2030-03-30T06:00:00Z"));
      const id = await r.createTask({
        name: "RECORD",
        tags: ["queue"],
        metadata: { label: "cron", cron: "0 9 * * *", timezone: "Europe/Berlin" },
      });
      const before = Date.parse("2030-03-30T08:00:00Z"); // 09:00 CET
      const after = Date.parse("2030-03-31T07:00:00Z"); // 09:00 CEST
      expect((await service(r).getTaskStatus(id as UUID)) as { nextRunAt: number }).toMatchObject({
        nextRunAt: before,
      });
      setTime(before - 1);
      expect((await runDueTasks(r)).ran).toBe(0);
      setTime(before);
      expect((await runDueTasks(r)).ran).toBe(1);
      expect(await service(r).getTaskStatus(id as UUID)).toMatchObject({ nextRunAt: after });
      setTime(after - 1);
      expect((await runDueTasks(r)).ran).toBe(0);
      setTime(after + 30_000); // a late tick
      expect((await runDueTasks(r)).ran).toBe(1);
      expect(await service(r).getTaskStatus(id as UUID)).toMatchObject({
        nextRunAt: Date.parse("2030-04-01T07:00:00Z"),
      });
      expect(runs).toEqual(["cron", "cron"]);
    });

    it("rejects an invalid cron expression or time zone at create time, storing nothing", async () => {
      const r = runtime();
      const bad = [
        { cron: "61 * * * *" },
        { cron: "* * * *" },
        { cron: "0 0 * * * *" },
        { cron: "" },
        { cron: 5 },
        { cron: "0 9 * * *", timezone: "Mars/Olympus" },
        { cron: "0 0 30 2 *" },
        { scheduledAt: "next tuesday" },
        { updateInterval: -5 },
      ];
      for (const metadata of bad) {
        await expect(
          r.createTask({ name: "RECORD", tags: ["queue", "repeat"], metadata }),
        ).rejects.toThrow(TaskScheduleError);
      }
      await expect(scheduleTask(r, { name: "RECORD", cron: "every day" })).rejects.toThrow(
        /metadata\.cron "every day" must have 5 fields/,
      );
      expect(await backend.storage.getTasks({})).toEqual([]);
    });

    it("concurrent ticks run a cron occurrence exactly once", async () => {
      const r = runtime();
      setTime(Date.parse("2030-01-01T11:59:30Z"));
      await scheduleTask(r, { name: "RECORD", cron: "0 12 * * *", metadata: { label: "noon" } });
      setTime(Date.parse("2030-01-01T12:00:00Z"));
      const clients = setup.capabilities?.concurrentClients
        ? await setup.capabilities.concurrentClients(backend.storage, 5, { now: clock.now })
        : Array.from({ length: 5 }, () => backend.storage);
      backend.extra = clients.filter((c) => c !== backend.storage);
      const reports = await Promise.all(clients.map((c) => runDueTasks(runtimeOver(c))));
      expect(reports.reduce((n, report) => n + report.ran, 0)).toBe(1);
      expect(runs).toEqual(["noon"]);
    });
  });
}
