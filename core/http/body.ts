import type { Context } from "hono";
import { type core, safeParse } from "zod/mini";
import { wellFormedDeep } from "../kernel/index.ts";
import { ApiError } from "./errors.ts";

/**
 * Parses the body as JSON and validates it; every failure is a 400 that names the field.
 * Lone surrogates in any string become U+FFFD here, so neither storage nor a model ever sees
 * broken text (core/kernel/validation/well-formed.ts).
 */
export async function readJson<T extends core.$ZodType>(
  c: Context,
  schema: T,
): Promise<core.output<T>> {
  const raw = await c.req.text();
  if (!raw.trim()) throw new ApiError(400, "invalid_json", "Request body is empty; expected JSON");
  let data: unknown;
  try {
    data = wellFormedDeep(JSON.parse(raw));
  } catch {
    throw new ApiError(400, "invalid_json", "Request body is not valid JSON");
  }
  const result = safeParse(schema, data);
  if (!result.success) {
    const detail = result.error.issues
      .map((i) => `${i.path.map(String).join(".") || "(body)"}: ${i.message}`)
      .join("; ");
    throw new ApiError(400, "invalid_body", detail);
  }
  return result.data;
}
