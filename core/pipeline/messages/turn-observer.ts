// Watching one turn as it happens (a streaming response watches): the observer's shape, the
// rule that a failing observer never fails the turn, and the timed steps of a run's debug log.

import type { Memory, UUID } from "../../kernel/index.ts";
import type { IAgentRuntime, RunEvent } from "../../runtime/index.ts";
import type { RunControl } from "./run-control.ts";

/** Someone watching one turn (a streaming response). A throwing observer never fails it. */
export interface TurnObserver {
  /** The run began; nothing is stored yet. */
  started?(run: { runId: UUID; messageId: UUID }): void;
  /** Reply text as the model writes it: the planner's <text>, or a plain answer. */
  text?(delta: string): void;
  /** A step the run recorded (ACTION_STARTED, ACTION_COMPLETED, MODEL_USED, ...). */
  event?(event: RunEvent): void;
  /** A reply was stored and delivered. */
  replied?(reply: Memory): void;
}

/** An observer's callback; whatever it throws stays with it. */
export function notify(call: () => void): void {
  try {
    call();
  } catch {
    // A watcher (a closed stream) never fails the turn.
  }
}

/** A step of the turn, its time on the run's debug line. */
export async function timed<T>(
  runtime: IAgentRuntime,
  run: RunControl,
  what: string,
  work: () => Promise<T>,
): Promise<T> {
  const started = runtime.now();
  const value = await work();
  run.record.log.debug(`${what} in ${runtime.now() - started} ms`);
  return value;
}
