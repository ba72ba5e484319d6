// elizaOS's prompt composition: a template (string, or a function of the state) rendered with
// Handlebars semantics against the state, then {{name1}}..{{name10}} filled with example names.
// eliza-edge's own composePrompt(template, values) stays in core; this is the elizaOS shape.
import type { State } from "../contract/index.ts";
import { renderTemplate } from "./handlebars.ts";

/** A template string, or a function that builds one from the state. */
export type TemplateType =
  | string
  | ((options: { state: State | Record<string, unknown> }) => string);

const EXAMPLE_NAMES = [
  "Ada",
  "Bashir",
  "Chiara",
  "Dmitri",
  "Esme",
  "Farid",
  "Greta",
  "Hiro",
  "Ines",
  "Joaquin",
  "Kaia",
  "Lars",
  "Mei",
  "Nnamdi",
  "Olga",
  "Pavel",
  "Quinn",
  "Rosa",
  "Sven",
  "Tamsin",
  "Umar",
  "Vera",
  "Wen",
  "Ximena",
  "Yusuf",
  "Zofia",
];

/**
 * Fills {{name1}}..{{nameN}} with random distinct example names. As in elizaOS this runs on the
 * rendered text: the placeholders come from inserted values (message examples), since the
 * template's own {{name1}} is a variable and renders empty when the state lacks it.
 */
function fillExampleNames(text: string, count: number): string {
  if (!text.includes("{{name")) return text;
  const pool = [...EXAMPLE_NAMES];
  let result = text;
  for (let i = 1; i <= count && pool.length > 0; i++) {
    const [name] = pool.splice(Math.floor(Math.random() * pool.length), 1);
    result = result.replaceAll(`{{name${i}}}`, name ?? "");
  }
  return result;
}

function templateText(template: TemplateType, state: State | Record<string, unknown>): string {
  return typeof template === "function" ? template({ state }) : template;
}

/**
 * Renders `template` against `state` (any object; keys are the template's variables).
 * Missing variables render empty.
 */
export function composePrompt({
  state,
  template,
}: {
  state: Record<string, unknown>;
  template: TemplateType;
}): string {
  return fillExampleNames(renderTemplate(templateText(template, state), state), 10);
}

/**
 * Renders `template` against a composed State: its top-level keys (other than text, values
 * and data) and then `state.values` (which win) are the template's variables.
 */
export function composePromptFromState({
  state,
  template,
}: {
  state: State | Record<string, unknown>;
  template: TemplateType;
}): string {
  const variables: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (key !== "text" && key !== "values" && key !== "data") variables[key] = value;
  }
  const values = (state as { values?: unknown }).values;
  if (values && typeof values === "object") Object.assign(variables, values);
  return fillExampleNames(renderTemplate(templateText(template, state), variables), 10);
}

/** `header` then `body` on the next line, or "" when the body is empty. */
export function addHeader(header: string, body: string): string {
  if (body.length === 0) return "";
  return `${header ? `${header}\n` : ""}${body}\n`;
}
