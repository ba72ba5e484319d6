// A task run's shapes, shared by running it (run-task.ts) and writing its ending (end-runs.ts).
import type { LogParams, Task, UUID } from "../../kernel/index.ts";

export type RunOutcome = "succeeded" | "failed" | "paused" | "skipped";

export type LeasedTask = Task & { id: UUID };

/** A leased task a tick or a manual run is done with, before its ending is written. */
export type TaskRun =
  /** Not run (no worker, its check said no, not a queue task): its release is decided. */
  | { kind: "skipped"; task: LeasedTask; owner: string; patch: Partial<Task> }
  /** Claimed but never started (the tick's budget ran out): let go as it is, not counted. */
  | { kind: "unrun"; task: LeasedTask; owner: string }
  /** The worker ran; the ending builds on the stored row (the worker may have written it). */
  | {
      kind: "executed";
      task: LeasedTask;
      owner: string;
      now: number;
      failed: boolean;
      error?: unknown;
      /** The run's log row, written with the ending. */
      log?: LogParams;
    };
