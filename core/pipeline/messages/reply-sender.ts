// Sending one reply of a turn: dropped when the run timed out or a newer message in the room
// made it stale (run-guard.ts), embedded, recorded, then delivered at most once (send-once.ts).
// The k-th reply of a turn has a fixed id, so a second run of the same turn finds it.
import {
  type Content,
  createUniqueUuid,
  DeliveryError,
  EventType,
  type Memory,
  randomUuid,
  type StorageOp,
  type UUID,
} from "../../kernel/index.ts";
import { EMBED_TASK, embedWithinBudget, type IAgentRuntime } from "../../runtime/index.ts";
import type { RunControl } from "./run-control.ts";
import { isStale, keepsStaleReplies, knownStale, newerFromOthers, newerRead } from "./run-guard.ts";
import { type SendGuard, sendOnce } from "./send-once.ts";
import type { HandleMessageOptions, MessageCallback } from "./service-types.ts";
import { notify } from "./turn-observer.ts";

/** What every event of the turn carries. */
export interface TurnBase {
  runId: UUID;
  messageId: UUID;
  roomId: UUID;
}

/** The turn's `send`: what actions and evaluators call to reply to `message`. */
export function replySender(
  runtime: IAgentRuntime,
  message: Memory & { id: UUID },
  callback: MessageCallback | undefined,
  options: HandleMessageOptions,
  run: RunControl,
  base: TurnBase,
): (content: Content) => Promise<Memory[]> {
  const keepStale = keepsStaleReplies(runtime);
  const { runId, responses } = run;
  let replyCount = 0;
  return async (content: Content): Promise<Memory[]> => {
    // A timed-out run sends nothing more; a newer message in the room discards this reply
    // (run-guard.ts): seen here without a read, else by a read that goes with the first
    // reply's own write, or alone where the reply is not ours to write.
    if (run.over) return [];
    const discard = (): Memory[] => {
      run.replaced = true;
      runtime.logger.info("reply discarded: a newer message arrived in the room", {
        runId,
        roomId: message.roomId,
      });
      return [];
    };
    if (!keepStale && knownStale(runtime, message)) return discard();
    if (!keepStale && options.callbackStoresReplies) run.stale ??= isStale(runtime, message);
    if (run.stale && (await run.stale)) return discard();
    const reply: Memory & { id: UUID } = {
      // The k-th reply of a turn has a fixed id, so a second run of the turn finds it.
      id: replyId(runtime, message.id, replyCount++),
      entityId: runtime.agentId,
      agentId: runtime.agentId,
      roomId: message.roomId,
      worldId: message.worldId,
      content: {
        ...content,
        inReplyTo: message.id,
        channelType: message.content.channelType,
        source: content.source ?? message.content.source,
      },
      createdAt: Math.max(runtime.stamp(), (message.createdAt ?? 0) + 1),
    };
    if (options.callbackStoresReplies) {
      const stored = await callback?.(reply.content, reply);
      const memories = Array.isArray(stored) ? (stored as Memory[]) : [];
      responses.push(...(memories.length ? memories : [reply]));
      for (const m of memories.length ? memories : [reply]) {
        run.record.replied((m.id ?? reply.id) as UUID, m.content.text);
        notify(() => options.observer?.replied?.(m));
      }
      await runtime.emitEvent(EventType.MESSAGE_SENT, {
        ...base,
        message: reply,
        source: reply.content.source,
      });
      return memories;
    }
    const embedded = await embedWithinBudget(runtime, reply.content.text);
    if (embedded && "embedding" in embedded) reply.embedding = embedded.embedding;
    const alsoWrite = embedded && "deferred" in embedded ? [embedLaterOp(runtime, reply.id)] : [];
    // Record, then deliver (send-once.ts): a failure for sure withdraws the record and fails
    // the turn so a retry answers again; connectors swallow an ambiguous failure (a timeout
    // that may have reached the user), so it stays recorded and is never resent.
    const guard: SendGuard | undefined =
      keepStale || run.stale
        ? undefined
        : {
            read: newerRead(message),
            refuses: (newer) => newerFromOthers(runtime, message, newer),
          };
    let outcome: Awaited<ReturnType<typeof sendOnce>>;
    try {
      outcome = await sendOnce(
        runtime,
        reply,
        alsoWrite,
        async () => callback?.(reply.content, reply),
        guard,
      );
    } catch (error) {
      // Anything but the platform's refusal is the storage failing under the reply's record.
      if (!(error instanceof DeliveryError)) run.unstoredReply ??= error;
      throw error;
    }
    if (guard && outcome.sent) run.stale = Promise.resolve(false);
    if (!outcome.sent && "refused" in outcome) {
      run.stale = Promise.resolve(true);
      return discard();
    }
    if (!outcome.sent) {
      // An earlier run of this turn got this far: it was sent (or may have been). Quiet.
      runtime.logger.info("reply already recorded by an earlier run; not sent again", {
        id: reply.id,
      });
      if (outcome.existing) responses.push(outcome.existing);
      return outcome.existing ? [outcome.existing] : [];
    }
    responses.push(reply);
    run.record.replied(reply.id, reply.content.text);
    notify(() => options.observer?.replied?.(reply));
    await runtime.emitEvent(EventType.MESSAGE_SENT, {
      ...base,
      message: reply,
      source: reply.content.source,
    });
    return [reply];
  };
}

/** The id of the k-th reply (from 0) to a message: the same in every run of the turn. */
export function replyId(runtime: IAgentRuntime, messageId: UUID, k: number): UUID {
  return createUniqueUuid(runtime, `reply:${messageId}:${k}`);
}

/** A task that embeds the memory later, written in the same batch as the memory itself. */
export function embedLaterOp(runtime: IAgentRuntime, memoryId: UUID): StorageOp {
  const now = runtime.now();
  return {
    op: "createTask",
    task: {
      id: randomUuid(),
      name: EMBED_TASK,
      agentId: runtime.agentId,
      tags: ["queue"],
      metadata: { memoryId },
      dueAt: now,
      createdAt: now,
    },
  };
}
