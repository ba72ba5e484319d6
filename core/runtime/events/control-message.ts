// elizaOS's sendControlMessage: tells a chat front end to disable or enable its input for a
// room (while the agent works, say). It is a CONTROL_MESSAGE event for whatever carries it to
// the client (elizaOS's server relays it over its socket); eliza-edge has no socket, so a
// plugin or connector that wants it registers a CONTROL_MESSAGE handler.
import { EventType, type UUID } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../contract/index.ts";

export interface ControlMessage {
  type: "control";
  payload: { action: "enable_input" | "disable_input"; target?: string; [key: string]: unknown };
  roomId: UUID;
}

export interface ControlMessageParams {
  roomId: UUID;
  action: "enable_input" | "disable_input";
  target?: string;
}

/** Emits CONTROL_MESSAGE `{message, source: "agent"}`; never throws (a failure is logged). */
export async function sendControlMessage(
  runtime: IAgentRuntime,
  { roomId, action, target }: ControlMessageParams,
): Promise<void> {
  const message: ControlMessage = { type: "control", payload: { action, target }, roomId };
  try {
    await runtime.emitEvent(EventType.CONTROL_MESSAGE, { runtime, message, source: "agent" });
    runtime.logger.debug("control message sent", { action, roomId });
  } catch (error) {
    runtime.logger.error("control message failed", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
