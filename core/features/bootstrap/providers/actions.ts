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
    // Each action is validated for this message; the handlers' promises are awaited together.
    const offered = plannerActions(runtime.actions, message);
    const verdicts = await Promise.all(offered.map((a) => a.validate(runtime, message, state)));
    const actions = offered.filter((_, i) => verdicts[i]);
    return actionsText(runtime, actions);
  },
};

type ActionsResult = { text: string; values: Record<string, string> };

/**
 * The last text made per runtime, with what it was made from: the same actions (and the same
 * fields of each) give the same text, so a turn whose actions all validated as on the turn
 * before costs no describing, no drawing of examples and no joining.
 */
const lastText = new WeakMap<object, { from: unknown[]; result: ActionsResult }>();

/** Each action and the fields its text reads, flat: compared in place, nothing allocated. */
const FIELDS = 5;
const fieldsOf = (a: Action): unknown[] => [a, a.name, a.description, a.examples, a.parameters];

function sameAs(from: unknown[], actions: Action[]): boolean {
  if (from.length !== actions.length * FIELDS) return false;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    const at = i * FIELDS;
    if (
      from[at] !== a ||
      from[at + 1] !== a.name ||
      from[at + 2] !== a.description ||
      from[at + 3] !== a.examples ||
      from[at + 4] !== a.parameters
    ) {
      return false;
    }
  }
  return true;
}

function actionsText(runtime: { agentId: string }, actions: Action[]): ActionsResult {
  const last = lastText.get(runtime);
  if (last && sameAs(last.from, actions)) {
    return { text: last.result.text, values: { ...last.result.values } };
  }
  const from = actions.flatMap(fieldsOf);
  const described = `# Available actions\n${actions.map(describe).join("\n")}`;
  // Drawn the same way every turn (seeded by the agent), so the prompt stays cacheable.
  const examples = composeActionExamples(actions, EXAMPLE_COUNT, seededRandom(runtime.agentId));
  const actionExamples = examples ? `# Action examples\n${examples.trim()}` : "";
  const result = {
    text: [described, actionExamples].filter(Boolean).join("\n\n"),
    values: {
      actionNames: actions.map((a) => a.name).join(", "),
      actionsWithDescriptions: described,
      actionExamples,
    },
  };
  lastText.set(runtime, { from, result });
  return { text: result.text, values: { ...result.values } };
}
