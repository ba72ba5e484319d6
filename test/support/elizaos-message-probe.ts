// One message through elizaOS's loop as a connector drives it: ensureConnection for the user,
// the message memory, then runtime.messageService.handleMessage with a callback that stores
// the reply (in elizaOS the connector's callback saves replies, not the message service).
// Returns plain JSON so the same probe runs on Node and inside workerd.
import {
  ChannelType,
  type Content,
  createUniqueUuid,
  type IAgentRuntime,
  type Memory,
  type UUID,
} from "@elizaos/core";

export interface MessageProbe {
  /** Texts the loop handed to the callback, in order. */
  sent: string[];
  /** Texts of the agent's messages stored in the room afterwards. */
  storedReplies: string[];
  /** Whether the user's message itself was stored. */
  storedIncoming: boolean;
  didRespond: boolean;
  mode?: string;
}

export const PROBE_TEXT = "Hello Eliza, how are you today?";

export async function probeMessage(runtime: IAgentRuntime): Promise<MessageProbe> {
  if (!runtime.messageService) throw new Error("runtime.messageService is not set");
  const serverId = crypto.randomUUID() as UUID;
  const roomId = crypto.randomUUID() as UUID;
  const entityId = crypto.randomUUID() as UUID;
  const worldId = createUniqueUuid(runtime, serverId);
  await runtime.ensureConnection({
    entityId,
    roomId,
    worldId,
    messageServerId: serverId,
    userName: "carol",
    name: "Carol",
    source: "test",
    channelId: "dm-carol",
    type: ChannelType.DM,
  });
  // An earlier conversation, longer than a quarter of the conversation length, so the loop's
  // evaluator step has something to reflect on (reflection's validate counts messages).
  for (let i = 0; i < 10; i++) {
    await runtime.createMemory(
      {
        id: crypto.randomUUID() as UUID,
        entityId: i % 2 === 0 ? entityId : runtime.agentId,
        agentId: runtime.agentId,
        roomId,
        content: {
          text: `Earlier line ${i + 1} about running agents at the edge.`,
          source: "test",
        },
        createdAt: Date.now() - (10 - i) * 1_000,
      },
      "messages",
    );
  }
  const message: Memory = {
    id: crypto.randomUUID() as UUID,
    entityId,
    agentId: runtime.agentId,
    roomId,
    content: { text: PROBE_TEXT, source: "test", channelType: ChannelType.DM },
    createdAt: Date.now(),
  };
  const sent: string[] = [];
  const callback = async (content: Content): Promise<Memory[]> => {
    sent.push(content.text ?? "");
    const reply: Memory = {
      id: crypto.randomUUID() as UUID,
      entityId: runtime.agentId,
      agentId: runtime.agentId,
      roomId,
      content: { ...content, inReplyTo: message.id, source: "test" },
      createdAt: Date.now(),
    };
    await runtime.createMemory(reply, "messages");
    return [reply];
  };
  const result = await runtime.messageService.handleMessage(runtime, message, callback);
  const stored = await runtime.getMemories({ tableName: "messages", roomId, count: 40 });
  return {
    sent,
    storedReplies: stored
      .filter((memory) => memory.entityId === runtime.agentId)
      .map((memory) => memory.content.text ?? ""),
    storedIncoming: stored.some((memory) => memory.id === message.id),
    didRespond: result.didRespond,
    mode: result.mode,
  };
}
