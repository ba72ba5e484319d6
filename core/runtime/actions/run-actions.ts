// Running the actions a plan named, and the evaluators after a message, with elizaOS's
// handler arguments: (runtime, message, state, options, callback, responses). Everything about
// one message stays in this call's locals; results are also recorded in the state cache under
// `${messageId}_action_results`, where elizaOS's getActionResults reads them.

import {
  DeliveryError,
  describeError,
  EventType,
  type Memory,
  randomUuid,
  type UUID,
} from "../../kernel/index.ts";
import type {
  Action,
  ActionResult,
  ActionRunOptions,
  Evaluator,
  HandlerCallback,
  HandlerOptions,
  IAgentRuntime,
  State,
} from "../contract/index.ts";
import { actionEnded, actionStarted, writesElizaRow } from "../runs/index.ts";
import { checkParameters, declaredParameters, suppliedFor } from "./action-parameters.ts";
import { keepActionResult } from "./action-rows.ts";
import { isPreEvaluator } from "./pre-evaluators.ts";
import { mayRun } from "./private-actions.ts";
import { resolveAction } from "./resolve-action.ts";

export const actionResultsKey = (messageId: UUID) => `${messageId}_action_results`;

/**
 * elizaOS treats a handler that returns nothing or a boolean as "legacy"; eliza-edge records
 * it as a result too (success unless it returned false), so later actions see every step.
 */
export function toActionResult(action: Action, returned: unknown): ActionResult {
  if (returned === undefined || returned === null) return { success: true };
  if (typeof returned === "boolean") return { success: returned };
  if (
    typeof returned === "object" &&
    ("values" in returned || "data" in returned || "text" in returned || "success" in returned)
  ) {
    const result = returned as Partial<ActionResult>;
    return { ...result, success: result.success ?? true } as ActionResult;
  }
  return { success: true, data: { actionName: action.name, legacyResult: returned } };
}

/**
 * Runs the planned actions in order. Unknown names are skipped with a warning; an action whose
 * validate says no is skipped; a throwing action is recorded as failed and the next one runs.
 * A reply the platform refused (DeliveryError) fails the whole message, so it is retried.
 */
export async function runActions(
  runtime: IAgentRuntime,
  message: Memory,
  responses: Memory[],
  state: State | undefined,
  callback: HandlerCallback | undefined,
  options: ActionRunOptions = {},
): Promise<ActionResult[]> {
  const runId = options.runId ?? randomUuid();
  let current = state ?? (await runtime.composeState(message));
  const results: ActionResult[] = [];
  const namesOf = (response: Memory) => {
    const planned = response.content?.actions ?? [];
    return options.mode === "single" ? planned.slice(0, 1) : planned;
  };
  const plan = actionPlanFor(responses.flatMap(namesOf), responses[0]?.content?.thought);
  let step = -1;
  for (const response of responses) {
    for (const name of namesOf(response)) {
      step++;
      const action = resolveAction(runtime.actions, name);
      if (!action) {
        runtime.logger.warn(`planned action ${name} is not registered; skipped`);
        continue;
      }
      if (!mayRun(action, message)) {
        // The model planned it on a user's turn (told by the user, or guessing): refused, and
        // recorded so the caller sees why nothing happened.
        runtime.logger.warn(`private action ${action.name} refused: not an autonomous message`);
        const refused: ActionResult = {
          success: false,
          error: "private action: runs only for autonomous messages",
          data: { actionName: action.name },
        };
        results.push(refused);
        markStep(plan, step, refused);
        continue;
      }
      if (plan) {
        // Multi-action mode, as elizaOS: the plan and the results so far are in the state.
        plan.currentStep = step + 1;
        current = {
          ...current,
          data: { ...current.data, actionPlan: plan, actionResults: [...results] },
        };
      }
      if (!(await action.validate(runtime, message, current))) continue;
      const check = declaredParameters(action).length
        ? checkParameters(action, suppliedFor(action, response.content?.params))
        : undefined;
      if (check?.errors.length) {
        // The handler never runs on input the planner got wrong; the result says why.
        const error = `invalid parameters for ${action.name}: ${check.errors.join("; ")}`;
        runtime.logger.warn(error);
        const failed: ActionResult = {
          success: false,
          error,
          data: { actionName: action.name, parameterErrors: check.errors },
        };
        results.push(failed);
        markStep(plan, step, failed);
        continue;
      }
      const actionId = randomUuid();
      const event = {
        runId,
        action: action.name,
        messageId: actionId,
        roomId: message.roomId,
        world: message.worldId,
        source: message.content?.source,
      };
      const record = runtime.runs.get(runId);
      const startedAt = runtime.now();
      record?.actionStarted(actionId, action.name);
      await runtime.emitEvent(EventType.ACTION_STARTED, {
        ...event,
        content: { actions: [action.name], actionStatus: "executing", actionId, runId },
      });
      const handlerOptions: HandlerOptions = {
        actionContext: {
          previousResults: results,
          getPreviousResult: (actionName) => results.find((r) => r.data?.actionName === actionName),
        },
        content: response.content,
        previousResults: results,
        runId,
        ...(plan ? { actionPlan: { ...plan, steps: [...plan.steps] } } : {}),
        ...(check ? { parameters: check.params } : {}),
        ...(options.onStreamChunk ? { onStreamChunk: options.onStreamChunk } : {}),
      };
      // elizaOS 1.7's multi-step loop left parameters at state.data.actionParams; kept for it.
      const actionState = check
        ? { ...current, data: { ...current.data, actionParams: check.params } }
        : current;
      let result: ActionResult;
      let returned: unknown;
      actionStarted(runtime, actionId, action.name);
      try {
        returned = await action.handler(
          runtime,
          message,
          actionState,
          handlerOptions,
          callback,
          responses,
        );
        result = toActionResult(action, returned);
      } catch (error) {
        if (error instanceof DeliveryError) {
          record?.actionCompleted(
            actionId,
            action.name,
            { success: false, error },
            runtime.now() - startedAt,
          );
          throw error;
        }
        runtime.logger.error(`action ${action.name} failed`, { error: describeError(error) });
        result = { success: false, error: String(error) };
      } finally {
        actionEnded(runtime, actionId);
      }
      record?.actionCompleted(actionId, action.name, result, runtime.now() - startedAt);
      results.push(result);
      markStep(plan, step, result);
      if (result.values) {
        // The next action sees this one's values, and every result so far, as elizaOS.
        current = {
          ...current,
          values: { ...current.values, ...result.values },
          data: { ...current.data, actionResults: [...results] },
        };
      }
      await runtime.emitEvent(EventType.ACTION_COMPLETED, {
        ...event,
        result,
        content: {
          text: result.text ?? "",
          actions: [action.name],
          actionStatus: result.success ? "completed" : "failed",
          actionId,
          actionResult: result,
        },
      });
      // A run's actions are in its row, even when they finish after the run ended (a turn past
      // RUN_TIMEOUT_MS goes on): the caller named the run.
      if (writesElizaRow(runtime, record !== undefined || options.runId !== undefined)) {
        await keepActionResult(runtime, { message, action, actionId, result, returned, runId });
      }
    }
  }
  if (message.id) {
    runtime.stateCache.set(actionResultsKey(message.id), {
      values: { actionResults: results },
      data: { actionResults: results, ...(plan ? { actionPlan: plan } : {}) },
      text: JSON.stringify(results),
    });
  }
  return results;
}

