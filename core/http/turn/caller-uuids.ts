// The agent's UUID of an API caller's user or room id (createUniqueUuid: a SHA-1 each). A turn
// needs both for its rate limit and again for its message, and the same callers and rooms come
// back request after request, so each is hashed once per agent while it is remembered.
import { createUniqueUuid, type UUID } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";

const remembered = new WeakMap<IAgentRuntime, Map<string, UUID>>();
/** Ids remembered per agent; past this the memory starts over (a miss only costs a hash). */
const MAX_REMEMBERED = 1024;

export function callerUuid(agent: IAgentRuntime, id: string): UUID {
  let known = remembered.get(agent);
  if (!known) {
    known = new Map();
    remembered.set(agent, known);
  }
  let uuid = known.get(id);
  if (uuid === undefined) {
    if (known.size >= MAX_REMEMBERED) known.clear();
    uuid = createUniqueUuid(agent, id);
    known.set(id, uuid);
  }
  return uuid;
}
