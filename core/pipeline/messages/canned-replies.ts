// Answers that need no model: /start and /help (from the character), and one polite sentence
// for a message that was only attachments no model could read.

import type { Memory } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { nothingReadable, textOnlyReply } from "../media/index.ts";
import { addressesAgent, agentCommandOf, commandReply } from "./commands.ts";

export interface CannedReply {
  text: string;
  action: string;
  /** The turn's reason, as HandleMessageResult reports it. */
  reason: string;
}

export function cannedReply(runtime: IAgentRuntime, message: Memory): CannedReply | undefined {
  const command = agentCommandOf(message);
  if (command) {
    return { text: commandReply(runtime, message, command), action: "HELP", reason: `/${command}` };
  }
  // Group chatter that is only a photo is not a question to the agent: should-respond decides.
  const unread = addressesAgent(message) ? nothingReadable(message) : undefined;
  if (unread) return { text: textOnlyReply(unread), action: "REPLY", reason: "text only" };
  return undefined;
}
