// Reads the default providers will make for a message, sent with the message's own write: the
// storage answers them in the same round trip (batch with reads), and each provider takes its
// answer once instead of reading again. A provider declares its read with `prefetch`.

import type { Memory, StorageRead, StorageReadResult, UUID } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";

/** Messages whose answers are kept at once per runtime; a turn takes them within seconds. */
const MAX_MESSAGES = 100;

const kept = new WeakMap<IAgentRuntime, Map<UUID, Map<string, StorageReadResult>>>();

export interface Prefetch {
  names: string[];
  reads: StorageRead[];
}

/** The reads of the providers a plain composeState runs (not dynamic, not private). */
export function prefetchReads(runtime: IAgentRuntime, message: Memory): Prefetch {
  const names: string[] = [];
  const reads: StorageRead[] = [];
  for (const provider of runtime.providers) {
    if (!provider.prefetch || provider.dynamic || provider.private) continue;
    const read = provider.prefetch(runtime, message);
    if (!read) continue;
    names.push(provider.name);
    reads.push(read);
  }
  return { names, reads };
}

export function keepPrefetched(
  runtime: IAgentRuntime,
  messageId: UUID,
  { names }: Prefetch,
  answers: StorageReadResult[],
): void {
  if (names.length === 0) return;
  const byMessage = kept.get(runtime) ?? new Map<UUID, Map<string, StorageReadResult>>();
  kept.set(runtime, byMessage);
  if (byMessage.size >= MAX_MESSAGES) byMessage.delete(byMessage.keys().next().value as UUID);
  byMessage.set(messageId, new Map(names.map((name, i) => [name, answers[i]!])));
}

/** The provider's prefetched answer for this message, once; undefined when there is none. */
export function takePrefetched<T extends StorageReadResult>(
  runtime: IAgentRuntime,
  message: Memory,
  name: string,
): T | undefined {
  const answers = message.id ? kept.get(runtime)?.get(message.id) : undefined;
  const answer = answers?.get(name);
  answers?.delete(name);
  return answer as T | undefined;
}

/** Forgets what the turn did not take. */
export function dropPrefetched(runtime: IAgentRuntime, messageId: UUID): void {
  kept.get(runtime)?.delete(messageId);
}
