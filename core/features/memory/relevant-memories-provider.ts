import { MemoryTable } from "../../kernel/index.ts";
import type { Provider } from "../../runtime/index.ts";

/**
 * Earlier messages of this conversation close in meaning to the new one, so what was said
 * long ago (beyond the recent window) can still be recalled. One search, only when embedded.
 */
export const relevantMemoriesProvider: Provider = {
  name: "RELEVANT_MEMORIES",
  description: "Earlier messages in this conversation related to the current one",
  position: 90,
  async get(runtime, message) {
    if (!message.embedding?.length) return {};
    const count = Number(runtime.getSettingString("MEMORY_RECALL_COUNT")) || 3;
    const found = await runtime.storage.searchMemories({
      tableName: MemoryTable.MESSAGES,
      roomId: message.roomId,
      agentId: runtime.agentId,
      embedding: message.embedding,
      // One more than wanted: the message itself is stored already and matches best.
      count: count + 1,
      match_threshold: Number(runtime.getSettingString("MEMORY_MATCH_THRESHOLD") ?? 0.25),
    });
    const recalled = found.filter((m) => m.id !== message.id).slice(0, count);
    if (recalled.length === 0) return {};
    const lines = recalled.map((m) => {
      const who =
        m.entityId === runtime.agentId
          ? runtime.character.name
          : String(m.metadata?.entityName ?? "User");
      return `- ${who}: ${m.content.text ?? ""}`;
    });
    return {
      text: `# Earlier messages that may be relevant\n${lines.join("\n")}`,
      data: { relevantMemories: recalled },
    };
  },
};
