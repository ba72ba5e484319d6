// releaseTasks (how a tick ends the tasks of a batch: releases, finishes and run-log rows in one
// round trip) and getTasksByIds (the one read those endings build on). Each entry must be
// decided exactly as its single call (releaseTaskLease, finishTask) decides it.
import { describe, expect, it } from "vitest";
import type { LogParams, StorageAdapter } from "../../core/kernel/storage/contract.ts";
import type { UUID } from "../../core/kernel/types/domain.ts";
import {
  AGENT_ID,
  type ConformanceContext,
  expectStorageError,
  FakeClock,
  id,
  ROOM_ID,
  seed,
  sortedIds,
} from "./fixtures.ts";
import { task } from "./tasks-cases.ts";

const MINUTE = 60_000;
const now = FakeClock.START;

/** `count` due tasks named `${prefix}_i`, leased to `owner`. */
async function leased(s: StorageAdapter, prefix: string, count: number, owner = "tick") {
  const ids: UUID[] = [];
  for (let i = 0; i < count; i += 50) {
    const part = Array.from({ length: Math.min(50, count - i) }, (_, j) =>
      id(`${prefix}-${i + j}`),
    );
    await s.batch(
      part.map((taskId, j) => ({
        op: "createTask",
        task: { ...task(`${prefix}_${i + j}`, { dueAt: now - count + i + j }), id: taskId },
      })),
    );
    ids.push(...part);
  }
  const claimed = await s.claimDueTasks({ now, limit: count, owner, leaseMs: MINUTE });
  expect(sortedIds(claimed)).toEqual(sortedIds(ids));
  return ids;
}

function runLog(label: string, body: Record<string, unknown> = { label }): LogParams {
  return { id: id(`run-${label}`), entityId: AGENT_ID, roomId: ROOM_ID, type: "run", body };
}

