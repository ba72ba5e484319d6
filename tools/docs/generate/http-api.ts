// docs/reference/http-api.md from openapi.json (`npm run openapi` writes it from the routes'
// schemas): every path and method, its auth, parameters, request body, answers and errors, then
// every named schema.
import { cell } from "./configuration.ts";
import { generatedNotice } from "./notice.ts";

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Json;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, unknown[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  components?: {
    securitySchemes?: Record<string, Json>;
    schemas?: Record<string, Json>;
  };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ["get", "post", "put", "patch", "delete", "options", "head"];

function isOpenAi(path: string): boolean {
  return path.startsWith("/v1/");
}

function isElizaOs(path: string): boolean {
  return ["/api/server", "/api/agents", "/api/messaging"].some((prefix) => path.startsWith(prefix));
}

/** A range in words: `1–200`, `≥ 1`, `≤ 200`. */
function range(min: unknown, max: unknown): string {
  if (min !== undefined && max !== undefined) return `${min}–${max}`;
  return min !== undefined ? `≥ ${min}` : `≤ ${max}`;
}

/** The sections the paths fall in, first match wins. */
const SECTIONS: { title: string; intro: string; matches: (path: string) => boolean }[] = [
  {
    title: "eliza-edge's API",
    intro: "",
    matches: (path) => !isOpenAi(path) && !isElizaOs(path),
  },
  {
    title: "OpenAI's chat API",
    intro: "What OpenAI's SDKs and tools that speak its chat API call (base URL `<origin>/v1`).",
    matches: isOpenAi,
  },
  {
    title: "elizaOS's REST API",
    intro: "The part of elizaOS's server API that `@elizaos/api-client` uses.",
    matches: isElizaOs,
  },
];

export function anchorOf(method: string, path: string): string {
  return `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function schemaName(ref: string): string {
  return ref.replace("#/components/schemas/", "");
}

/** A schema in a few words: `string (1–200)`, `[Message](#schema-message)[]`, `object`. */
export function typeOf(schema: Json | undefined): string {
  if (!schema) return "";
  if (typeof schema.$ref === "string") {
    const name = schemaName(schema.$ref);
    return `[${name}](#schema-${name.toLowerCase()})`;
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return options.map((s) => typeOf(s as Json)).join(" | ");
  }
  if (Array.isArray(schema.allOf)) return (schema.allOf as Json[]).map(typeOf).join(" & ");
  if (Array.isArray(schema.enum)) {
    return (schema.enum as unknown[]).map((value) => `\`${JSON.stringify(value)}\``).join(", ");
  }
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "");
  if (type === "array") return `${typeOf(schema.items as Json | undefined) || "any"}[]`;
  const bounds = [
    schema.minLength !== undefined || schema.maxLength !== undefined
      ? `${range(schema.minLength, schema.maxLength)} chars`
      : "",
    schema.minimum !== undefined || schema.maximum !== undefined
      ? range(schema.minimum, schema.maximum)
      : "",
    schema.exclusiveMinimum !== undefined ? `> ${schema.exclusiveMinimum}` : "",
    schema.exclusiveMaximum !== undefined ? `< ${schema.exclusiveMaximum}` : "",
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : "",
    typeof schema.format === "string" ? schema.format : "",
  ].filter(Boolean);
  const base = type || "any";
  return bounds.length ? `${base} (${bounds.join(", ")})` : base;
}

/** A table of an object schema's fields, or one line for anything else. */
function schemaBody(schema: Json | undefined): string[] {
  if (!schema) return [];
  const properties = schema.properties as Record<string, Json> | undefined;
  if (schema.type !== "object" || !properties || Object.keys(properties).length === 0) {
    return [`${typeOf(schema)}`, ""];
  }
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const lines = ["| Field | Type | Required | Description |", "|---|---|---|---|"];
  for (const [name, field] of Object.entries(properties)) {
    const description = typeof field.description === "string" ? field.description : "";
    lines.push(
      `| \`${name}\` | ${cell(typeOf(field))} | ${required.has(name) ? "yes" : ""} | ${cell(description)} |`,
    );
  }
  return [...lines, ""];
}

function security(operation: Operation, doc: OpenApiDocument): string {
  if (!operation.security || operation.security.length === 0) return "none";
  const schemes = doc.components?.securitySchemes ?? {};
  return operation.security
    .flatMap((requirement) => Object.keys(requirement))
    .map((name) => {
      const scheme = schemes[name] ?? {};
      const how =
        scheme.type === "http"
          ? `\`Authorization: Bearer\` ${scheme.description ?? ""}`
          : `\`${scheme.name}\` (${scheme.in}): ${scheme.description ?? ""}`;
      return how.trim();
    })
    .join("; or ");
}

function operationSection(
  method: string,
  path: string,
  operation: Operation,
  doc: OpenApiDocument,
): string[] {
  const lines = [`### \`${method.toUpperCase()} ${path}\` {#${anchorOf(method, path)}}`, ""];
  if (operation.summary) lines.push(`${operation.summary}.`, "");
  if (operation.description) lines.push(operation.description, "");
  lines.push(`**Auth:** ${security(operation, doc)}`, "");
  if (operation.parameters?.length) {
    lines.push(
      "**Parameters**",
      "",
      "| Name | In | Type | Required | Description |",
      "|---|---|---|---|---|",
    );
    for (const parameter of operation.parameters) {
      lines.push(
        `| \`${parameter.name}\` | ${parameter.in} | ${cell(typeOf(parameter.schema))} | ${parameter.required ? "yes" : ""} | ${cell(parameter.description ?? "")} |`,
      );
    }
    lines.push("");
  }
  const body = operation.requestBody;
  if (body?.content) {
    for (const [type, media] of Object.entries(body.content)) {
      lines.push(`**Request body** (\`${type}\`${body.required ? ", required" : ""})`, "");
      lines.push(...schemaBody(media.schema));
    }
  }
  if (operation.responses) {
    lines.push("**Answers**", "", "| Status | Meaning | Body |", "|---|---|---|");
    for (const [status, response] of Object.entries(operation.responses)) {
      const bodies = Object.entries(response.content ?? {}).map(
        ([type, media]) => `${typeOf(media.schema)} (\`${type}\`)`,
      );
      lines.push(
        `| ${status} | ${cell(response.description ?? "")} | ${cell(bodies.join("; "))} |`,
      );
    }
    lines.push("");
  }
  return lines;
}

export function httpApiPage(doc: OpenApiDocument): string {
  const lines = [
    "---",
    "title: HTTP API",
    "description: Every route every eliza-edge target serves, with its auth, parameters, bodies and errors, from openapi.json.",
    "---",
    "",
    generatedNotice("openapi.json"),
    "",
    "# HTTP API",
    "",
    `${doc.info.title} ${doc.info.version}. ${doc.info.description ?? ""}`.trim(),
    "",
    "Every target serves the same app, and the running agent serves this document at",
    "`GET /openapi.json`. Bad input gets a 4xx; a storage outage or a passed deadline gets a 503",
    "with `Retry-After`, so a platform or client retries.",
    "",
    "## Authentication",
    "",
    "| Scheme | How | Value |",
    "|---|---|---|",
  ];
  for (const [name, scheme] of Object.entries(doc.components?.securitySchemes ?? {})) {
    const how =
      scheme.type === "http"
        ? `\`Authorization: ${String(scheme.scheme).replace(/^bearer$/i, "Bearer")}\``
        : `\`${scheme.name}\` ${scheme.in}`;
    lines.push(`| \`${name}\` | ${how} | ${cell(String(scheme.description ?? ""))} |`);
  }
  lines.push("");

  const done = new Set<string>();
  for (const section of SECTIONS) {
    const paths = Object.keys(doc.paths).filter((path) => !done.has(path) && section.matches(path));
    if (paths.length === 0) continue;
    lines.push(`## ${section.title}`, "");
    if (section.intro) lines.push(section.intro, "");
    for (const path of paths) {
      done.add(path);
      const operations = doc.paths[path]!;
      for (const method of METHODS) {
        const operation = operations[method];
        if (operation) lines.push(...operationSection(method, path, operation, doc));
      }
    }
  }

  lines.push("## Schemas", "");
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    lines.push(`### ${name} {#schema-${name.toLowerCase()}}`, "");
    if (typeof schema.description === "string") lines.push(schema.description, "");
    lines.push(...schemaBody(schema));
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
