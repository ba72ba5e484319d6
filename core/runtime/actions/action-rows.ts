// An action's result kept as elizaOS 1.7.2 keeps it: an `action_result` memory in the room's
// messages (plugin-bootstrap's ACTION_STATE provider and dashboards read them) and an `action`
// log row. Written for actions run outside one of eliza-edge's runs by default, where the run's
// row already holds them (runs/eliza-rows.ts says why and ELIZAOS_LOG_ROWS how to change it).
import { describeError, type Memory, type UUID } from "../../kernel/index.ts";
import type { Action, ActionResult, IAgentRuntime } from "../contract/index.ts";
import { writeElizaRow } from "../runs/index.ts";

export interface ActionRowParams {
  message: Memory;
  action: Action;
  actionId: UUID;
  result: ActionResult;
  /** What the handler returned: elizaOS records a void or boolean return as `{ legacy }`. */
  returned: unknown;
  runId: UUID;
}

export async function keepActionResult(
  runtime: IAgentRuntime,
  { message, action, actionId, result, returned, runId }: ActionRowParams,
): Promise<void> {
  const legacy = returned === undefined || returned === null || typeof returned === "boolean";
  const kept = legacy ? { legacy: returned ?? null } : result;
  const status = result.success === false ? "failed" : "completed";
  const memory = {
    id: actionId,
    entityId: runtime.agentId,
    agentId: runtime.agentId,
    roomId: message.roomId,
    ...(message.worldId ? { worldId: message.worldId } : {}),
    createdAt: runtime.now(),
    content: {
      text: result.text || `Executed action: ${action.name}`,
      source: "action",
      type: "action_result",
      actionName: action.name,
      actionStatus: status,
      actionResult: kept,
      runId,
    },
    metadata: { type: "action_result", actionName: action.name, runId, actionId },
  } as unknown as Memory;
  try {
    await runtime.createMemory(memory, "messages");
  } catch (error) {
    runtime.logger.warn(`action result of ${action.name} not stored`, {
      error: describeError(error),
    });
  }
  await writeElizaRow(runtime, {
    entityId: message.entityId,
    roomId: message.roomId,
    type: "action",
    body: {
      action: action.name,
      actionId,
      message: message.content?.text ?? null,
      messageId: message.id ?? null,
      result: kept as Record<string, unknown>,
      isLegacyReturn: legacy,
      runId,
    },
  });
}
