// The task system owns when a group drains, the batcher owns how: one repeat task per
// affinity group (tags queue + repeat, metadata.affinityKey), run by one BATCHER_DRAIN worker
// that drains that group. maxFailures -1: a drain never pauses (-1 survives JSON, Infinity
// does not). Sections live in the isolate that registered them, so a drain in an isolate
// where the group is empty finds nothing to do and removes its task.

import type { UUID } from "../../kernel/types/domain.ts";
import type { AgentRuntime } from "../agent-runtime-core.ts";
import { createTask } from "../tasks/task-rows.ts";
import type { TaskWorker } from "../tasks/types.ts";

export const BATCHER_DRAIN_TASK = "BATCHER_DRAIN";

export const batcherDrainWorker: TaskWorker = {
  name: BATCHER_DRAIN_TASK,
  async execute(runtime, options, task) {
    const affinityKey = typeof options.affinityKey === "string" ? options.affinityKey : "default";
    const batcher = runtime.promptBatcher;
    if (batcher.getSectionCountForAffinity(affinityKey) === 0) {
      if (task.id) await runtime.storage.deleteTask(task.id);
      batcher.forgetDrainTask(affinityKey);
      return;
    }
    await batcher.drainAffinityGroup(affinityKey);
  },
};

/** This group's drain task (found, or created due one interval from now). */
export async function ensureDrainTask(
  runtime: AgentRuntime,
  affinityKey: string,
  intervalMs: number,
): Promise<UUID> {
  const existing = await findDrainTask(runtime, affinityKey);
  if (existing) return existing;
  const now = runtime.now();
  return createTask(runtime, {
    name: BATCHER_DRAIN_TASK,
    description: `Drain prompt batcher group ${affinityKey}`,
    agentId: runtime.agentId,
    tags: ["queue", "repeat"],
    metadata: { affinityKey, updateInterval: intervalMs, updatedAt: now, maxFailures: -1 },
  });
}

export async function removeDrainTask(runtime: AgentRuntime, affinityKey: string): Promise<void> {
  const id = await findDrainTask(runtime, affinityKey);
  if (id) await runtime.storage.deleteTask(id);
}

async function findDrainTask(runtime: AgentRuntime, affinityKey: string): Promise<UUID | null> {
  const tasks = await runtime.storage.getTasksByName(BATCHER_DRAIN_TASK);
  const task = tasks.find(
    (t) =>
      (t.agentId === undefined || t.agentId === runtime.agentId) &&
      t.metadata?.affinityKey === affinityKey,
  );
  return (task?.id as UUID | undefined) ?? null;
}
