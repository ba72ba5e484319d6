// Running the actions a plan named and the evaluators after a message, with their parameters.
export { declaredParameters } from "./action-parameters.ts";
export { type PlannedParams, parseParams } from "./parse-params.ts";
export { isPreEvaluator, runPreEvaluators } from "./pre-evaluators.ts";
export { plannerActions } from "./private-actions.ts";
export { actionResultsKey, runActions, runEvaluators } from "./run-actions.ts";
