import type { Memory } from "../../kernel/index.ts";
import type { IAgentRuntime, SendTarget } from "../../runtime/index.ts";

/**
 * Where a reminder set by this message should be delivered: the same room, through the
 * connector the message came in on. Connectors put routing details in `metadata.target`.
 */
export function replyTargetOf(runtime: IAgentRuntime, message: Memory): SendTarget {
  const fromConnector = message.metadata?.target as Partial<SendTarget> | undefined;
  return {
    ...fromConnector,
    source: fromConnector?.source ?? String(message.content.source ?? "api"),
    roomId: message.roomId,
    entityId: message.entityId,
    agentId: runtime.agentId,
  };
}
