// Autonomy on the deployable Worker in real workerd with D1: ENABLE_AUTONOMY makes the first
// request's cold start create the AUTONOMY_THINK task, a Cron Trigger that finds it due takes
// one step in the agent's own room (the offline ELIZA answers), and the daily budget holds.
import type { D1Database } from "@cloudflare/workers-types";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Storage } from "../../adapters/d1/index.ts";
import { AUTONOMY_TASK_NAME, createUniqueUuid, type UUID } from "../../core/index.ts";
import { startDeployedWorker } from "../support/miniflare-d1.ts";
import { triggerScheduled } from "../support/miniflare-scheduled.ts";

describe("autonomy on the Worker in workerd with D1", () => {
  let mf: Miniflare;
  let db: D1Database;

  beforeAll(async () => {
    ({ mf, db } = await startDeployedWorker(
      {
        API_TOKEN: "autonomy-test-token",
        LOG_LEVEL: "warn",
        ENABLE_AUTONOMY: "true",
        AUTONOMY_MAX_STEPS_PER_DAY: "1",
      },
      { shared: { unsafeTriggerHandlers: true } },
    ));
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  const scheduled = (time: number) =>
    triggerScheduled(mf, "http://worker.test", {
      cron: "* * * * *",
      scheduledTime: new Date(time),
    });
  const roomMemories = async (roomId: UUID) =>
    (
      await db
        .prepare("SELECT entity_id AS entityId, content FROM memories WHERE room_id = ?")
        .bind(roomId)
        .all<{ entityId: string; content: string }>()
    ).results.map((row) => ({ entityId: row.entityId, content: JSON.parse(row.content) }));

  it("a cold start schedules the task; a due Cron Trigger takes one step; the budget holds", async () => {
    const health = await mf.dispatchFetch("http://worker.test/health");
    const { agentId } = (await health.json()) as { agentId: UUID };
    const storage = createD1Storage(db, { agentId });
    const taskId = createUniqueUuid({ agentId }, "autonomy-task");
    const roomId = createUniqueUuid({ agentId }, "autonomy-room");

    const task = await storage.getTask(taskId);
    expect(task?.name).toBe(AUTONOMY_TASK_NAME);
    expect(task?.tags).toEqual(expect.arrayContaining(["queue", "repeat"]));
    expect(await roomMemories(roomId)).toEqual([]);

    // Make it due now rather than wait out its interval on the wall clock.
    await storage.updateTask(taskId, { dueAt: Date.now() - 1_000 });
    expect(await scheduled(Date.now())).toMatchObject({ outcome: "ok" });
    const memories = await roomMemories(roomId);
    const prompt = memories.find((m) => m.entityId !== agentId);
    expect(prompt?.content.metadata).toMatchObject({ isAutonomous: true });
    expect(memories.some((m) => m.entityId === agentId)).toBe(true);
    // Kept for its next interval, not deleted like a one-shot task.
    expect((await storage.getTask(taskId))?.dueAt).toBeGreaterThan(Date.now() - 1_000);

    // The day's one step is spent: due again, the next trigger takes none.
    await storage.updateTask(taskId, { dueAt: Date.now() - 1_000 });
    expect(await scheduled(Date.now() + 60_000)).toMatchObject({ outcome: "ok" });
    expect(await roomMemories(roomId)).toHaveLength(memories.length);
  });
});
