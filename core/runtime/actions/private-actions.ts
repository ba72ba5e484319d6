// Private actions (`private: true`) belong to the agent's own autonomous turns: the planner is
// told about them only on such a turn, and the executor refuses them unless the message that
// started the turn says it is autonomous, so a user cannot talk the model into running one.

import type { Memory } from "../../kernel/index.ts";
import type { Action } from "../contract/index.ts";

/** elizaOS's marker: `content.metadata.isAutonomous === true` (exactly true, not truthy). */
export function isAutonomousMessage(message: Memory): boolean {
  const metadata = message.content?.metadata;
  return (
    typeof metadata === "object" &&
    metadata !== null &&
    (metadata as { isAutonomous?: unknown }).isAutonomous === true
  );
}

/** Whether the executor may run this action for this message. */
export function mayRun(action: Action, message: Memory): boolean {
  return action.private !== true || isAutonomousMessage(message);
}

/** The actions a planner prompt may list: a private one only on an autonomous turn. */
export function plannerActions(actions: Action[], message?: Memory): Action[] {
  if (message && isAutonomousMessage(message)) return actions;
  return actions.filter((a) => a.private !== true);
}
