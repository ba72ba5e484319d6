import { MemoryTable } from "../../kernel/index.ts";
import type { Provider } from "../../runtime/index.ts";

/**
 * Knowledge fragments close in meaning to the message. Costs one search, and only when the
 * message was embedded (an embedding model is configured).
 */
export const knowledgeProvider: Provider = {
  name: "KNOWLEDGE",
  description: "Knowledge the character was given, as far as it bears on the message",
  position: 20,
  async get(runtime, message) {
    if (!message.embedding?.length) return {};
    const found = await runtime.storage.searchMemories({
      tableName: MemoryTable.FRAGMENTS,
      // This agent's knowledge, whatever agent the storage object was made for.
      agentId: runtime.agentId,
      embedding: message.embedding,
      count: Number(runtime.getSettingString("KNOWLEDGE_COUNT")) || 5,
      match_threshold: Number(runtime.getSettingString("KNOWLEDGE_MATCH_THRESHOLD") ?? 0.25),
    });
    if (found.length === 0) return {};
    const lines = found.map((m) => `- ${m.content.text ?? ""}`);
    return { text: `# Knowledge\n${lines.join("\n")}`, data: { knowledge: found } };
  },
};
