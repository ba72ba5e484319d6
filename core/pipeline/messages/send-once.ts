// Sending something to a user at most once, through crashes and retries. The row that records
// the send (a reply, a reminder) has an id fixed by what it answers, and it is written BEFORE
// the platform is called: a second run that reaches the same send (a restart after kill -9, a
// concurrent tick, a redelivery) finds the row and does not send again. Only a send the platform
// refused for sure (DeliveryError) removes the row, so the retry sends it once more. A crash
// between the write and the platform's answer is treated like a timed-out send: it may have
// reached the user, so it is never repeated. While the connector waits to retry after a
// definite refusal (a 429's retry_after, a 5xx pause), the row says "not sent yet"
// (kernel/delivery): a crash in that wait leaves a send that recovery makes once more
// (resendWaiting). That costs two writes per such wait and nothing on a send that goes through.

import {
  DeliveryError,
  type DeliveryProgress,
  type Memory,
  MemoryTable,
  NOT_SENT_YET,
  StorageError,
  type StorageOp,
  type StorageRead,
  type StorageReadResult,
  trackDelivery,
  type UUID,
} from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";

export type SendOnceOutcome =
  | { sent: true }
  /** An earlier run already wrote this send; `existing` is its row (null if gone since). */
  | { sent: false; existing: Memory | null }
  /** The guard refused the send after the write: the row is withdrawn, nothing delivered. */
  | { sent: false; refused: true };

/**
 * A last check before delivering, whose read goes with the send's own write (one round trip):
 * the stale-reply rule's "did a newer message arrive?".
 */
export interface SendGuard {
  read: StorageRead;
  refuses(answer: StorageReadResult): boolean;
}

/**
 * Writes `memory` (with `alsoWrite` in the same atomic batch), then runs `deliver`. The write
 * replaces the write after the send that came before, so the success path costs no extra trip.
 */
export async function sendOnce(
  runtime: IAgentRuntime,
  memory: Memory & { id: UUID },
  alsoWrite: StorageOp[],
  deliver: () => Promise<unknown>,
  guard?: SendGuard,
): Promise<SendOnceOutcome> {
  // elizaOS stores a message as type "message"; plugins filter their reads on it.
  memory.metadata = { type: "message", ...memory.metadata };
  const write: StorageOp[] = [
    { op: "createMemory", memory, tableName: MemoryTable.MESSAGES },
    ...alsoWrite,
  ];
  let answers: StorageReadResult[];
  try {
    // A lone write needs no transaction (DynamoDB bills one at twice the cost).
    if (write.length === 1 && !guard) {
      await runtime.storage.createMemory(memory, MemoryTable.MESSAGES);
      answers = [];
    } else answers = await runtime.storage.batch(write, guard ? [guard.read] : []);
  } catch (error) {
    if (!(error instanceof StorageError && error.code === "CONFLICT")) throw error;
    return { sent: false, existing: await runtime.storage.getMemoryById(memory.id) };
  }
  if (guard?.refuses(answers[0]!)) {
    // Written but never delivered: take it back, with what was written beside it.
    const tasks = alsoWrite.flatMap((op) =>
      op.op === "createTask" ? [{ op: "deleteTask", id: op.task.id } as const] : [],
    );
    await runtime.storage.batch([{ op: "deleteMemory", memoryId: memory.id }, ...tasks]);
    return { sent: false, refused: true };
  }
  try {
    trackDelivery(memory.content, recordedProgress(runtime, memory));
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

/** The send's progress, written to its row: "not sent yet" while it waits to retry. */
function recordedProgress(runtime: IAgentRuntime, memory: Memory & { id: UUID }): DeliveryProgress {
  const { delivery: _, ...metadata } = (memory.metadata ?? {}) as Record<string, unknown>;
  const write = async (waiting: boolean) => {
    await runtime.storage.updateMemory({
      id: memory.id,
      metadata: (waiting
        ? { ...metadata, delivery: NOT_SENT_YET }
        : metadata) as Memory["metadata"],
    });
  };
  return { waiting: () => write(true), resuming: () => write(false) };
}

/** Whether a recorded send was waiting to retry, so nothing of it was delivered. */
export function isWaitingSend(memory: Memory): boolean {
  return (memory.metadata as { delivery?: unknown } | undefined)?.delivery === NOT_SENT_YET;
}

/**
 * Makes a recorded send that never left (a crash while it waited to retry) once more: its row
 * says "may be sent" again right before the call, as a first send's does. A definite refusal
 * puts the row back to "not sent yet" and throws, so the owning task retries it later.
 */
export async function resendWaiting(
  runtime: IAgentRuntime,
  memory: Memory & { id: UUID },
  deliver: () => Promise<unknown>,
): Promise<void> {
  const progress = recordedProgress(runtime, memory);
  await progress.resuming();
  trackDelivery(memory.content, progress);
  try {
    await deliver();
  } catch (error) {
    await progress.waiting().catch(() => {});
    throw error instanceof DeliveryError
      ? error
      : new DeliveryError(`not delivered: ${String(error)}`, { cause: error });
  }
}
