// One autonomous step: a run of the message loop for a message the agent gives itself in its
// own autonomy room, marked `content.metadata.isAutonomous: true` (elizaOS's marker), so the
// planner may choose private actions and the executor lets them run; memory and evaluators
// work as in any turn. The reply callback delivers nothing: the agent's answer stays in the
// autonomy room as its thought, and only an action (sending a message, say) reaches anyone.

import {
  ChannelType,
  createUniqueUuid,
  type Memory,
  MemoryTable,
  randomUuid,
  type UUID,
} from "../../kernel/index.ts";
import { type HandleMessageResult, messageService } from "../../pipeline/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";

/** Where the agent's autonomous steps happen: fixed per agent, the same in every isolate. */
export interface AutonomyPlace {
  roomId: UUID;
  worldId: UUID;
  /** Who "speaks" the prompt: not the agent, whose own messages the loop skips. */
  entityId: UUID;
}

export const AUTONOMY_SOURCE = "autonomy-service";

export function autonomyPlace(runtime: IAgentRuntime): AutonomyPlace {
  return {
    roomId: createUniqueUuid(runtime, "autonomy-room"),
    worldId: createUniqueUuid(runtime, "autonomy-world"),
    entityId: createUniqueUuid(runtime, "autonomy-entity"),
  };
}

const FIRST_PROMPT =
  "This is your own time: nobody is waiting for an answer. Decide one useful next step " +
  "toward your goals, and take it with an action if one fits. Say briefly what you decided.";
const CONTINUE_PROMPT =
  "This is your own time again. Your last thought was:\n\n{{lastThought}}\n\n" +
  "Decide the next useful step, building on it rather than repeating it; take it with an " +
  "action if one fits. Say briefly what you decided.";

export async function runAutonomousStep(runtime: IAgentRuntime): Promise<HandleMessageResult> {
  const place = autonomyPlace(runtime);
  const lastThought = await latestThought(runtime, place.roomId);
  const text = lastThought ? CONTINUE_PROMPT.replace("{{lastThought}}", lastThought) : FIRST_PROMPT;
  const message: Memory = {
    id: randomUuid(),
    entityId: place.entityId,
    agentId: runtime.agentId,
    roomId: place.roomId,
    worldId: place.worldId,
    content: {
      text,
      source: AUTONOMY_SOURCE,
      channelType: ChannelType.SELF,
      metadata: {
        type: "autonomous-prompt",
        isAutonomous: true,
        isInternalThought: true,
        channelId: "autonomous",
        isContinuation: lastThought !== undefined,
      },
    },
  };
  return messageService.handleMessage(runtime, message, () => undefined, {
    connection: {
      entityId: place.entityId,
      roomId: place.roomId,
      worldId: place.worldId,
      name: "Autonomy",
      source: AUTONOMY_SOURCE,
      type: ChannelType.SELF,
      worldName: "Autonomy",
    },
  });
}

/** The agent's latest reply in its autonomy room. */
async function latestThought(runtime: IAgentRuntime, roomId: UUID): Promise<string | undefined> {
  const recent = await runtime.storage.getMemories({
    tableName: MemoryTable.MESSAGES,
    roomId,
    agentId: runtime.agentId,
    count: 6,
  });
  const thought = recent
    .filter((m) => m.entityId === runtime.agentId && typeof m.content.text === "string")
    .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))[0];
  const text = thought?.content.text?.trim();
  return text ? text : undefined;
}
