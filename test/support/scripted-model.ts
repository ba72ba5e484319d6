// A model plugin for tests: answers from a script and records every prompt it was given, so
// a test asserts both what the agent did and what it asked.
import {
  type AgentRuntime,
  type GenerateTextParams,
  ModelType,
  type Plugin,
} from "../../core/index.ts";

export type ScriptedAnswer = string | ((params: GenerateTextParams) => string | Promise<string>);

export interface ScriptedModel {
  plugin: Plugin;
  /** Every text-model call, in order, with the model type used. */
  calls: { type: string; params: GenerateTextParams }[];
  /** Answers for the next TEXT_LARGE calls, in order. */
  large: ScriptedAnswer[];
  /** Answers for the next TEXT_SMALL calls, in order. */
  small: ScriptedAnswer[];
}

export function scriptedModel(
  fallback: ScriptedAnswer = "<response><text>ok</text></response>",
): ScriptedModel {
  const model: ScriptedModel = {
    calls: [],
    large: [],
    small: [],
    plugin: { name: "scripted-model", priority: 100 },
  };
  const answer =
    (type: string, queue: () => ScriptedAnswer[]) =>
    async (_runtime: AgentRuntime, params: GenerateTextParams): Promise<string> => {
      model.calls.push({ type, params });
      const next = queue().shift() ?? fallback;
      return typeof next === "function" ? next(params) : next;
    };
  model.plugin.models = {
    [ModelType.TEXT_LARGE]: answer(ModelType.TEXT_LARGE, () => model.large),
    [ModelType.TEXT_SMALL]: answer(ModelType.TEXT_SMALL, () => model.small),
  };
  return model;
}
