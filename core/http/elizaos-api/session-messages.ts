// A session's messages as elizaOS's sessions API shows them (SimplifiedMessage): newest first,
// the user's under the session's user id, the agent's under its own.
import { type Memory, MemoryTable } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { SessionRecord } from "./session-store.ts";

export function simplifiedMessage(agent: IAgentRuntime, session: SessionRecord, m: Memory) {
  const isAgent = m.entityId === agent.agentId;
  return {
    id: m.id ?? "",
    content: m.content.text ?? "",
    authorId: isAgent ? agent.agentId : session.userId,
    isAgent,
    createdAt: new Date(m.createdAt ?? 0).toISOString(),
    metadata: {
      ...(m.content.thought ? { thought: m.content.thought } : {}),
      ...(m.content.actions ? { actions: m.content.actions } : {}),
      ...(m.metadata?.sessionId ? { sessionId: String(m.metadata.sessionId) } : {}),
    },
  };
}

export interface MessagePage {
  limit: number;
  /** Only messages older than this (ms). */
  before?: number;
  /** Only messages newer than this (ms). */
  after?: number;
}

export async function sessionMessages(
  agent: IAgentRuntime,
  session: SessionRecord & { roomId: Memory["roomId"] },
  page: MessagePage,
) {
  const messages = await agent.storage.getMemories({
    tableName: MemoryTable.MESSAGES,
    roomId: session.roomId,
    count: page.limit,
    ...(page.before === undefined ? {} : { end: page.before - 1 }),
    ...(page.after === undefined ? {} : { start: page.after + 1 }),
  });
  const simplified = messages.map((m) => simplifiedMessage(agent, session, m));
  const newest = messages[0]?.createdAt;
  const oldest = messages.at(-1)?.createdAt;
  return {
    messages: simplified,
    hasMore: messages.length === page.limit,
    ...(newest === undefined || oldest === undefined
      ? {}
      : { cursors: { before: oldest, after: newest } }),
  };
}
