// Building blocks of the OpenAPI document: references to the answer schemas, JSON answers and
// errors, query parameters and request bodies from the routes' zod schemas.
import * as z from "zod";
import { apiSchemas, errorSchema } from "./schemas.ts";

export const ref = (schema: z.ZodType) => ({
  $ref: `#/components/schemas/${apiSchemas.get(schema)?.id}`,
});
export const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema: ref(schema) } },
});
export const error = (description: string) => json(errorSchema, description);

/** A query schema as OpenAPI parameters, one per field. */
export function queryParameters(schema: z.core.$ZodObject) {
  const jsonSchema = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(jsonSchema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: jsonSchema.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** A request body's JSON Schema, as a schema inside the document (no $schema of its own). */
export function bodySchema(schema: z.core.$ZodType) {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { io: "input" });
  return rest;
}

export const pathId = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string" },
});
