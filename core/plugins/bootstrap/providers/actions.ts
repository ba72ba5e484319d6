import type { Provider } from "../../../plugin.ts";
import { plannerActions } from "../../../runtime/private-actions.ts";

/**
 * The actions the planner may choose from: those that validate for this message; a private
 * one only when the message is the agent's own autonomous step.
 */
export const actionsProvider: Provider = {
  name: "ACTIONS",
  description: "Actions the agent can take",
  position: 200,
  async get(runtime, message, state) {
    const valid = await Promise.all(
      plannerActions(runtime.actions, message).map(async (a) =>
        (await a.validate(runtime, message, state)) ? a : null,
      ),
    );
    const actions = valid.filter((a) => a !== null);
    const lines = actions.map((a) => `- ${a.name}: ${a.description}`);
    return {
      text: `# Available actions\n${lines.join("\n")}`,
      values: { actionNames: actions.map((a) => a.name).join(", ") },
    };
  },
};