export function describeTaskReleaseCases(ctx: ConformanceContext): void {
  describe("releaseTasks", () => {
    it("ends many tasks in one call: a patch, a plain release and finishes, answered in order", async () => {
      const s = ctx.storage();
      await seed(s);
      const [patched, plain, done, alsoDone] = await leased(s, "MIXED", 4);
      const result = await s.releaseTasks({
        tasks: [
          { id: done!, owner: "tick", finish: true },
          { id: patched!, owner: "tick", patch: { dueAt: now + MINUTE, metadata: { runs: 1 } } },
          { id: alsoDone!, owner: "tick", finish: true },
          { id: plain!, owner: "tick" },
        ],
      });
      expect(result).toEqual({ held: [true, true, true, true] });
      expect(await s.getTask(done!)).toBeNull();
      expect(await s.getTask(alsoDone!)).toBeNull();
      expect(await s.getTask(patched!)).toMatchObject({
        dueAt: now + MINUTE,
        metadata: { runs: 1 },
        leaseOwner: null,
        leaseExpiresAt: null,
      });
      const kept = await s.getTask(plain!);
      expect(kept).toMatchObject({ dueAt: now - 3, leaseOwner: null, leaseExpiresAt: null });
      // Released, the plain one is due again for the next claimer; the patched one is not yet.
      const next = await s.claimDueTasks({ now, limit: 5, owner: "next", leaseMs: MINUTE });
      expect(next.map((t) => t.id)).toEqual([plain]);
    });

    it("decides each entry alone: a lost lease, a pause and a delete refuse only their own", async () => {
      const s = ctx.storage();
      await seed(s);
      const [lost, paused, deleted, pausedOnce, fine, fineOnce] = await leased(s, "EACH", 6);
      // During the run: one lease expires and another tick takes it, one task is paused (an
      // elizaOS pause through metadata), one is deleted, and a one-shot is paused.
      ctx.clock.advance(2 * MINUTE);
      await s.claimTask(lost!, { now: ctx.clock.now(), owner: "other", leaseMs: MINUTE });
      await s.updateTask(paused!, { metadata: { paused: true } });
      await s.deleteTask(deleted!);
      await s.updateTask(pausedOnce!, { metadata: { paused: true } });
      const patch = { dueAt: now + 10 * MINUTE, metadata: { runs: 1 } };
      const result = await s.releaseTasks({
        tasks: [
          { id: lost!, owner: "tick", patch },
          { id: paused!, owner: "tick", patch },
          { id: deleted!, owner: "tick", patch },
          { id: pausedOnce!, owner: "tick", finish: true },
          { id: fine!, owner: "tick", patch },
          { id: fineOnce!, owner: "tick", finish: true },
        ],
      });
      expect(result.held).toEqual([false, false, false, false, true, true]);
      expect(await s.getTask(lost!)).toMatchObject({ leaseOwner: "other", metadata: {} });
      for (const kept of [paused!, pausedOnce!]) {
        const row = await s.getTask(kept);
        expect(row?.metadata).toEqual({ paused: true });
        expect(row?.leaseOwner ?? null).toBeNull();
      }
      expect(await s.getTask(deleted!)).toBeNull();
      expect(await s.getTask(fine!)).toMatchObject({ metadata: { runs: 1 }, leaseOwner: null });
      expect(await s.getTask(fineOnce!)).toBeNull();
    });

    it("refuses entries of an owner that holds nothing, and a task that was never leased", async () => {
      const s = ctx.storage();
      await seed(s);
      const [held] = await leased(s, "OWNER", 1);
      const idle = await s.createTask(task("IDLE", { dueAt: now + MINUTE }));
      const result = await s.releaseTasks({
        tasks: [
          { id: held!, owner: "intruder", finish: true },
          { id: idle, owner: "tick", patch: { name: "changed" } },
          { id: id("ghost"), owner: "tick" },
        ],
      });
      expect(result.held).toEqual([false, false, false]);
      expect(await s.getTask(held!)).toMatchObject({ leaseOwner: "tick" });
      expect(await s.getTask(idle)).toMatchObject({ name: "IDLE", leaseOwner: null });
    });

    it("writes the log rows with the releases, and on their own", async () => {
      const s = ctx.storage();
      await seed(s);
      const [once] = await leased(s, "LOGGED", 1);
      const result = await s.releaseTasks({
        tasks: [{ id: once!, owner: "tick", finish: true }],
        logs: [runLog("a"), runLog("b", { steps: [{ type: "RUN_ENDED", text: "ok" }] })],
      });
      expect(result).toEqual({ held: [true] });
      expect(await s.getLog(id("run-a"))).toMatchObject({
        entityId: AGENT_ID,
        roomId: ROOM_ID,
        type: "run",
        body: { label: "a" },
        createdAt: now,
      });
      expect((await s.getLog(id("run-b")))?.body).toEqual({
        steps: [{ type: "RUN_ENDED", text: "ok" }],
      });
      expect(await s.releaseTasks({ tasks: [], logs: [runLog("c")] })).toEqual({ held: [] });
      expect(await s.getLog(id("run-c"))).toMatchObject({ body: { label: "c" } });
      expect(await s.releaseTasks({ tasks: [] })).toEqual({ held: [] });
    });

    it("lands the releases when a log row cannot be written, and says why", async () => {
      const s = ctx.storage();
      await seed(s);
      const [once, repeat] = await leased(s, "UNLOGGED", 2);
      // A value no backend can serialize: the row is refused on every one.
      const unwritable = runLog("bad", { count: 1n } as unknown as Record<string, unknown>);
      const result = await s.releaseTasks({
        tasks: [
          { id: once!, owner: "tick", finish: true },
          { id: repeat!, owner: "tick", patch: { dueAt: now + MINUTE } },
        ],
        logs: [unwritable],
      });
      expect(result.held).toEqual([true, true]);
      expect(result.logError).toBeDefined();
      expect(await s.getTask(once!)).toBeNull();
      expect(await s.getTask(repeat!)).toMatchObject({ dueAt: now + MINUTE, leaseOwner: null });
      expect(await s.getLog(id("run-bad"))).toBeNull();
    });

    it("ends 240 tasks and writes 40 rows in one call, past every engine's statement limits", {
      timeout: 60_000,
    }, async () => {
      const s = ctx.storage();
      await seed(s);
      const ids = await leased(s, "MANY", 240);
      const logs = Array.from({ length: 40 }, (_, i) => runLog(`many-${i}`));
      const result = await s.releaseTasks({
        tasks: ids.map((taskId, i) =>
          i % 2 === 0
            ? { id: taskId, owner: "tick", finish: true as const }
            : { id: taskId, owner: "tick", ...(i % 4 === 1 ? {} : { patch: { dueAt: null } }) },
        ),
        logs,
      });
      expect(result).toEqual({ held: ids.map(() => true) });
      const left = await s.getTasksByIds(ids);
      expect(sortedIds(left)).toEqual(sortedIds(ids.filter((_, i) => i % 2 === 1)));
      for (const t of left) expect(t.leaseOwner ?? null).toBeNull();
      for (let i = 0; i < 40; i++) expect(await s.getLog(id(`run-many-${i}`))).not.toBeNull();
    });

    it("refuses a task named twice with INVALID_BATCH, changing nothing", async () => {
      const s = ctx.storage();
      await seed(s);
      const [twice] = await leased(s, "TWICE", 1);
      await expectStorageError(
        s.releaseTasks({
          tasks: [
            { id: twice!, owner: "tick", finish: true },
            { id: twice!, owner: "tick", patch: { dueAt: null } },
          ],
          logs: [runLog("twice")],
        }),
        "INVALID_BATCH",
      );
      expect(await s.getTask(twice!)).toMatchObject({ leaseOwner: "tick" });
      expect(await s.getLog(id("run-twice"))).toBeNull();
    });
  });

  describe("getTasksByIds", () => {
    it("reads the tasks asked for, leaving out ids not found", async () => {
      const s = ctx.storage();
      await seed(s);
      const a = await s.createTask(task("A", { metadata: { k: 1 } }));
      const b = await s.createTask(task("B", { dueAt: now }));
      await s.createTask(task("C"));
      const got = await s.getTasksByIds([b, id("missing"), a, a]);
      expect(sortedIds(got)).toEqual(sortedIds([a, b]));
      expect(got.find((t) => t.id === a)).toMatchObject({ name: "A", metadata: { k: 1 } });
      expect(got.find((t) => t.id === b)).toMatchObject({ name: "B", dueAt: now });
      expect(await s.getTasksByIds([])).toEqual([]);
    });
  });
}
