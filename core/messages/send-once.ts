// Sending something to a user at most once, through crashes and retries. The row that records
// the send (a reply, a reminder) has an id fixed by what it answers, and it is written BEFORE
// the platform is called: a second run that reaches the same send (a restart after kill -9, a
// concurrent tick, a redelivery) finds the row and does not send again. Only a send the platform
// refused for sure (DeliveryError) removes the row, so the retry sends it once more. A crash
// between the write and the platform's answer is treated like a timed-out send: it may have
// reached the user, so it is never repeated.
import type { AgentRuntime } from "../runtime/agent-runtime.ts";
import { StorageError, type StorageOp } from "../storage.ts";
import { type Memory, MemoryTable, type UUID } from "../types.ts";
import { DeliveryError } from "./delivery-error.ts";

export type SendOnceOutcome =
  | { sent: true }
  /** An earlier run already wrote this send; `existing` is its row (null if gone since). */
  | { sent: false; existing: Memory | null };

/**
 * Writes `memory` (with `alsoWrite` in the same atomic batch), then runs `deliver`. The write
 * replaces the write after the send that came before, so the success path costs no extra trip.
 */
export async function sendOnce(
  runtime: AgentRuntime,
  memory: Memory & { id: UUID },
  alsoWrite: StorageOp[],
  deliver: () => Promise<unknown>,
): Promise<SendOnceOutcome> {
  try {
    // A lone write needs no transaction (DynamoDB bills one at twice the cost).
    if (alsoWrite.length === 0) await runtime.storage.createMemory(memory, MemoryTable.MESSAGES);
    else {
      await runtime.storage.batch([
        { op: "createMemory", memory, tableName: MemoryTable.MESSAGES },
        ...alsoWrite,
      ]);
    }
  } catch (error) {
    if (!(error instanceof StorageError && error.code === "CONFLICT")) throw error;
    return { sent: false, existing: await runtime.storage.getMemoryById(memory.id) };
  }
  try {
    await deliver();
  } catch (error) {
    const failure =
      error instanceof DeliveryError
        ? error
        : new DeliveryError(`not delivered: ${String(error)}`, { cause: error });
    try {
      await runtime.storage.deleteMemory(memory.id);
    } catch (cleanup) {
      // The row stays, so no retry will send this: it is lost rather than risk a repeat.
      runtime.logger.error("could not withdraw a failed send; it will not be retried", {
        id: memory.id,
        error: String(cleanup),
      });
    }
    throw failure;
  }
  return { sent: true };
}
