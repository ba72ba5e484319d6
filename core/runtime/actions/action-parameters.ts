// An action's declared parameters and the checking of what the planner supplied for them.
// The planner writes every value as text inside XML, so values are coerced to the declared
// type ("3" → 3, "true" → true) before the handler sees them; a value that cannot be, or a
// required one that is missing, is an error the action's result reports (the handler does
// not run on input nobody asked for).

import type {
  Action,
  ActionParameter,
  ActionParameterSchema,
  ActionParameters,
} from "../contract/index.ts";
import { parseParams } from "./parse-params.ts";
import { resolveAction } from "./resolve-action.ts";

export interface ParameterCheck {
  /** The declared parameters the planner supplied (or that have a default), coerced. */
  params: ActionParameters;
  /** One sentence per problem; empty when the parameters are valid. */
  errors: string[];
}

type LooseDefinition = { type?: unknown; description?: unknown; required?: unknown };

/**
 * The action's parameters as a list. elizaOS declares them as `ActionParameter[]`; elizaOS
 * 1.7's plugin-bootstrap reads an object keyed by name (`{ city: { type, description,
 * required } }`), so published actions may carry either. Malformed entries are ignored.
 */
export function declaredParameters(action: Action): ActionParameter[] {
  const declared: unknown = action.parameters;
  if (Array.isArray(declared)) {
    return declared.filter(
      (p): p is ActionParameter =>
        typeof p === "object" &&
        p !== null &&
        typeof (p as ActionParameter).name === "string" &&
        typeof (p as ActionParameter).schema === "object" &&
        (p as ActionParameter).schema !== null,
    );
  }
  if (typeof declared !== "object" || declared === null) return [];
  return Object.entries(declared as Record<string, unknown>).flatMap(([name, def]) => {
    if (typeof def !== "object" || def === null) return [];
    const loose = def as LooseDefinition;
    if (typeof loose.type !== "string") return [];
    const description = typeof loose.description === "string" ? loose.description : "";
    return [{ name, description, required: loose.required === true, schema: { type: loose.type } }];
  });
}

/** Checks and coerces what the planner supplied against the action's declared parameters. */
export function checkParameters(
  action: Action,
  supplied: Readonly<Record<string, unknown>> | undefined,
): ParameterCheck {
  const params: ActionParameters = {};
  const errors: string[] = [];
  for (const parameter of declaredParameters(action)) {
    const { name, schema } = parameter;
    const raw = supplied && Object.hasOwn(supplied, name) ? supplied[name] : undefined;
    if (isMissing(raw)) {
      if (parameter.required) errors.push(`required parameter "${name}" is missing`);
      else if (schema.default !== undefined) params[name] = schema.default;
      continue;
    }
    const coerced = coerce(schema, raw);
    if ("error" in coerced) errors.push(`parameter "${name}" ${coerced.error}`);
    else params[name] = coerced.value;
  }
  return { params, errors };
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && !value.trim());
}

type Coerced = { value: unknown } | { error: string };

function coerce(schema: ActionParameterSchema, raw: unknown): Coerced {
  const result = coerceType(schema, raw);
  if ("error" in result) return result;
  const allowed = schema.enum ?? schema.enumValues;
  if (allowed && !allowed.some((a) => a === result.value)) {
    return { error: `must be one of ${allowed.join(", ")}` };
  }
  if (typeof result.value === "number") {
    if (schema.minimum !== undefined && result.value < schema.minimum) {
      return { error: `must be at least ${schema.minimum}` };
    }
    if (schema.maximum !== undefined && result.value > schema.maximum) {
      return { error: `must be at most ${schema.maximum}` };
    }
  }
  return result;
}

function coerceType(schema: ActionParameterSchema, raw: unknown): Coerced {
  const text = typeof raw === "string" ? raw.trim() : undefined;
  switch (schema.type) {
    case "number":
    case "integer": {
      const n = typeof raw === "number" ? raw : text !== undefined ? Number(text) : Number.NaN;
      if (!Number.isFinite(n)) return { error: `must be a number, got ${preview(raw)}` };
      if (schema.type === "integer" && !Number.isInteger(n)) {
        return { error: `must be an integer, got ${preview(raw)}` };
      }
      return { value: n };
    }
    case "boolean": {
      if (typeof raw === "boolean") return { value: raw };
      const word = text?.toLowerCase();
      if (word === "true" || word === "yes" || word === "1") return { value: true };
      if (word === "false" || word === "no" || word === "0") return { value: false };
      return { error: `must be true or false, got ${preview(raw)}` };
    }
    case "array": {
      if (Array.isArray(raw)) return { value: raw };
      if (text === undefined) return { error: `must be a list, got ${preview(raw)}` };
      const parsed = text.startsWith("[") ? parseJson(text) : undefined;
      const items = Array.isArray(parsed) ? parsed : text.split(",").map((s) => s.trim());
      if (!schema.items) return { value: items };
      const out: unknown[] = [];
      for (const item of items) {
        const one = coerce(schema.items, item);
        if ("error" in one) return { error: `item ${one.error}` };
        out.push(one.value);
      }
      return { value: out };
    }
    case "object": {
      if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) return { value: raw };
      const parsed = text?.startsWith("{") ? parseJson(text) : undefined;
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
        return { value: parsed };
      }
      return { error: `must be a JSON object, got ${preview(raw)}` };
    }
    case "string":
      if (typeof raw === "string") return { value: raw.trim() };
      if (typeof raw === "number" || typeof raw === "boolean") return { value: String(raw) };
      return { error: `must be text, got ${preview(raw)}` };
    default:
      // An unknown or absent type is passed on as given.
      return { value: typeof raw === "string" ? raw.trim() : raw };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The offending value, short: error results are logged and may reach a model's context. */
function preview(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : typeof value;
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * What the plan supplied for this action: `content.params` keyed by action name (as the
 * planner wrote it: matched like action names, case and underscores aside, similes too) or,
 * from elizaOS-style code, the raw `<params>` markup.
 */
export function suppliedFor(action: Action, params: unknown): Record<string, unknown> | undefined {
  const byAction = typeof params === "string" ? parseParams(params) : params;
  if (typeof byAction !== "object" || byAction === null) return undefined;
  for (const [name, values] of Object.entries(byAction as Record<string, unknown>)) {
    if (typeof values !== "object" || values === null || Array.isArray(values)) continue;
    if (resolveAction([action], name)) return values as Record<string, unknown>;
  }
  return undefined;
}
