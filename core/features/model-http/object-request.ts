// What every provider's OBJECT_SMALL/OBJECT_LARGE shares: checking elizaOS's
// ObjectGenerationParams, the instruction that asks for JSON, and reading the answer back.
// The answer is always one JSON object (what JSON modes return), so `output: "array"` and
// `"enum"` are asked for inside one ({"items"}, {"value"}) and unwrapped.

import { ModelError, type ObjectGenerationParams } from "../../kernel/index.ts";
import { parseJsonAnswer } from "./json-answer.ts";

export function checkObjectParams(
  providerId: string,
  modelType: string,
  params: unknown,
): ObjectGenerationParams {
  const p = params as ObjectGenerationParams | null;
  if (!p || typeof p.prompt !== "string" || p.prompt.trim() === "") {
    throw new ModelError(providerId, `${modelType} needs params.prompt as a non-empty string`);
  }
  return p;
}

/** The system instruction; it names JSON, which OpenAI's JSON mode requires. */
export function objectInstruction(params: ObjectGenerationParams): string {
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

/** The object (or array, or enum value) in the model's text. Throws ModelError. */
export function readObjectAnswer(
  providerId: string,
  label: string,
  params: ObjectGenerationParams,
  text: string,
): unknown {
  const value = parseJsonAnswer(providerId, label, text);
  if (params.output !== "array" && params.output !== "enum") return value;
  const field = params.output === "array" ? "items" : "value";
  const inner = Array.isArray(value) ? value : (value as Record<string, unknown>)[field];
  if (params.output === "array" && !Array.isArray(inner)) {
    throw new ModelError(
      providerId,
      `${label} was asked for an array but answered no "items" list`,
    );
  }
  if (params.output === "enum" && !params.enumValues?.includes(inner as string)) {
    throw new ModelError(
      providerId,
      `${label} answered ${JSON.stringify(inner)}, not one of ${JSON.stringify(params.enumValues ?? [])}`,
    );
  }
  return inner;
}