type ActionPlan = NonNullable<HandlerOptions["actionPlan"]>;

/** elizaOS's action plan, made when a message plans more than one action. */
function actionPlanFor(names: string[], thought: string | undefined): ActionPlan | undefined {
  if (names.length < 2) return undefined;
  return {
    totalSteps: names.length,
    currentStep: 0,
    steps: names.map((action) => ({ action, status: "pending" })),
    thought: thought || `Executing ${names.length} actions: ${names.join(", ")}`,
  };
}

function markStep(plan: ActionPlan | undefined, step: number, result: ActionResult): void {
  const entry = plan?.steps[step];
  if (!plan || !entry) return;
  plan.steps[step] = {
    ...entry,
    status: result.success ? "completed" : "failed",
    result,
    ...(result.error ? { error: String(result.error) } : {}),
  };
}

/**
 * Runs the "post" evaluators whose validate says yes, in parallel; when the agent did not
 * respond, only `alwaysRun` ones. "pre" evaluators ran before the message was stored. A failing evaluator is logged; the others still run. Returns the
 * evaluators that ran. Sections they register with the prompt batcher are drained before
 * this returns.
 */
export async function runEvaluators(
  runtime: IAgentRuntime,
  message: Memory,
  state: State | undefined,
  didRespond: boolean,
  callback: HandlerCallback | undefined,
  responses: Memory[],
  options: { runId?: UUID } = {},
): Promise<Evaluator[]> {
  const candidates = runtime.evaluators.filter(
    (e) => !isPreEvaluator(e) && (didRespond || e.alwaysRun),
  );
  if (candidates.length === 0) return [];
  const current = state ?? (await runtime.composeState(message));
  const ran: Evaluator[] = [];
  const record = runtime.runs.attribute(options.runId);
  // Evaluators that ask through runtime.promptBatcher share one drain (batcher/turn-window.ts).
  const turn = runtime.promptBatcher.openTurn(message, candidates.length);
  await Promise.all(
    candidates.map(async (evaluator) => {
      let event: Record<string, unknown> | undefined;
      try {
        if (!(await evaluator.validate(runtime, message, current))) return;
        // elizaOS's EvaluatorEventPayload; one id ties STARTED to its COMPLETED.
        event = {
          evaluatorId: randomUuid(),
          evaluatorName: evaluator.name,
          startTime: runtime.now(),
          roomId: message.roomId,
          messageId: message.id,
          source: message.content?.source,
        };
        await runtime.emitEvent(EventType.EVALUATOR_STARTED, event);
        await evaluator.handler(runtime, message, current, {}, callback, responses);
        ran.push(evaluator);
        record?.evaluatorCompleted(evaluator.name, runtime.now() - (event.startTime as number));
        await runtime.emitEvent(EventType.EVALUATOR_COMPLETED, { ...event, completed: true });
      } catch (error) {
        runtime.logger.error(`evaluator ${evaluator.name} failed`, { error: describeError(error) });
        if (event) {
          record?.evaluatorCompleted(
            evaluator.name,
            runtime.now() - (event.startTime as number),
            error,
          );
          await runtime.emitEvent(EventType.EVALUATOR_COMPLETED, {
            ...event,
            completed: false,
            error: error instanceof Error ? error : new Error(String(error)),
          });
        }
      } finally {
        turn.settle();
      }
    }),
  );
  await turn.close();
  return ran;
}
