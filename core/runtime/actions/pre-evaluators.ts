// "pre" evaluators: a gate in front of the message pipeline. They run before the message is
// stored, one after another in registration order (each sees the content the previous one
// left), and the first that blocks ends the turn: nothing stored, no reply.

import { type Content, describeError, type Memory } from "../../kernel/index.ts";
import type { Evaluator, IAgentRuntime, PreEvaluatorResult, State } from "../contract/index.ts";

export type PreEvaluation =
  | { blocked: true; evaluator: string; reason: string }
  | { blocked: false; content: Content };

export const isPreEvaluator = (e: Evaluator) => e.phase === "pre";

/**
 * Runs the pre evaluators whose validate says yes. A throwing one is logged and passed over:
 * a broken gate must not silence the agent. The state is empty: the message is not stored
 * yet, and composing a state now would cache one that misses the rewritten content.
 */
export async function runPreEvaluators(
  runtime: IAgentRuntime,
  message: Memory,
): Promise<PreEvaluation> {
  let content = message.content;
  for (const evaluator of runtime.evaluators.filter(isPreEvaluator)) {
    const current: Memory = { ...message, content };
    const state: State = { values: {}, data: {}, text: "" };
    try {
      if (!(await evaluator.validate(runtime, current, state))) continue;
      const returned = await evaluator.handler(runtime, current, state, {}, undefined, []);
      const result = asPreResult(returned);
      if (result?.blocked === true) {
        return {
          blocked: true,
          evaluator: evaluator.name,
          reason: result.reason ?? `blocked by ${evaluator.name}`,
        };
      }
      if (result?.content) content = { ...content, ...result.content };
    } catch (error) {
      runtime.logger.error(`pre evaluator ${evaluator.name} failed`, {
        error: describeError(error),
      });
    }
  }
  return { blocked: false, content };
}

function asPreResult(returned: unknown): PreEvaluatorResult | null {
  return typeof returned === "object" && returned !== null
    ? (returned as PreEvaluatorResult)
    : null;
}
