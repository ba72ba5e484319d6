// The scheduler's guarantees, written once and run on every backend (like the storage
// conformance suite): a controllable clock, real storage, and workers that record each run.
import { describe, expect, it } from "vitest";
import {
  executeTaskById,
  getTaskStatus,
  parseCharacter,
  resumeTask,
  runDueTasks,
  type StorageAdapter,
  type StorageOp,
  scheduleTask,
  type UUID,
} from "../../core/index.ts";
import type { ConformanceSetup } from "../storage/fixtures.ts";
import { autonomyStepBudgetCase } from "./autonomy-budget-case.ts";
import { useTaskBackend } from "./task-backend.ts";

const MINUTE = 60_000;
const character = parseCharacter({ name: "Scheduler" });

export function describeTaskGuarantees(name: string, setup: ConformanceSetup): void {
  describe(`task guarantees: ${name}`, () => {
    const backend = useTaskBackend(setup, character);
    const { clock, runs } = backend;
    const runtimeOver = (s: StorageAdapter) => {
      const runtime = backend.runtime(s);
      runtime.registerTaskWorker({
        name: "FAIL",
        execute: async () => {
          runs.push("fail");
          throw new Error("worker exploded");
        },
      });
      return runtime;
    };
    const runtime = () => runtimeOver(backend.storage);

    it("runs a one-shot task at its due time, not before, and removes it", async () => {
      const r = runtime();
      const id = await scheduleTask(r, {
        name: "RECORD",
        delayMs: 10 * MINUTE,
        metadata: { label: "once" },
      });
      clock.advance(10 * MINUTE - 1);
      expect((await runDueTasks(r)).ran).toBe(0);
      clock.advance(1);
      expect(await runDueTasks(r)).toMatchObject({ ran: 1, succeeded: 1, more: false });
      expect(runs).toEqual(["once"]);
      expect(await backend.storage.getTask(id)).toBeNull();
      expect((await runDueTasks(r)).ran).toBe(0);
    });

    it("repeats from the previous occurrence: early ticks run nothing, late ticks do not shift it", async () => {
      const r = runtime();
      const id = await scheduleTask(r, {
        name: "RECORD",
        every: 10 * MINUTE,
        metadata: { label: "tick" },
      });
      const first = clock.now() + 10 * MINUTE;
      clock.advance(10 * MINUTE - 1000); // a tick with negative jitter
      expect((await runDueTasks(r)).ran).toBe(0);
      clock.advance(1000 + 30_000); // then one 30 s late
      expect((await runDueTasks(r)).ran).toBe(1);
      expect((await getTaskStatus(r, id))?.nextRunAt).toBe(first + 10 * MINUTE);
      clock.advance(10 * MINUTE - 30_000 - 1);
      expect((await runDueTasks(r)).ran).toBe(0);
      clock.advance(1);
      expect((await runDueTasks(r)).ran).toBe(1);
      expect(runs).toEqual(["tick", "tick"]);
    });

    it("runs an overdue repeat task once after a long outage, then resumes its cadence", async () => {
      const r = runtime();
      const id = await scheduleTask(r, { name: "RECORD", every: MINUTE, metadata: { label: "r" } });
      const first = clock.now() + MINUTE;
      clock.advance(MINUTE * 60 + 5000); // an hour of missed ticks
      expect((await runDueTasks(r)).ran).toBe(1);
      expect((await runDueTasks(r)).ran).toBe(0);
      const next = (await getTaskStatus(r, id))?.nextRunAt ?? 0;
      expect(next).toBeGreaterThan(clock.now());
      expect((next - first) % MINUTE).toBe(0);
      expect(runs).toEqual(["r"]);
    });

    it("backs off exponentially after failures and pauses at maxFailures; resume clears it", async () => {
      const r = runtime();
      const id = await scheduleTask(r, {
        name: "FAIL",
        metadata: { maxFailures: 3, backoffMs: 1000 },
      });
      expect(await runDueTasks(r)).toMatchObject({ ran: 1, failed: 1, paused: 0 });
      let status = await getTaskStatus(r, id);
      expect(status).toMatchObject({
        failures: 1,
        paused: false,
        lastError: expect.stringContaining("exploded"),
      });
      expect(status?.nextRunAt).toBe(clock.now() + 1000);
      clock.advance(1000);
      await runDueTasks(r);
      expect((await getTaskStatus(r, id))?.nextRunAt).toBe(clock.now() + 2000);
      clock.advance(2000);
      expect(await runDueTasks(r)).toMatchObject({ failed: 1, paused: 1 });
      status = await getTaskStatus(r, id);
      expect(status).toMatchObject({ paused: true, nextRunAt: null, failures: 3 });
      clock.advance(MINUTE * 600);
      expect((await runDueTasks(r)).ran).toBe(0);
      expect(await resumeTask(r, id)).toBe(true);
      expect(await getTaskStatus(r, id)).toMatchObject({ paused: false, failures: 0 });
      expect((await runDueTasks(r)).ran).toBe(1);
      expect(runs).toEqual(["fail", "fail", "fail", "fail"]);
    });

    it("never pauses a task with maxFailures -1", async () => {
      const r = runtime();
      const id = await scheduleTask(r, {
        name: "FAIL",
        metadata: { maxFailures: -1, backoffMs: 1 },
      });
      for (let i = 0; i < 8; i++) {
        await runDueTasks(r);
        clock.advance(60 * MINUTE);
      }
      expect(await getTaskStatus(r, id)).toMatchObject({ paused: false, failures: 8 });
    });

    it("a second delivery of the same cron occurrence runs nothing", async () => {
      const r = runtime();
      await scheduleTask(r, { name: "RECORD", metadata: { label: "a" } });
      await scheduleTask(r, { name: "RECORD", metadata: { label: "b" } });
      const first = await runDueTasks(r, { occurrence: "cron@1000", limit: 1 });
      expect(first).toMatchObject({ ran: 1, more: true, duplicate: false });
      const again = await runDueTasks(r, { occurrence: "cron@1000" });
      expect(again).toMatchObject({ ran: 0, duplicate: true });
      expect(await runDueTasks(r, { occurrence: "cron@2000" })).toMatchObject({ ran: 1 });
      expect(runs.sort()).toEqual(["a", "b"]);
    });

    it("leaves a dead tick's task alone until its lease expires, then runs it once", async () => {
      const r = runtime();
      const id = await scheduleTask(r, { name: "RECORD", metadata: { label: "stranded" } });
      // A tick claims the task and dies before finishing.
      const claimed = await backend.storage.claimDueTasks({
        now: clock.now(),
        limit: 10,
        owner: "dead-tick",
        leaseMs: 5 * MINUTE,
      });
      expect(claimed.map((t) => t.id)).toEqual([id]);
      expect((await runDueTasks(r)).ran).toBe(0);
      expect((await getTaskStatus(r, id))?.running).toBe(true);
      clock.advance(5 * MINUTE);
      expect((await runDueTasks(r)).ran).toBe(1);
      expect((await runDueTasks(r)).ran).toBe(0);
      expect(runs).toEqual(["stranded"]);
    });

    it("a tick that outlives its lease records nothing over the tick that took the task", async () => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow = runtime();
      slow.registerTaskWorker({
        name: "SLOW",
        execute: async () => {
          runs.push("slow-start");
          await gate;
        },
      });
      const id = await scheduleTask(slow, { name: "SLOW" });
      const slowTick = runDueTasks(slow, { leaseMs: MINUTE });
      while (!runs.includes("slow-start")) await new Promise((r) => setTimeout(r, 5));
      const fast = runtime();
      fast.registerTaskWorker({ name: "SLOW", execute: async () => void runs.push("fast") });
      clock.advance(MINUTE);
      expect((await runDueTasks(fast)).succeeded).toBe(1);
      expect(await backend.storage.getTask(id)).toBeNull();
      release();
      expect((await slowTick).ran).toBe(1);
      expect(await backend.storage.getTask(id)).toBeNull();
      expect(runs).toEqual(["slow-start", "fast"]);
    });

    it("stops claiming when the budget is spent and leaves the rest unleased for the next tick", async () => {
      const r = runtime();
      for (let i = 0; i < 6; i++)
        await scheduleTask(r, { name: "RECORD", metadata: { label: `t${i}` } });
      let fakeElapsed = 0;
      const report = await runDueTasks(r, {
        budgetMs: 100,
        concurrency: 2,
        elapsedClock: () => {
          fakeElapsed += 40; // every check costs 40 "ms"
          return fakeElapsed;
        },
      });
      expect(report.more).toBe(true);
      expect(report.ran).toBeLessThan(6);
      // Nothing left leased: the next tick takes the rest at once, without waiting for expiry.
      const rest = await runDueTasks(r);
      expect(report.ran + rest.ran).toBe(6);
      expect(new Set(runs).size).toBe(6);
    });

    it("skips a task with no worker and one whose validate says no, keeping both", async () => {
      const r = runtime();
      r.registerTaskWorker({
        name: "NOT_NOW",
        validate: async () => false,
        execute: async () => void runs.push("x"),
      });
      const orphan = await scheduleTask(r, { name: "NO_SUCH_WORKER" });
      const refused = await scheduleTask(r, { name: "NOT_NOW" });
      expect(await runDueTasks(r)).toMatchObject({ ran: 0, skipped: 2 });
      expect(runs).toEqual([]);
      expect(await backend.storage.getTask(orphan)).not.toBeNull();
      expect(await backend.storage.getTask(refused)).not.toBeNull();
      expect((await runDueTasks(r)).skipped).toBe(0); // pushed back, not busy-looping
    });

    it("executeTaskById runs a task now and keeps a repeat task's schedule", async () => {
      const r = runtime();
      const id = await scheduleTask(r, {
        name: "RECORD",
        every: 10 * MINUTE,
        metadata: { label: "manual" },
      });
      const due = (await getTaskStatus(r, id))?.nextRunAt;
      expect(await executeTaskById(r, id)).toBe("succeeded");
      expect(runs).toEqual(["manual"]);
      expect((await getTaskStatus(r, id))?.nextRunAt).toBe(due);
      expect(await executeTaskById(r, "00000000-0000-0000-0000-000000000000" as UUID)).toBeNull();
    });

    it("executeTaskById racing itself and a tick runs the task once", async () => {
      const r = runtime();
      const id = await scheduleTask(r, { name: "RECORD", metadata: { label: "once" } });
      const outcomes = await Promise.allSettled([
        executeTaskById(r, id),
        executeTaskById(r, id),
        runDueTasks(r),
        executeTaskById(r, id),
      ]);
      expect(runs).toEqual(["once"]);
      // The losers say why: held by another run (a tick that lost simply found nothing due).
      for (const o of outcomes) {
        if (o.status === "rejected") expect(String(o.reason)).toMatch(/running in another tick/);
      }
    });

    it("a manual run tried before every storage call of a one-shot's ending never runs it again", async () => {
      // The ending (read back, then delete under the lease) must leave no step at which the
      // task is free: a manual run, which may lease a task that is not due, would take it.
      const plain = backend.storage;
      let id: UUID | undefined;
      let ending = false;
      const last = { name: "LAST", execute: async () => void runs.push("last") };
      const manual = runtimeOver(plain);
      manual.registerTaskWorker(last);
      const watched = new Proxy(plain, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (typeof value !== "function") return value;
          return async (...args: unknown[]) => {
            if (ending && id) await executeTaskById(manual, id).catch(() => null);
            return value.apply(target, args);
          };
        },
      });
      const r = runtimeOver(watched);
      r.registerTaskWorker({
        ...last,
        execute: async () => {
          runs.push("last");
          ending = true;
        },
      });
      id = await scheduleTask(r, { name: "LAST" });
      expect(await executeTaskById(r, id)).toBe("succeeded");
      expect(runs).toEqual(["last"]);
      expect(await plain.getTask(id)).toBeNull();
    });

    it("N concurrent ticks over 1,000 due tasks: every task runs exactly once, none lost", {
      timeout: 180_000,
    }, async () => {
      const ids: UUID[] = [];
      const ops: StorageOp[] = [];
      for (let i = 0; i < 1000; i++) {
        const id = crypto.randomUUID() as UUID;
        ids.push(id);
        ops.push({
          op: "createTask",
          task: {
            id,
            name: "RECORD",
            agentId: runtime().agentId,
            tags: ["queue"],
            metadata: { label: id },
            dueAt: clock.now() - i,
          },
        });
      }
      for (let i = 0; i < ops.length; i += 50) await backend.storage.batch(ops.slice(i, i + 50));
      const clients = setup.capabilities?.concurrentClients
        ? await setup.capabilities.concurrentClients(backend.storage, 5, { now: clock.now })
        : Array.from({ length: 5 }, () => backend.storage);
      backend.extra = clients.filter((c) => c !== backend.storage);
      const reports = await Promise.all(
        clients.map((client) =>
          runDueTasks(runtimeOver(client), { limit: 1000, budgetMs: 600_000 }),
        ),
      );
      expect(reports.reduce((n, r) => n + r.succeeded, 0)).toBe(1000);
      expect(runs).toHaveLength(1000);
      expect(new Set(runs)).toEqual(new Set(ids));
      expect(await backend.storage.getTasks({})).toEqual([]);
    });

    it("autonomy step budget: per day and per tick, across racing clients", async () => {
      const clients = setup.capabilities?.concurrentClients
        ? await setup.capabilities.concurrentClients(backend.storage, 3, { now: clock.now })
        : [backend.storage];
      backend.extra = clients.filter((c) => c !== backend.storage);
      await autonomyStepBudgetCase([backend.storage, ...backend.extra], clock);
    });
  });
}
