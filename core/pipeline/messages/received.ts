// elizaOS's MESSAGE_RECEIVED, emitted before a turn runs: its listeners may answer through the
// callback, and one that calls runtime.messageService.handleMessage for the same message must
// not start the pipeline again.

import { type Content, EventType, type Memory, type UUID } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";

/** Message ids whose MESSAGE_RECEIVED listeners are running, per runtime. */
const receiving = new WeakMap<IAgentRuntime, Set<UUID>>();

/**
 * True while MESSAGE_RECEIVED listeners run for this message: elizaOS-style code that answers
 * that event with runtime.messageService.handleMessage must not start the pipeline again.
 */
export function isBeingReceived(runtime: IAgentRuntime, messageId: UUID | undefined): boolean {
  return messageId !== undefined && (receiving.get(runtime)?.has(messageId) ?? false);
}

/** Emits elizaOS's MESSAGE_RECEIVED {message, callback, source}; the callback replies in this turn. */
export async function announceReceived(
  runtime: IAgentRuntime,
  message: Memory & { id: UUID },
  send: (content: Content) => Promise<Memory[]>,
  base: Record<string, unknown>,
): Promise<void> {
  if (!runtime.getEvent(EventType.MESSAGE_RECEIVED)?.length) return;
  const ids = receiving.get(runtime) ?? new Set<UUID>();
  receiving.set(runtime, ids);
  ids.add(message.id);
  try {
    await runtime.emitEvent(EventType.MESSAGE_RECEIVED, {
      ...base,
      message,
      callback: send,
      source: message.content.source,
    });
  } finally {
    ids.delete(message.id);
  }
}
