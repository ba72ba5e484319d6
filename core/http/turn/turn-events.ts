import type { TurnObserver } from "../../pipeline/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { toApiMessage } from "./api-message.ts";

/**
 * A turn told as the REST API's events: `run_started`, `delta` (reply text as the model writes
 * it), `action` (each action starting and ending), `reply` (each reply as stored). The POST
 * stream and the GET event stream name them alike.
 */
export function turnEvents(
  agent: IAgentRuntime,
  send: (event: string, data: unknown) => void,
): TurnObserver {
  return {
    started: ({ runId, messageId }) => send("run_started", { runId, messageId }),
    text: (text) => send("delta", { text }),
    event: (event) => {
      if (event.type !== "ACTION_STARTED" && event.type !== "ACTION_COMPLETED") return;
      const { actionName, actionId, success, durationMs } = event.data;
      send("action", {
        phase: event.type === "ACTION_STARTED" ? "started" : "completed",
        action: actionName,
        actionId,
        ...(success === undefined ? {} : { success, durationMs }),
      });
    },
    replied: (reply) => send("reply", toApiMessage(agent, reply)),
  };
}
