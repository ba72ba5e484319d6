// OBJECT_SMALL / OBJECT_LARGE over an OpenAI-compatible server: JSON mode
// (`response_format: {type: "json_object"}`), the answer parsed. JSON mode returns an object,
// so elizaOS's `output: "array"` and `"enum"` are asked for inside one and unwrapped.

import type { AgentRuntime } from "../runtime/agent-runtime.ts";
import type { HttpModelOptions } from "./http.ts";
import { parseJsonAnswer } from "./json-answer.ts";
import { chatText, OPENAI_ID, readOpenAIConfig } from "./openai-chat.ts";
import type { ObjectGenerationParams } from "./params.ts";
import { ModelError, ModelType } from "./types.ts";

/** The instruction JSON mode needs (OpenAI refuses json_object unless a message says "JSON"). */
function instruction(params: ObjectGenerationParams): string {
  const schema = params.schema
    ? ` matching this JSON schema: ${JSON.stringify(params.schema)}`
    : "";
  if (params.output === "array") {
    return `Answer with one JSON object and nothing else: {"items": [...]}, the array${schema}.`;
  }
  if (params.output === "enum") {
    const values = (params.enumValues ?? []).map((v) => JSON.stringify(v)).join(", ");
    return `Answer with one JSON object and nothing else: {"value": one of ${values}}.`;
  }
  return `Answer with one JSON object and nothing else${schema}.`;
}

function unwrap(params: ObjectGenerationParams, value: unknown, label: string): unknown {
  if (params.output !== "array" && params.output !== "enum") return value;
  const field = params.output === "array" ? "items" : "value";
  const inner = Array.isArray(value) ? value : (value as Record<string, unknown>)[field];
  if (params.output === "array" && !Array.isArray(inner)) {
    throw new ModelError(OPENAI_ID, `${label} was asked for an array but answered no "items" list`);
  }
  if (params.output === "enum" && !params.enumValues?.includes(inner as string)) {
    throw new ModelError(
      OPENAI_ID,
      `${label} answered ${JSON.stringify(inner)}, not one of ${JSON.stringify(params.enumValues ?? [])}`,
    );
  }
  return inner;
}

export function generateObject(
  size: "small" | "large",
  options: HttpModelOptions,
  chatModel: (runtime: AgentRuntime, size: "small" | "large") => string,
) {
  const modelType = size === "small" ? ModelType.OBJECT_SMALL : ModelType.OBJECT_LARGE;
  return async (runtime: AgentRuntime, params: ObjectGenerationParams): Promise<unknown> => {
    if (!params || typeof params.prompt !== "string" || params.prompt.trim() === "") {
      throw new ModelError(OPENAI_ID, `${modelType} needs params.prompt as a non-empty string`);
    }
    const text = await chatText(runtime, options, {
      model: chatModel(runtime, size),
      messages: [
        { role: "system", content: instruction(params) },
        { role: "user", content: params.prompt },
      ],
      response_format: { type: "json_object" },
      temperature: params.temperature,
      stop: params.stopSequences?.length ? params.stopSequences : undefined,
    });
    const label = readOpenAIConfig(runtime).provider.label;
    return unwrap(params, parseJsonAnswer(OPENAI_ID, label, text), label);
  };
}
