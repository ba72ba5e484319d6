// The serverless primitives: claimOnce, claimDueTasks and releaseTaskLease. Races run over
// several clients when the backend provides them, so they cross connections.
import { describe, expect, it } from "vitest";
import type { Task, UUID } from "../../core/kernel/types/domain.ts";
import { AGENT_ID, type ConformanceContext, FakeClock, id, seed, sortedIds } from "./fixtures.ts";
import { task } from "./tasks-cases.ts";

const MINUTE = 60_000;

export function describeClaimCases(ctx: ConformanceContext): void {
  describe("claimOnce", () => {
    it("is true for the first caller and false after", async () => {
      const s = ctx.storage();
      expect(await s.claimOnce("telegram:update:1", MINUTE)).toBe(true);
      expect(await s.claimOnce("telegram:update:1", MINUTE)).toBe(false);
      expect(await s.claimOnce("telegram:update:1", MINUTE)).toBe(false);
    });

    it("keeps different keys independent", async () => {
      const s = ctx.storage();
      expect(await s.claimOnce("a", MINUTE)).toBe(true);
      expect(await s.claimOnce("b", MINUTE)).toBe(true);
      expect(await s.claimOnce("A", MINUTE)).toBe(true);
      expect(await s.claimOnce("a", MINUTE)).toBe(false);
    });

    it("lets exactly one of 20 concurrent callers win a key", async () => {
      const racers = await ctx.racers(20);
      const results = await Promise.all(racers.map((r) => r.claimOnce("discord:ix:42", MINUTE)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await ctx.storage().claimOnce("discord:ix:42", MINUTE)).toBe(false);
    });

    it("frees the key once the ttl has passed on the clock", async () => {
      const s = ctx.storage();
      expect(await s.claimOnce("cron:0", MINUTE)).toBe(true);
      ctx.clock.advance(MINUTE - 1_000);
      expect(await s.claimOnce("cron:0", MINUTE)).toBe(false);
      ctx.clock.advance(2_000);
      expect(await s.claimOnce("cron:0", MINUTE)).toBe(true);
      expect(await s.claimOnce("cron:0", MINUTE)).toBe(false);
    });

    it("uses an explicit now over the clock when given", async () => {
      const s = ctx.storage();
      const t = FakeClock.START;
      expect(await s.claimOnce("explicit", MINUTE, t)).toBe(true);
      expect(await s.claimOnce("explicit", MINUTE, t + MINUTE / 2)).toBe(false);
      expect(await s.claimOnce("explicit", MINUTE, t + 2 * MINUTE)).toBe(true);
    });

    it("does not share keys with the cache", async () => {
      const s = ctx.storage();
      await s.setCache("shared-name", "value");
      expect(await s.claimOnce("shared-name", MINUTE)).toBe(true);
      expect(await s.getCache("shared-name")).toBe("value");
    });
  });

  describe("claimDueTasks", () => {
    const now = FakeClock.START;

    it("claims only due tasks, oldest first, up to the limit, and records the lease", async () => {
      const s = ctx.storage();
      await seed(s);
      const late = await s.createTask(task("LATE", { dueAt: now - 1_000 }));
      const oldest = await s.createTask(task("OLDEST", { dueAt: now - 60_000 }));
      const exact = await s.createTask(task("EXACT", { dueAt: now }));
      await s.createTask(task("FUTURE", { dueAt: now + 1 }));
      await s.createTask(task("UNSCHEDULED", { dueAt: null }));
      await s.createTask(task("NO_DUE_AT"));

      const first = await s.claimDueTasks({ now, limit: 2, owner: "tick-1", leaseMs: MINUTE });
      expect(first.map((t) => t.id)).toEqual([oldest, late]);
      for (const t of first) {
        expect(t.leaseOwner).toBe("tick-1");
        expect(t.leaseExpiresAt).toBe(now + MINUTE);
      }
      expect(await s.getTask(oldest)).toMatchObject({
        leaseOwner: "tick-1",
        leaseExpiresAt: now + MINUTE,
      });

      const rest = await s.claimDueTasks({ now, limit: 10, owner: "tick-2", leaseMs: MINUTE });
      expect(rest.map((t) => t.id)).toEqual([exact]);
      expect(await s.claimDueTasks({ now, limit: 10, owner: "tick-3", leaseMs: MINUTE })).toEqual(
        [],
      );
    });

    it("claims nothing when nothing is due", async () => {
      const s = ctx.storage();
      await seed(s);
      await s.createTask(task("LATER", { dueAt: now + MINUTE }));
      expect(await s.claimDueTasks({ now, limit: 5, owner: "t", leaseMs: MINUTE })).toEqual([]);
      expect((await s.getTasksByName("LATER"))[0]?.leaseOwner ?? null).toBeNull();
    });

    it("claims only the given agent's tasks when agentId is set", async () => {
      const s = ctx.storage();
      await seed(s);
      const otherAgent = id("agent-2");
      await s.createAgent({ id: otherAgent, name: "Other agent" });
      const mine = await s.createTask(task("MINE", { dueAt: now - 2 }));
      const theirs = await s.createTask(task("THEIRS", { dueAt: now - 3, agentId: otherAgent }));
      const claimed = await s.claimDueTasks({
        now,
        limit: 10,
        owner: "t",
        leaseMs: MINUTE,
        agentId: AGENT_ID,
      });
      expect(claimed.map((t) => t.id)).toEqual([mine]);
      expect((await s.getTask(theirs))?.leaseOwner ?? null).toBeNull();
    });

    it("never gives one task to two of 5 concurrent claimers over 50 due tasks", async () => {
      const s = ctx.storage();
      await seed(s);
      const created: UUID[] = [];
      for (let i = 0; i < 50; i++) {
        created.push(await s.createTask(task(`JOB_${i}`, { dueAt: now - 50_000 + i })));
      }
      const racers = await ctx.racers(5);
      const claims: { owner: string; task: Task }[] = [];
      // Rounds until the queue is drained: backends may hand a racer fewer than its limit.
      for (let round = 0; round < 50; round++) {
        const results = await Promise.all(
          racers.map((r, i) =>
            r.claimDueTasks({ now, limit: 7, owner: `racer-${i}`, leaseMs: 10 * MINUTE }),
          ),
        );
        results.forEach((tasks, i) => {
          for (const t of tasks) claims.push({ owner: `racer-${i}`, task: t });
        });
        if (results.every((tasks) => tasks.length === 0)) break;
      }
      const claimedIds = claims.map((c) => c.task.id);
      expect(new Set(claimedIds).size).toBe(claimedIds.length);
      expect([...claimedIds].sort()).toEqual([...created].sort());
      for (const { owner, task: t } of claims) {
        expect(t.leaseOwner).toBe(owner);
        expect((await s.getTask(t.id!))?.leaseOwner).toBe(owner);
      }
    });

    it("respects a held lease and reclaims an expired one", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(task("JOB", { dueAt: now }));
      await s.claimDueTasks({ now, limit: 1, owner: "a", leaseMs: MINUTE });

      ctx.clock.advance(MINUTE - 1_000);
      const during = ctx.clock.now();
      expect(await s.claimDueTasks({ now: during, limit: 1, owner: "b", leaseMs: MINUTE })).toEqual(
        [],
      );
      expect((await s.getTask(taskId))?.leaseOwner).toBe("a");

      ctx.clock.advance(2_000);
      const after = ctx.clock.now();
      const reclaimed = await s.claimDueTasks({
        now: after,
        limit: 1,
        owner: "b",
        leaseMs: MINUTE,
      });
      expect(reclaimed.map((t) => t.id)).toEqual([taskId]);
      expect(await s.getTask(taskId)).toMatchObject({
        leaseOwner: "b",
        leaseExpiresAt: after + MINUTE,
      });
    });
  });

  describe("claimTask", () => {
    const now = FakeClock.START;

    it("leases one task by id, due or not, and then refuses it until the lease expires", async () => {
      const s = ctx.storage();
      await seed(s);
      const later = await s.createTask(task("LATER", { dueAt: now + MINUTE, metadata: { k: 1 } }));
      const unscheduled = await s.createTask(task("UNSCHEDULED", { dueAt: null }));

      const claimed = await s.claimTask(later, { now, owner: "manual", leaseMs: MINUTE });
      expect(claimed).toMatchObject({ id: later, name: "LATER", metadata: { k: 1 } });
      expect(claimed).toMatchObject({ leaseOwner: "manual", leaseExpiresAt: now + MINUTE });
      expect(await s.claimTask(later, { now, owner: "other", leaseMs: MINUTE })).toBeNull();
      expect(await s.getTask(later)).toMatchObject({ leaseOwner: "manual" });
      expect(
        await s.claimTask(unscheduled, { now, owner: "manual", leaseMs: MINUTE }),
      ).toMatchObject({ id: unscheduled, leaseOwner: "manual" });

      const after = now + MINUTE;
      expect(
        await s.claimTask(later, { now: after, owner: "other", leaseMs: MINUTE }),
      ).toMatchObject({ leaseOwner: "other", leaseExpiresAt: after + MINUTE });
      expect(await s.claimTask(id("missing"), { now, owner: "x", leaseMs: MINUTE })).toBeNull();
    });

    it("never gives a task a tick holds to a manual run, nor the reverse", async () => {
      const s = ctx.storage();
      await seed(s);
      const ticked = await s.createTask(task("TICKED", { dueAt: now }));
      await s.claimDueTasks({ now, limit: 1, owner: "tick", leaseMs: MINUTE });
      expect(await s.claimTask(ticked, { now, owner: "manual", leaseMs: MINUTE })).toBeNull();

      const manual = await s.createTask(task("MANUAL", { dueAt: now }));
      await s.claimTask(manual, { now, owner: "manual", leaseMs: MINUTE });
      expect(await s.claimDueTasks({ now, limit: 5, owner: "tick2", leaseMs: MINUTE })).toEqual([]);
      expect(await s.getTask(manual)).toMatchObject({ leaseOwner: "manual" });
    });

    it("lets exactly one of 10 concurrent claimers have it", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(task("RACED", { dueAt: now }));
      const racers = await ctx.racers(10);
      const results = await Promise.all(
        racers.map((r, i) => r.claimTask(taskId, { now, owner: `r${i}`, leaseMs: MINUTE })),
      );
      const winners = results.filter((t) => t !== null);
      expect(winners).toHaveLength(1);
      expect((await s.getTask(taskId))?.leaseOwner).toBe(winners[0]?.leaseOwner);
    });
  });

  describe("releaseTaskLease", () => {
    const now = FakeClock.START;

    it("lets the owner apply a patch and clear the lease", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(task("REPEAT", { dueAt: now, metadata: { runs: 0 } }));
      await s.claimDueTasks({ now, limit: 1, owner: "tick", leaseMs: MINUTE });
      expect(
        await s.releaseTaskLease(taskId, "tick", {
          dueAt: now + 10 * MINUTE,
          metadata: { runs: 1 },
        }),
      ).toBe(true);
      const got = await s.getTask(taskId);
      expect(got).toMatchObject({
        dueAt: now + 10 * MINUTE,
        metadata: { runs: 1 },
        name: "REPEAT",
      });
      expect(got?.leaseOwner ?? null).toBeNull();
      expect(got?.leaseExpiresAt ?? null).toBeNull();

      // Released and due again later: claimable once its new dueAt comes.
      expect(await s.claimDueTasks({ now, limit: 1, owner: "x", leaseMs: MINUTE })).toEqual([]);
      const later = await s.claimDueTasks({
        now: now + 10 * MINUTE,
        limit: 1,
        owner: "next",
        leaseMs: MINUTE,
      });
      expect(later.map((t) => t.id)).toEqual([taskId]);
    });

    it("releases without a patch", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(task("ONCE", { dueAt: now }));
      await s.claimDueTasks({ now, limit: 1, owner: "tick", leaseMs: MINUTE });
      expect(await s.releaseTaskLease(taskId, "tick")).toBe(true);
      expect((await s.getTask(taskId))?.leaseOwner ?? null).toBeNull();
      expect((await s.getTask(taskId))?.dueAt).toBe(now);
    });

    it("refuses a non-owner and changes nothing", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(task("JOB", { dueAt: now, metadata: { runs: 0 } }));
      await s.claimDueTasks({ now, limit: 1, owner: "owner", leaseMs: MINUTE });
      expect(await s.releaseTaskLease(taskId, "intruder", { metadata: { runs: 99 } })).toBe(false);
      expect(await s.getTask(taskId)).toMatchObject({
        leaseOwner: "owner",
        leaseExpiresAt: now + MINUTE,
        metadata: { runs: 0 },
      });
    });

    it("refuses the first owner once the lease was re-taken", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(task("SLOW", { dueAt: now, metadata: { runs: 0 } }));
      await s.claimDueTasks({ now, limit: 1, owner: "slow-tick", leaseMs: MINUTE });
      ctx.clock.advance(2 * MINUTE);
      await s.claimDueTasks({
        now: ctx.clock.now(),
        limit: 1,
        owner: "next-tick",
        leaseMs: MINUTE,
      });

      expect(await s.releaseTaskLease(taskId, "slow-tick", { metadata: { runs: 1 } })).toBe(false);
      expect(await s.getTask(taskId)).toMatchObject({
        leaseOwner: "next-tick",
        metadata: { runs: 0 },
      });
      expect(await s.releaseTaskLease(taskId, "next-tick", { metadata: { runs: 1 } })).toBe(true);
      expect((await s.getTask(taskId))?.metadata).toEqual({ runs: 1 });
    });

    it("refuses a task that is not leased or does not exist", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(task("IDLE", { dueAt: now + MINUTE }));
      expect(await s.releaseTaskLease(taskId, "anyone", { name: "changed" })).toBe(false);
      expect((await s.getTask(taskId))?.name).toBe("IDLE");
      expect(await s.releaseTaskLease(id("ghost"), "anyone")).toBe(false);
    });
  });

  describe("finishTask", () => {
    const now = FakeClock.START;

    it("deletes the owner's finished task", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(task("ONCE", { dueAt: now }));
      await s.claimDueTasks({ now, limit: 1, owner: "tick", leaseMs: MINUTE });
      expect(await s.finishTask(taskId, "tick")).toBe(true);
      expect(await s.getTask(taskId)).toBeNull();
      expect(await s.finishTask(taskId, "tick")).toBe(false);
    });

    it("refuses a non-owner, an unleased task and a lost lease, changing nothing", async () => {
      const s = ctx.storage();
      await seed(s);
      const idle = await s.createTask(task("IDLE", { dueAt: now + MINUTE }));
      expect(await s.finishTask(idle, "anyone")).toBe(false);
      const taskId = await s.createTask(task("SLOW", { dueAt: now }));
      await s.claimDueTasks({ now, limit: 1, owner: "slow-tick", leaseMs: MINUTE });
      expect(await s.finishTask(taskId, "intruder")).toBe(false);
      ctx.clock.advance(2 * MINUTE);
      await s.claimTask(taskId, { now: ctx.clock.now(), owner: "next", leaseMs: MINUTE });
      expect(await s.finishTask(taskId, "slow-tick")).toBe(false);
      expect(await s.getTask(taskId)).toMatchObject({ leaseOwner: "next" });
      expect(await s.getTask(idle)).toMatchObject({ name: "IDLE", leaseOwner: null });
    });

    it("keeps a task paused during the run, letting the lease go", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(task("ONCE", { dueAt: now }));
      await s.claimDueTasks({ now, limit: 1, owner: "tick", leaseMs: MINUTE });
      await s.updateTask(taskId, { metadata: { paused: true } });
      expect(await s.finishTask(taskId, "tick")).toBe(false);
      const kept = await s.getTask(taskId);
      expect(kept?.metadata).toEqual({ paused: true });
      expect(kept?.leaseOwner ?? null).toBeNull();
    });

    it("lets no claim by id take the task while it is held, nor after it is finished", async () => {
      const s = ctx.storage();
      await seed(s);
      const taskId = await s.createTask(task("ONCE", { dueAt: null }));
      await s.claimTask(taskId, { now, owner: "manual", leaseMs: MINUTE });
      const other = (i: number) =>
        s.claimTask(taskId, { now, owner: `other${i}`, leaseMs: MINUTE });
      expect(await other(1)).toBeNull();
      expect(await s.finishTask(taskId, "manual")).toBe(true);
      expect(await other(2)).toBeNull();
      expect(await s.getTask(taskId)).toBeNull();
    });
  });

  it("claimed tasks keep their other fields", async () => {
    const s = ctx.storage();
    await seed(s);
    const now = FakeClock.START;
    const taskId = await s.createTask(
      task("FULL", { dueAt: now, tags: ["a", "b"], metadata: { k: "v" } }),
    );
    const [claimed] = await s.claimDueTasks({ now, limit: 1, owner: "t", leaseMs: MINUTE });
    expect(claimed).toMatchObject({
      id: taskId,
      name: "FULL",
      tags: ["a", "b"],
      metadata: { k: "v" },
    });
    expect(sortedIds(await s.getTasksByName("FULL"))).toEqual([taskId]);
  });
}
