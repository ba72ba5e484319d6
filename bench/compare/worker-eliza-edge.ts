// A minimal agent Worker on eliza-edge for the bundle-size and workerd-start comparison: memory
// storage, the scripted model, one POST route. The agent is built on the first request,
// because workerd allows no random values or I/O at global scope.
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import character from "../../character.json" with { type: "json" };
import {
  type AgentRuntime,
  ChannelType,
  createAgent,
  createUniqueUuid,
  ModelType,
  messageService,
  parseCharacter,
  silentLogger,
} from "../../core/index.ts";
import { SCRIPTED_PLAN } from "./protocol.ts";

let agent: Promise<AgentRuntime> | undefined;

function build(): Promise<AgentRuntime> {
  const parsed = parseCharacter(character);
  return createAgent({
    character: parsed,
    storage: createMemoryStorage(),
    logger: silentLogger,
    plugins: [
      {
        name: "scripted-model",
        priority: 1000,
        models: {
          [ModelType.TEXT_LARGE]: async () => SCRIPTED_PLAN,
          [ModelType.TEXT_SMALL]: async () => SCRIPTED_PLAN,
        },
      },
    ],
  });
}

export default {
  async fetch(request: Request): Promise<Response> {
    agent ??= build();
    const runtime = await agent;
    const { text } = (await request.json()) as { text: string };
    const entityId = createUniqueUuid(runtime, "worker-user");
    const roomId = createUniqueUuid(runtime, "worker-room");
    const result = await messageService.handleMessage(
      runtime,
      { entityId, roomId, content: { text, source: "api", channelType: ChannelType.API } },
      undefined,
      { connection: { entityId, roomId, source: "api", type: ChannelType.API } },
    );
    return Response.json({ reply: result.responses[0]?.content.text ?? null });
  },
};
