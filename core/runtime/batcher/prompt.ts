// The packed prompt and reading its answer. The model answers one JSON object keyed by section
// id, so each section's fields are read on their own: one section answered badly (missing,
// not an object, a required field absent) costs that section a retry, never the others.
import { parseJSONObjectFromText } from "../../kernel/index.ts";
import type { CallPlan, ResolvedSection, SectionFields } from "./types.ts";

export function buildBatchPrompt(plan: CallPlan, retry = false): string {
  const blocks = plan.sections.map(({ section, context }) => {
    const fields = section.schema
      .map((row) => `- ${row.field}: ${row.description}${row.required ? " (required)" : ""}`)
      .join("\n");
    return [
      `### Section ${JSON.stringify(section.id)}`,
      section.preamble ? `Instructions:\n${section.preamble}` : "",
      `Context:\n${context || "(none)"}`,
      `Fields:\n${fields}`,
    ]
      .filter(Boolean)
      .join("\n\n");
  });
  const shape = plan.sections
    .map(({ section }) => `${JSON.stringify(section.id)}: { ${fieldList(section)} }`)
    .join(", ");
  return [
    retry ? "Your previous answer for this section could not be used. Answer again.\n" : "",
    plan.sections.length > 1
      ? `Answer the ${plan.sections.length} independent sections below in one response. Use only each section's own context; do not mix facts between sections.`
      : "Answer the section below.",
    `Reply with one JSON object and nothing else, shaped {${shape}}.`,
    "",
    blocks.join("\n\n---\n\n"),
  ]
    .filter((line, i) => i > 0 || line)
    .join("\n");
}

function fieldList(section: { schema: { field: string }[] }): string {
  return section.schema.map((row) => `${JSON.stringify(row.field)}: ...`).join(", ");
}

/**
 * Each section's fields from the model's answer, or null for a section the answer does not
 * usably cover. Only the section's schema fields are kept.
 */
export function readBatchAnswer(
  answer: unknown,
  sections: ResolvedSection[],
): Map<string, SectionFields | null> {
  const parsed = typeof answer === "string" ? parseJSONObjectFromText(answer) : asRecord(answer);
  const out = new Map<string, SectionFields | null>();
  for (const { section } of sections) {
    const raw = asRecord(parsed?.[section.id]);
    if (!raw) {
      out.set(section.id, null);
      continue;
    }
    const fields: SectionFields = {};
    for (const row of section.schema) {
      if (row.field in raw && raw[row.field] !== undefined) fields[row.field] = raw[row.field];
    }
    const complete = section.schema.every(
      (row) => !row.required || (fields[row.field] !== undefined && fields[row.field] !== null),
    );
    out.set(section.id, complete ? fields : null);
  }
  return out;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
