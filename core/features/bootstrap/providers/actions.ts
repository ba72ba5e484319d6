// The actions the planner may choose from, with what each needs: the parameters it declares
// (filled in the plan's <params>) and example conversations from the actions' `examples`.

import {
  type Action,
  composeActionExamples,
  declaredParameters,
  formatActionParameters,
  type Provider,
  plannerActions,
} from "../../../runtime/index.ts";
import { seededRandom } from "./seeded-random.ts";

/** Example conversations shown at most (elizaOS's bootstrap shows 10). */
const EXAMPLE_COUNT = 10;

function describe(action: Action): string {
  const line = `- ${action.name}: ${action.description}`;
  const params = formatActionParameters(declaredParameters(action));
  return params ? `${line}\n  Parameters (give them in <params>):\n${params}` : line;
}

/**
 * The actions the planner may choose from: those that validate for this message, in
 * registration order; a private one only when the message is the agent's own autonomous step.
 */
export const actionsProvider: Provider = {
  name: "ACTIONS",
  description: "Actions the agent can take",
  position: 200,
  // Drawn the same way every turn, so the planner prompt may cache it.
  stable: true,
  async get(runtime, message, state) {
    const valid = await Promise.all(
      plannerActions(runtime.actions, message).map(async (a) =>
        (await a.validate(runtime, message, state)) ? a : null,
      ),
    );
    const actions = valid.filter((a) => a !== null);
    const described = `# Available actions\n${actions.map(describe).join("\n")}`;
    // Drawn the same way every turn (seeded by the agent), so the prompt stays cacheable.
    const examples = composeActionExamples(actions, EXAMPLE_COUNT, seededRandom(runtime.agentId));
    const actionExamples = examples ? `# Action examples\n${examples.trim()}` : "";
    return {
      text: [described, actionExamples].filter(Boolean).join("\n\n"),
      values: {
        actionNames: actions.map((a) => a.name).join(", "),
        actionsWithDescriptions: described,
        actionExamples,
      },
    };
  },
};
