import { type Memory, MemoryTable } from "../../../kernel/index.ts";
import { attachmentLine, takePrefetched } from "../../../pipeline/index.ts";
import type { IAgentRuntime, Provider } from "../../../runtime/index.ts";

const recentOf = (runtime: IAgentRuntime, message: Memory) => ({
  tableName: MemoryTable.MESSAGES,
  roomId: message.roomId,
  agentId: runtime.agentId,
  count: runtime.getConversationLength(),
});

/**
 * The conversation so far, oldest first: runtime.getConversationLength() messages, as
 * plugin-bootstrap's RECENT_MESSAGES reads it (CONVERSATION_LENGTH, default elizaOS's 32).
 * Speaker names come from each message's metadata, which the ingress writes, so this costs
 * one query rather than one plus an entity lookup; and that query goes with the message's own
 * write (prefetch), so it costs no round trip of its own.
 */
export const recentMessagesProvider: Provider = {
  name: "RECENT_MESSAGES",
  description: "Recent messages in the conversation",
  position: 100,
  prefetch: (runtime, message) => ({ read: "getMemories", params: recentOf(runtime, message) }),
  async get(runtime, message) {
    const recent =
      takePrefetched<Memory[]>(runtime, message, "RECENT_MESSAGES") ??
      (await runtime.storage.getMemories(recentOf(runtime, message)));
    const lines = recent.reverse().map((m) => {
      const speaker =
        m.entityId === runtime.agentId
          ? runtime.character.name
          : String(m.metadata?.entityName ?? m.content.name ?? "User");
      const attached = Array.isArray(m.content.attachments)
        ? m.content.attachments.map((a) => ` ${attachmentLine(a)}`).join("")
        : "";
      return `${speaker}: ${m.content.text ?? ""}${attached}`;
    });
    const joined = lines.join("\n");
    const text = lines.length ? `# Conversation\n${joined}` : "";
    return { text, data: { recentMessages: recent }, values: { recentMessages: joined } };
  },
};
