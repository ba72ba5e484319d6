// Tasks: create, read, filter, partial update, delete.
import { describe, expect, it } from "vitest";
import { validateUuid } from "../../core/kernel/ids/uuid.ts";
import type { Task } from "../../core/kernel/types/domain.ts";
import {
  AGENT_ID,
  type ConformanceContext,
  FakeClock,
  id,
  OTHER_ROOM_ID,
  OTHER_USER_ID,
  ROOM_ID,
  seed,
  sortedIds,
  USER_ID,
  WORLD_ID,
} from "./fixtures.ts";

export function task(name: string, overrides: Partial<Task> = {}): Task {
  return {
    name,
    description: `${name} description`,
    agentId: AGENT_ID,
    roomId: ROOM_ID,
    worldId: WORLD_ID,
    entityId: USER_ID,
    tags: ["queue"],
    metadata: {},
    ...overrides,
  };
}

export function describeTaskCases(ctx: ConformanceContext): void {
  describe("tasks", () => {
    it("creates a task with a generated id and reads it back", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(
        task("REMIND", {
          tags: ["queue", "repeat"],
          metadata: { updateInterval: 60_000, text: "drink water" },
          dueAt: FakeClock.START + 5_000,
        }),
      );
      expect(validateUuid(taskId)).toBe(taskId);
      const got = await s.getTask(taskId);
      expect(got).toMatchObject({
        id: taskId,
        name: "REMIND",
        description: "REMIND description",
        roomId: ROOM_ID,
        worldId: WORLD_ID,
        entityId: USER_ID,
        tags: ["queue", "repeat"],
        metadata: { updateInterval: 60_000, text: "drink water" },
        dueAt: FakeClock.START + 5_000,
      });
      expect(got?.leaseOwner ?? null).toBeNull();
      expect(got?.leaseExpiresAt ?? null).toBeNull();
      expect(await s.getTask(id("no-task"))).toBeNull();
    });

    it("keeps a given id", async () => {
      const s = ctx.storage();
      await seed(s);
      const given = id("given-task");
      expect(await s.createTask(task("X", { id: given }))).toBe(given);
      expect((await s.getTask(given))?.name).toBe("X");
    });

    it("filters by room, by entity, and by tags (all listed tags present)", async () => {
      const s = ctx.storage();
      await seed(s);
      const a = await s.createTask(task("A", { tags: ["queue", "repeat"] }));
      const b = await s.createTask(task("B", { tags: ["queue"], roomId: OTHER_ROOM_ID }));
      const c = await s.createTask(task("C", { tags: ["repeat"], entityId: OTHER_USER_ID }));
      const d = await s.createTask(task("D", { tags: [] }));

      expect(sortedIds(await s.getTasks({}))).toEqual(sortedIds([a, b, c, d]));
      expect(sortedIds(await s.getTasks({ roomId: ROOM_ID }))).toEqual(sortedIds([a, c, d]));
      expect(sortedIds(await s.getTasks({ entityId: OTHER_USER_ID }))).toEqual([c]);
      expect(sortedIds(await s.getTasks({ tags: ["queue"] }))).toEqual(sortedIds([a, b]));
      expect(sortedIds(await s.getTasks({ tags: ["queue", "repeat"] }))).toEqual([a]);
      expect(sortedIds(await s.getTasks({ tags: ["repeat", "queue"] }))).toEqual([a]);
      expect(await s.getTasks({ tags: ["queue", "missing"] })).toEqual([]);
      expect(sortedIds(await s.getTasks({ tags: ["repeat"], roomId: ROOM_ID }))).toEqual(
        sortedIds([a, c]),
      );
      expect(sortedIds(await s.getTasks({ tags: [] }))).toEqual(sortedIds([a, b, c, d]));
    });

    it("matches tags exactly, never as patterns or substrings", async () => {
      const s = ctx.storage();
      await seed(s);
      const percent = await s.createTask(task("P", { tags: ["50%"] }));
      const under = await s.createTask(task("U", { tags: ["a_b"] }));
      await s.createTask(task("N", { tags: ["500", "axb", "50", "queue-long"] }));
      expect(sortedIds(await s.getTasks({ tags: ["50%"] }))).toEqual([percent]);
      expect(sortedIds(await s.getTasks({ tags: ["a_b"] }))).toEqual([under]);
      expect(await s.getTasks({ tags: ["5"] })).toEqual([]);
      expect(await s.getTasks({ tags: ["queue"] })).toEqual([]);
    });

    it("finds tasks by exact name", async () => {
      const s = ctx.storage();
      await seed(s);
      const one = await s.createTask(task("SEND_DIGEST"));
      const two = await s.createTask(task("SEND_DIGEST", { roomId: OTHER_ROOM_ID }));
      await s.createTask(task("SEND_DIGEST_LATER"));
      expect(sortedIds(await s.getTasksByName("SEND_DIGEST"))).toEqual(sortedIds([one, two]));
      expect(await s.getTasksByName("send_digest")).toEqual([]);
      expect(await s.getTasksByName("SEND%")).toEqual([]);
    });

    it("updates partially: only the given fields change", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(
        task("T", { metadata: { a: 1 }, dueAt: FakeClock.START + 1_000, tags: ["x"] }),
      );
      await s.updateTask(taskId, { metadata: { a: 2, b: [1] } });
      let got = await s.getTask(taskId);
      expect(got).toMatchObject({
        name: "T",
        tags: ["x"],
        metadata: { a: 2, b: [1] },
        dueAt: FakeClock.START + 1_000,
        roomId: ROOM_ID,
      });

      await s.updateTask(taskId, { dueAt: FakeClock.START + 9_000, description: "moved" });
      got = await s.getTask(taskId);
      expect(got).toMatchObject({
        dueAt: FakeClock.START + 9_000,
        description: "moved",
        metadata: { a: 2, b: [1] },
      });

      await s.updateTask(taskId, { dueAt: null, tags: ["y", "z"] });
      got = await s.getTask(taskId);
      expect(got?.dueAt ?? null).toBeNull();
      expect(got?.tags).toEqual(["y", "z"]);
      expect(got?.name).toBe("T");

      await s.updateTask(id("ghost-task"), { name: "ghost" });
      expect(await s.getTask(id("ghost-task"))).toBeNull();
    });

    it("a pause during a run wins over the run's lease release", async () => {
      const s = ctx.storage();
      await seed(s);
      const now = FakeClock.START;
      const taskId = await s.createTask(task("PAUSED_MID_RUN", { dueAt: now, metadata: { n: 0 } }));
      await s.claimDueTasks({ now, limit: 1, owner: "tick", leaseMs: 60_000 });
      // pauseTask's write, while the tick still holds the lease.
      await s.updateTask(taskId, { dueAt: null, metadata: { n: 0, paused: true } });
      const released = await s.releaseTaskLease(taskId, "tick", {
        dueAt: now + 60_000,
        metadata: { n: 1, paused: false },
      });
      expect(released).toBe(false);
      const got = await s.getTask(taskId);
      expect(got?.metadata).toEqual({ n: 0, paused: true });
      expect(got?.dueAt ?? null).toBeNull();
      // The lease is let go all the same: status no longer says running.
      expect(got?.leaseOwner ?? null).toBeNull();
      expect(got?.leaseExpiresAt ?? null).toBeNull();
      // Resumed, it is claimable at once; a pause set by the run's own patch still lands.
      await s.updateTask(taskId, { dueAt: now, metadata: { n: 0, paused: false } });
      await s.claimDueTasks({ now, limit: 1, owner: "tick-2", leaseMs: 60_000 });
      expect(
        await s.releaseTaskLease(taskId, "tick-2", { dueAt: null, metadata: { paused: true } }),
      ).toBe(true);
      expect((await s.getTask(taskId))?.metadata).toEqual({ paused: true });
    });

    it("a delete during a run is never undone by the run's lease release", async () => {
      const s = ctx.storage();
      await seed(s);
      const now = FakeClock.START;
      const taskId = await s.createTask(task("CANCELLED_MID_RUN", { dueAt: now }));
      await s.claimDueTasks({ now, limit: 1, owner: "tick", leaseMs: 60_000 });
      await s.deleteTask(taskId);
      expect(
        await s.releaseTaskLease(taskId, "tick", { dueAt: now + 60_000, metadata: { n: 1 } }),
      ).toBe(false);
      expect(await s.getTask(taskId)).toBeNull();
      expect(await s.getTasks({})).toEqual([]);
      expect(
        await s.claimDueTasks({ now: now + 60_000, limit: 5, owner: "x", leaseMs: 1 }),
      ).toEqual([]);
    });

    it("deletes a task", async () => {
      const s = ctx.storage();
      await seed(s);
      const keep = await s.createTask(task("KEEP"));
      const drop = await s.createTask(task("DROP"));
      await s.deleteTask(drop);
      expect(await s.getTask(drop)).toBeNull();
      expect(sortedIds(await s.getTasks({}))).toEqual([keep]);
      await s.deleteTask(id("never"));
    });
  });
}
