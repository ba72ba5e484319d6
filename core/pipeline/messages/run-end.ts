// How a turn ends: its run record closed and RUN_ENDED emitted, with the same fields whether
// it completed or failed, so observers (the run log, plugins' listeners) see one shape.

import { EventType, type Memory, StorageError } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { RunControl } from "./run-control.ts";
import type { HandleMessageResult } from "./service-types.ts";

/** Ends a completed turn's run and hands its outcome back. */
export async function finishRun(
  runtime: IAgentRuntime,
  run: RunControl,
  base: Record<string, unknown>,
  startedAt: number,
  message: Memory,
  outcome: HandleMessageResult,
): Promise<HandleMessageResult> {
  await runtime.runs.end(run.record, "completed", {
    didRespond: outcome.didRespond,
    reason: outcome.reason,
    usage: outcome.usage,
  });
  await emitEnded(runtime, base, startedAt, message, {
    status: "completed",
    didRespond: outcome.didRespond,
    usage: outcome.usage,
  });
  return outcome;
}

/** Ends a failed turn's run; the caller rethrows. */
export async function failRun(
  runtime: IAgentRuntime,
  run: RunControl,
  base: Record<string, unknown>,
  startedAt: number,
  message: Memory,
  error: unknown,
): Promise<void> {
  await runtime.runs.end(run.record, "error", { error, usage: run.usage });
  await emitEnded(runtime, base, startedAt, message, {
    status: "error",
    error: String(error),
    usage: run.usage,
  });
}

async function emitEnded(
  runtime: IAgentRuntime,
  base: Record<string, unknown>,
  startedAt: number,
  message: Memory,
  ending: Record<string, unknown>,
): Promise<void> {
  const endTime = runtime.now();
  await runtime.emitEvent(EventType.RUN_ENDED, {
    ...base,
    ...ending,
    entityId: message.entityId,
    startTime: startedAt,
    endTime,
    duration: endTime - startedAt,
    source: message.content.source,
  });
}

/**
 * Throws when a reply of the turn could not be stored: the caller gets an error it can retry
 * (503, storage unavailable) instead of a turn that ended with nothing said.
 */
export function assertRepliesStored(run: RunControl): void {
  const error = run.unstoredReply;
  if (error === undefined) return;
  if (error instanceof StorageError && error.code === "UNAVAILABLE") throw error;
  throw new StorageError("UNAVAILABLE", "a reply could not be stored", { cause: error });
}
