// The task system owns when a group drains, the batcher owns how: one repeat task per
// affinity group (tags queue + repeat, metadata.affinityKey), run by one BATCHER_DRAIN worker
// that drains that group. maxFailures -1: a drain never pauses (-1 survives JSON, Infinity
// does not). Sections live in the isolate that registered them, so a drain in an isolate
// where the group is empty finds nothing to do and removes its task.

import type { UUID } from "../../kernel/index.ts";
import type { BatcherHost } from "./types.ts";

export const BATCHER_DRAIN_TASK = "BATCHER_DRAIN";

/** This group's drain task (found, or created due one interval from now). */
export async function ensureDrainTask(
  runtime: BatcherHost,
  affinityKey: string,
  intervalMs: number,
): Promise<UUID> {
  const existing = await findDrainTask(runtime, affinityKey);
  if (existing) return existing;
  const now = runtime.now();
  return runtime.createTask({
    name: BATCHER_DRAIN_TASK,
    description: `Drain prompt batcher group ${affinityKey}`,
    agentId: runtime.agentId,
    tags: ["queue", "repeat"],
    metadata: { affinityKey, updateInterval: intervalMs, updatedAt: now, maxFailures: -1 },
  });
}

export async function removeDrainTask(runtime: BatcherHost, affinityKey: string): Promise<void> {
  const id = await findDrainTask(runtime, affinityKey);
  if (id) await runtime.storage.deleteTask(id);
}

async function findDrainTask(runtime: BatcherHost, affinityKey: string): Promise<UUID | null> {
  const tasks = await runtime.storage.getTasksByName(BATCHER_DRAIN_TASK);
  const task = tasks.find(
    (t) =>
      (t.agentId === undefined || t.agentId === runtime.agentId) &&
      t.metadata?.affinityKey === affinityKey,
  );
  return (task?.id as UUID | undefined) ?? null;
}
