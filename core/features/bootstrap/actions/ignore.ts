import type { Action } from "../../../runtime/index.ts";

export const ignoreAction: Action = {
  name: "IGNORE",
  similes: ["STOP_TALKING", "STOP_CHATTING", "STOP_CONVERSATION"],
  description:
    "Ignores the user: for messages that need no answer, are aggressive, or end the conversation.",
  validate: async () => true,
  handler: async () => ({ success: true, values: { ignored: true } }),
};
