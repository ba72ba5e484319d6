import type { Action } from "../../../runtime/index.ts";

export const noneAction: Action = {
  name: "NONE",
  similes: ["NO_ACTION", "NO_RESPONSE", "PASS"],
  description: "Does nothing more; for when the plan needs no further action.",
  validate: async () => true,
  handler: async () => ({ success: true }),
};
