import { attachmentLine } from "../../../media/attachments.ts";
import type { Provider } from "../../../plugin.ts";
import { MemoryTable } from "../../../types.ts";

/**
 * The conversation so far, oldest first: runtime.getConversationLength() messages, as
 * plugin-bootstrap's RECENT_MESSAGES reads it (CONVERSATION_LENGTH, default elizaOS's 32).
 * Speaker names come from each message's metadata, which the ingress writes, so this costs
 * one query rather than one plus an entity lookup.
 */
export const recentMessagesProvider: Provider = {
  name: "RECENT_MESSAGES",
  description: "Recent messages in the conversation",
  position: 100,
  async get(runtime, message) {
    const count = runtime.getConversationLength();
    const recent = await runtime.storage.getMemories({
      tableName: MemoryTable.MESSAGES,
      roomId: message.roomId,
      count,
    });
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
    const text = lines.length ? `# Conversation\n${lines.join("\n")}` : "";
    return { text, data: { recentMessages: recent }, values: { recentMessages: lines.join("\n") } };
  },
};
