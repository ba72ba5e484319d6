// One conversation length: RECENT_MESSAGES shows runtime.getConversationLength() messages,
// which is the constructor's conversationLength, else CONVERSATION_LENGTH, else elizaOS's 32.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  bootstrapPlugin,
  characterAgentId,
  createUniqueUuid,
  type Memory,
  type Provider,
  parseCharacter,
  silentLogger,
} from "../../core/index.ts";

async function conversation(
  messages: number,
  options: { settings?: Record<string, string>; conversationLength?: number } = {},
) {
  const character = parseCharacter({ name: "Long", settings: options.settings ?? {} });
  const runtime = new AgentRuntime({
    character,
    storage: createMemoryStorage({ agentId: characterAgentId(character) }),
    plugins: [bootstrapPlugin],
    logger: silentLogger,
    conversationLength: options.conversationLength,
  });
  await runtime.initialize();
  const entityId = createUniqueUuid(runtime, "user");
  const roomId = createUniqueUuid(runtime, "room");
  await runtime.ensureConnection({ entityId, roomId, source: "test" });
  let last: Memory | undefined;
  for (let i = 1; i <= messages; i++) {
    last = { entityId, roomId, content: { text: `line ${i}` }, createdAt: runtime.stamp() };
    last.id = await runtime.createMemory(last, "messages");
  }
  const provider = runtime.providers.find((p) => p.name === "RECENT_MESSAGES") as Provider;
  const result = await provider.get(runtime, last as Memory, {} as never);
  const shown = ((result.data?.recentMessages ?? []) as Memory[]).map((m) => m.content.text);
  return { runtime, shown };
}

describe("conversation length", () => {
  it("defaults to elizaOS's 32: the newest 32 of 40 messages, oldest first", async () => {
    const { runtime, shown } = await conversation(40);
    expect(runtime.getConversationLength()).toBe(32);
    expect(shown).toHaveLength(32);
    expect(shown[0]).toBe("line 9");
    expect(shown.at(-1)).toBe("line 40");
  });

  it("CONVERSATION_LENGTH sets it; the constructor's conversationLength wins", async () => {
    const bySetting = await conversation(10, { settings: { CONVERSATION_LENGTH: "3" } });
    expect(bySetting.shown).toEqual(["line 8", "line 9", "line 10"]);
    const byOption = await conversation(10, {
      settings: { CONVERSATION_LENGTH: "3" },
      conversationLength: 5,
    });
    expect(byOption.runtime.getConversationLength()).toBe(5);
    expect(byOption.shown).toHaveLength(5);
  });

  it("a CONVERSATION_LENGTH that is not a positive whole number keeps the default", async () => {
    for (const value of ["0", "-4", "ten", "2.5"]) {
      const { runtime } = await conversation(1, { settings: { CONVERSATION_LENGTH: value } });
      expect(runtime.getConversationLength(), value).toBe(32);
    }
  });
});
