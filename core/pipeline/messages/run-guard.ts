// The two rules that can end a run without its reply, as elizaOS's DefaultMessageService has
// them: the run timeout (RUN_TIMEOUT) and the stale-reply rule (a newer message in the room
// discards an older run's reply unless BASIC_CAPABILITIES_KEEP_RESP).

import {
  EventType,
  type Memory,
  MemoryTable,
  parseBooleanFromText,
  type StorageRead,
  type StorageReadResult,
  type UUID,
} from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { RunControl } from "./run-control.ts";
import type { HandleMessageResult } from "./service-types.ts";

/** elizaOS's default run timeout (its handleMessage's timeoutDuration): one hour. */
export const DEFAULT_RUN_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * RUN_TIMEOUT_MS, or elizaOS's one hour when unset or not a positive number. Infinity (a
 * caller's timeoutDuration, or the setting "Infinity") is no timeout: no timer is set at all.
 */
export function runTimeoutMs(runtime: IAgentRuntime, override?: number): number {
  const raw = override ?? Number(runtime.getSettingString("RUN_TIMEOUT_MS"));
  return raw > 0 ? raw : DEFAULT_RUN_TIMEOUT_MS;
}

/**
 * Resolves with the turn, or when `ms` pass first: marks the run over (its later replies are
 * dropped), emits elizaOS's RUN_TIMEOUT and resolves with reason "timeout". The timer is
 * cleared before returning, so nothing outlives the call but the abandoned turn itself.
 */
export async function raceRunTimeout(
  runtime: IAgentRuntime,
  message: Memory & { id: UUID },
  run: RunControl,
  ms: number,
  turn: Promise<HandleMessageResult>,
): Promise<HandleMessageResult> {
  // setTimeout would clamp Infinity to 1 ms (Node) or refuse it (a Worker's global scope).
  if (ms === Number.POSITIVE_INFINITY) return turn;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  // The abandoned turn may still fail later; that must not be an unhandled rejection.
  const settled = turn.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  try {
    const first = await Promise.race([settled, expired]);
    if (first !== "timeout") {
      if ("error" in first) throw first.error;
      return first.value;
    }
  } finally {
    clearTimeout(timer);
  }
  run.over = true;
  const endTime = runtime.now();
  await runtime.runs.end(run.record, "timeout", {
    error: `Run exceeded its timeout of ${ms} ms`,
    didRespond: run.responses.length > 0,
    reason: "timeout",
    usage: run.usage,
  });
  await runtime.emitEvent(EventType.RUN_TIMEOUT, {
    runId: run.runId,
    messageId: message.id,
    roomId: message.roomId,
    entityId: message.entityId,
    startTime: run.startedAt,
    status: "timeout",
    endTime,
    duration: endTime - run.startedAt,
    error: "Run exceeded timeout",
    source: message.content.source,
  });
  run.record.log.warn("run exceeded its timeout; its reply is dropped", { timeoutMs: ms });
  return {
    runId: run.runId,
    messageId: message.id,
    didRespond: run.responses.length > 0,
    responses: run.responses,
    actionResults: [],
    reason: "timeout",
    blocked: false,
    ...(run.usage ? { usage: run.usage } : {}),
  };
}

/**
 * BASIC_CAPABILITIES_KEEP_RESP (elizaOS's current name; 1.7's BOOTSTRAP_KEEP_RESP is read
 * too): true keeps a reply even when a newer message arrived in the room meanwhile.
 */
export function keepsStaleReplies(runtime: IAgentRuntime): boolean {
  return (
    parseBooleanFromText(runtime.getSettingString("BASIC_CAPABILITIES_KEEP_RESP")) ||
    parseBooleanFromText(runtime.getSettingString("BOOTSTRAP_KEEP_RESP"))
  );
}

/** The newest message each room's runs have seen in this isolate (elizaOS keeps the same map). */
const latestInRoom = new WeakMap<IAgentRuntime, Map<UUID, UUID>>();

/** Called when a run starts: this message is now the room's newest in this isolate. */
export function noteLatest(runtime: IAgentRuntime, message: Memory & { id: UUID }): void {
  const rooms = latestInRoom.get(runtime) ?? new Map<UUID, UUID>();
  latestInRoom.set(runtime, rooms);
  rooms.delete(message.roomId); // re-insert: the map's order is recency, for trimming
  rooms.set(message.roomId, message.id);
  if (rooms.size > 1000) rooms.delete(rooms.keys().next().value as UUID);
}

/**
 * Whether someone other than the agent wrote in the room after `message`. This isolate's own
 * runs are seen without a read (knownStale); other isolates' (serverless: each request may land
 * on a different one) only through storage: the read of the room's newer messages (newerRead)
 * goes with the first reply's own write (a guarded sendOnce), or alone where the reply is not
 * ours to write. Stamps strictly increase within an isolate, but two isolates can stamp the
 * same millisecond, and a platform's own dates may be coarser (Telegram's are whole seconds):
 * equal stamps are not ordered, so neither message discards the other's reply. Answering both
 * is the safe side; dropping one could drop the only answer.
 */
export function knownStale(runtime: IAgentRuntime, message: Memory & { id: UUID }): boolean {
  const seen = latestInRoom.get(runtime)?.get(message.roomId);
  return seen !== undefined && seen !== message.id;
}

/** The read that tells: the room's messages stamped after `message`. */
export function newerRead(message: Memory & { id: UUID }): StorageRead {
  const start = (message.createdAt ?? 0) + 1;
  return {
    read: "getMemories",
    params: { tableName: MemoryTable.MESSAGES, roomId: message.roomId, count: 10, start },
  };
}

/** Its answer: is one of them someone else's? */
export function newerFromOthers(
  runtime: IAgentRuntime,
  message: Memory & { id: UUID },
  newer: StorageReadResult,
): boolean {
  return (newer as Memory[]).some((m) => m.id !== message.id && m.entityId !== runtime.agentId);
}

/** The whole check as one read, for a reply whose write is not ours (callbackStoresReplies). */
export async function isStale(
  runtime: IAgentRuntime,
  message: Memory & { id: UUID },
): Promise<boolean> {
  if (knownStale(runtime, message)) return true;
  const { params } = newerRead(message) as Extract<StorageRead, { read: "getMemories" }>;
  return newerFromOthers(runtime, message, await runtime.storage.getMemories(params));
}
