// The BATCHER_DRAIN task worker: a due drain task drains its group in this isolate, or, when
// the group is empty here, removes its task (see drain-task.ts).
import type { Task, UUID } from "../../kernel/index.ts";
import type { PromptBatcher } from "./batcher.ts";
import { BATCHER_DRAIN_TASK } from "./drain-task.ts";

/** What the drain worker needs of the runtime that runs its task. */
interface DrainRuntime {
  readonly promptBatcher: PromptBatcher;
  readonly storage: { deleteTask(id: UUID): Promise<void> };
}

/** The BATCHER_DRAIN task worker; the runtime registers it (it is a TaskWorker). */
export const batcherDrainWorker = {
  name: BATCHER_DRAIN_TASK,
  async execute(
    runtime: DrainRuntime,
    options: Record<string, unknown>,
    task: Task,
  ): Promise<void> {
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
