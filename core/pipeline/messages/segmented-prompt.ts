// The message loop's prompts as elizaOS prompt segments: what is the same on every turn for
// this character (the template's own text, the agent's name, the character and action list)
// is marked stable and comes first, so a provider's prompt cache serves it on the next turn;
// the conversation and other per-turn provider text follow, unstable.

import type { PromptSegment, TemplateFunction } from "../../kernel/index.ts";
import { type IAgentRuntime, providerIndex, type State } from "../../runtime/index.ts";
import { PLACEHOLDER } from "./templates.ts";

/**
 * Names whose every registered provider says its text is the same on every turn (`stable`:
 * eliza-edge's CHARACTER and ACTIONS). Not by name: plugin-bootstrap's CHARACTER and ACTIONS
 * pick bios, examples and action order at random each call, and marking them would pay for a
 * cache write every turn that is never read.
 */
export function stableProviderNames(runtime: IAgentRuntime): ReadonlySet<string> {
  return providerIndex(runtime.providers).stableNames;
}

export interface SegmentedPrompt {
  prompt: string;
  promptSegments: PromptSegment[];
}

type ProviderResult = { text?: unknown; values?: unknown };

const hasText = (r: ProviderResult | undefined): r is { text: string } =>
  typeof r?.text === "string" && r.text.trim() !== "";

/**
 * The state's provider texts as segments: the stable providers' first, then the rest, each
 * group in provider position order, joined by a blank line as state.text is.
 */
export function providerSegments(runtime: IAgentRuntime, state: State): PromptSegment[] {
  const results = state.data?.providers as Record<string, ProviderResult> | undefined;
  if (!results || typeof results !== "object") {
    return [{ content: state.text ?? "", stable: false }];
  }
  const position = providerIndex(runtime.providers).positions;
  const named = Object.entries(results)
    .filter(([, result]) => hasText(result))
    .sort(([a], [b]) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
  const text = (list: typeof named) => list.map(([, r]) => r.text as string).join("\n\n");
  // Reordered only when the per-provider results rebuild state.text exactly (two providers
  // of one name keep one result): otherwise the text goes as it is, unmarked.
  if (!joinsTo(named, state.text)) return [{ content: state.text ?? "", stable: false }];
  const stableNames = stableProviderNames(runtime);
  const stable = named.filter(([name]) => stableNames.has(name));
  const rest = named.filter(([name]) => !stableNames.has(name));
  const segments: PromptSegment[] = [];
  if (stable.length) segments.push({ content: text(stable), stable: true });
  if (rest.length) {
    segments.push({ content: (stable.length ? "\n\n" : "") + text(rest), stable: false });
  }
  return segments;
}

/**
 * Whether the texts joined by a blank line are exactly `whole`: compared in place, piece by
 * piece, rather than by building the joined text (the size of the prompt) only to compare it.
 * A slice of a string is a view of it, and === compares it at memory speed; startsWith goes
 * character by character (in V8, some sixty times slower on a prompt-sized text).
 */
function joinsTo(named: [string, ProviderResult][], whole: string | undefined): boolean {
  if (whole === undefined) return false;
  let at = 0;
  for (let i = 0; i < named.length; i++) {
    if (i > 0) {
      if (whole.charCodeAt(at) !== 10 || whole.charCodeAt(at + 1) !== 10) return false;
      at += 2;
    }
    const piece = named[i]![1].text as string;
    if (whole.slice(at, at + piece.length) !== piece) return false;
    at += piece.length;
  }
  return at === whole.length;
}

/** Value names that are the same on every turn: the agent's name and stable providers' output. */
export function stableValueNames(runtime: IAgentRuntime, state: State): Set<string> {
  const providers = stableProviderNames(runtime);
  const names = new Set(["agentName", ...providers]);
  const results = state.data?.providers as Record<string, ProviderResult> | undefined;
  for (const name of providers) {
    const values = results?.[name]?.values;
    if (values && typeof values === "object") for (const key of Object.keys(values)) names.add(key);
  }
  return names;
}

const valueText = (value: unknown): string =>
  value === undefined || value === null
    ? ""
    : typeof value === "string"
      ? value
      : JSON.stringify(value);

/**
 * fillTemplate, cut into segments. The template's own text and the values named in `stable`
 * are stable; other values are not; `expand` gives a placeholder's segments outright. Once
 * an unstable segment is placed, everything after it is marked unstable too: a cache keyed by
 * the prompt's beginning cannot reuse text that follows something that changed, and marking
 * it would only pay for cache writes that are never read.
 */
export function fillTemplateSegments(
  template: string | TemplateFunction,
  values: Record<string, unknown>,
  stable: ReadonlySet<string>,
  expand: Record<string, PromptSegment[]> = {},
): SegmentedPrompt {
  const text = typeof template === "function" ? template({ state: values }) : template;
  const { literals, keys } = parsedTemplate(text);
  const pieces: PromptSegment[] = [];
  for (let i = 0; i < keys.length; i++) {
    pieces.push({ content: literals[i]!, stable: true });
    const key = keys[i]!;
    const expanded = expand[key];
    if (expanded) pieces.push(...expanded);
    else pieces.push({ content: valueText(values[key]), stable: stable.has(key) });
  }
  pieces.push({ content: literals[keys.length]!, stable: true });

  const promptSegments: PromptSegment[] = [];
  let changed = false;
  for (const piece of pieces) {
    if (piece.content === "") continue;
    changed ||= !piece.stable;
    const mark = piece.stable && !changed;
    const previous = promptSegments[promptSegments.length - 1];
    if (previous && previous.stable === mark) previous.content += piece.content;
    else promptSegments.push({ content: piece.content, stable: mark });
  }
  return { prompt: promptSegments.map((s) => s.content).join(""), promptSegments };
}

interface ParsedTemplate {
  /** The text around the placeholders: one more than `keys`. */
  literals: string[];
  keys: string[];
}

/** A character has a template or three, the same every turn: each is cut at its placeholders once. */
const parsed = new Map<string, ParsedTemplate>();
const PARSED_LIMIT = 64;

function parsedTemplate(text: string): ParsedTemplate {
  const held = parsed.get(text);
  if (held) return held;
  const literals: string[] = [];
  const keys: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const at = match.index ?? 0;
    literals.push(text.slice(last, at));
    keys.push(match[1]!);
    last = at + match[0].length;
  }
  literals.push(text.slice(last));
  // A template made per call (a function of the state) could grow this without end.
  if (parsed.size >= PARSED_LIMIT) parsed.clear();
  const made = { literals, keys };
  parsed.set(text, made);
  return made;
}
