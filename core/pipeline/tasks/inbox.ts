// The durable inbox: a webhook records an inbound message and answers the platform at once;
// the agent's turn runs in the background (waitUntil) and, should that die, the next tick
// picks it up. Each platform update is accepted once and answered once.

import {
  createUniqueUuid,
  type Memory,
  randomUuid,
  StorageError,
  type UUID,
} from "../../kernel/index.ts";
import type {
  ConnectionParams,
  IAgentRuntime,
  SendTarget,
  TaskWorker,
} from "../../runtime/index.ts";
import { isWaitingSend, messageService, replyId, resendWaiting } from "../messages/index.ts";
import { runClaimedTask } from "./run-task.ts";

export const INBOX_TASK = "INBOX_MESSAGE";
/** Replies of one turn recovery looks for in its one read; turns have one or two. */
const RECOVERABLE_REPLIES = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface InboundMessage {
  /** Unique per platform update, e.g. `telegram:update:123`; redeliveries carry the same key. */
  key: string;
  message: Omit<Memory, "id" | "agentId">;
  connection: ConnectionParams;
  /** Where the agent's replies go. */
  target: SendTarget;
}

export interface InboxOptions {
  /**
   * Lease the message to this invocation, to run it in the background (default). False leaves
   * it due for the next tick instead: for platforms where nothing runs after the response, whose
   * continuation (a self-invoke, the next cron) must be the only thing that runs it.
   */
  lease?: boolean;
  /** How long the background run owns the message before a tick may take it; default 2 min. */
  leaseMs?: number;
  /** How long a key is remembered for dedupe; default 24 h (Telegram keeps updates 24 h). */
  dedupeMs?: number;
}

export type Acceptance =
  | {
      accepted: true;
      messageId: UUID;
      taskId: UUID;
      /** Runs the leased message now (in waitUntil); absent when it was left for a tick. */
      process?: () => Promise<void>;
    }
  | { accepted: false; reason: "duplicate" };

interface InboxPayload {
  messageId: UUID;
  message: Omit<Memory, "id" | "agentId">;
  connection: ConnectionParams;
  target: SendTarget;
}

/**
 * Records an inbound message as a task leased to the caller, deduplicated by `key`. Two round
 * trips; the ack can go out as soon as this returns. A storage outage throws: answer 503 so the
 * platform redelivers, and the redelivery is accepted because nothing was stored.
 */
export async function acceptInbound(
  runtime: IAgentRuntime,
  inbound: InboundMessage,
  options: InboxOptions = {},
): Promise<Acceptance> {
  const now = runtime.now();
  const messageId = createUniqueUuid(runtime, `inbox:${inbound.key}`);
  const taskId = createUniqueUuid(runtime, `inbox-task:${inbound.key}`);
  const claimKey = `inbox:${runtime.agentId}:${inbound.key}`;
  if (!(await runtime.storage.claimOnce(claimKey, options.dedupeMs ?? DAY_MS, now))) {
    // The key was seen. If that delivery stored nothing (it failed before the task), take this one.
    const [task, message] = await Promise.all([
      runtime.storage.getTask(taskId),
      runtime.storage.getMemoryById(messageId),
    ]);
    if (task || message) return { accepted: false, reason: "duplicate" };
  }
  const leased = options.lease !== false;
  const owner = `inbox:${randomUuid()}`;
  const payload: InboxPayload = {
    messageId,
    message: { ...inbound.message, createdAt: inbound.message.createdAt ?? now },
    connection: inbound.connection,
    target: inbound.target,
  };
  try {
    await runtime.storage.createTask({
      id: taskId,
      name: INBOX_TASK,
      agentId: runtime.agentId,
      roomId: inbound.connection.roomId,
      tags: ["queue", "inbox"],
      metadata: { ...payload, maxFailures: 5 } as unknown as Record<string, unknown>,
      dueAt: now,
      leaseOwner: leased ? owner : null,
      leaseExpiresAt: leased ? now + (options.leaseMs ?? 2 * 60_000) : null,
      createdAt: now,
    });
  } catch (error) {
    if (error instanceof StorageError && error.code === "CONFLICT") {
      return { accepted: false, reason: "duplicate" };
    }
    throw error;
  }
  if (!leased) return { accepted: true, messageId, taskId };
  return {
    accepted: true,
    messageId,
    taskId,
    process: async () => {
      const task = await runtime.storage.getTask(taskId);
      if (task) await runClaimedTask(runtime, { ...task, id: taskId }, owner, runtime.now());
    },
  };
}

/**
 * Runs an inbox message through the pipeline. Safe to run again after a crash: a message
 * already stored is not stored twice, and one already answered is not answered again (a send
 * that may have reached the user is never blindly repeated).
 */
export const inboxWorker: TaskWorker = {
  name: INBOX_TASK,
  // The message turn it runs is the run: one row per webhook message, not two.
  runLog: false,
  async execute(runtime, options) {
    const payload = options as unknown as InboxPayload;
    // One read for all: is the message stored, and do its replies exist (by their fixed ids,
    // however many messages came after it)?
    const replyIds = Array.from({ length: RECOVERABLE_REPLIES }, (_, k) =>
      replyId(runtime, payload.messageId, k),
    );
    const found = await runtime.storage.getMemoriesByIds([payload.messageId, ...replyIds]);
    const replies = replyIds.flatMap((id) => found.filter((m) => m.id === id));
    if (replies.length > 0) {
      // An earlier run answered it (or may have: it died mid-send). Never answer twice; but a
      // reply that died while it waited to retry never left: it is sent now, once.
      for (const reply of replies.filter(isWaitingSend)) {
        await resendWaiting(runtime, reply as Memory & { id: UUID }, () =>
          runtime.sendMessageToTarget(payload.target, reply.content),
        );
        runtime.logger.info("sent a reply a crash had left waiting to retry", { id: reply.id });
      }
      runtime.logger.info("inbox message already answered; not answered again", {
        messageId: payload.messageId,
      });
      return;
    }
    const stored = found.find((m) => m.id === payload.messageId);
    await messageService.handleMessage(
      runtime,
      // A stored message carries what its first run read from its attachments.
      { ...payload.message, ...(stored ? { content: stored.content } : {}), id: payload.messageId },
      async (content) => {
        await runtime.sendMessageToTarget(payload.target, content);
      },
      { connection: payload.connection, alreadySaved: stored !== undefined },
    );
  },
};
