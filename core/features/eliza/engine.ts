// The ELIZA interpreter: scans input for keywords, applies the top keyword's decomposition
// and reassembly rules, and falls back to MEMORY and NONE, following Weizenbaum (1966).
import { type ConversationState, createConversationStore, nextChoice } from "./conversations.ts";
import { compilePattern, matchPattern, type PatternElement } from "./pattern.ts";
import { toProse } from "./prose.ts";
import { DOCTOR_SCRIPT, type ElizaScript, type Reassembly } from "./script.ts";
import { type Token, tokenise, type Word } from "./tokens.ts";

export interface ElizaEngine {
  /** Answers one user message. Never throws; always returns a non-empty sentence. */
  respond(text: string, conversationKey?: string): string;
}

export interface ElizaEngineOptions {
  /** Conversations whose state is kept; the least recently used beyond this is forgotten. */
  maxConversations?: number;
}

const DEFAULT_MAX_CONVERSATIONS = 500;
const DEFAULT_CONVERSATION = "default";
/** Memories kept per conversation; older ones are dropped first. */
const MAX_MEMORIES = 20;
/** Bounds chains of "=KEY" redirects, so a cyclic script cannot hang a reply. */
const MAX_REDIRECTS = 10;
const LAST_RESORT = "Please go on.";

interface CompiledRule {
  id: string;
  pattern: PatternElement[];
  reassemblies: Reassembly[];
}

interface CompiledKeyword {
  rank: number;
  redirect?: string;
  rules: CompiledRule[];
}

interface CompiledScript {
  substitutions: ReadonlyMap<string, string>;
  keywords: ReadonlyMap<string, CompiledKeyword>;
  memory: { keyword: string; pattern: PatternElement[]; reassemblies: string[] };
  none: string[];
}

/** What applying a keyword came to: a reply, or null to try the next keyword (NEWKEY). */
type Outcome = string | null;

// The compiled script never changes, so every engine shares one, compiled by the first
// answer (or by warmElizaEngine): an agent whose model answers never pays for it.
let doctor: CompiledScript | undefined;
const doctorScript = () => {
  doctor ??= compileScript(DOCTOR_SCRIPT);
  return doctor;
};

export function createElizaEngine(options: ElizaEngineOptions = {}): ElizaEngine {
  const limit = Math.max(1, Math.floor(options.maxConversations ?? DEFAULT_MAX_CONVERSATIONS));
  const conversations = createConversationStore(limit);

  return {
    respond(text, conversationKey) {
      const key =
        typeof conversationKey === "string" && conversationKey !== ""
          ? conversationKey
          : DEFAULT_CONVERSATION;
      try {
        const state = conversations.get(key);
        const reply = toProse(answer(doctorScript(), state, typeof text === "string" ? text : ""));
        return reply === "" ? LAST_RESORT : reply;
      } catch {
        // The offline model is the agent's last line of defence: it must always answer.
        return LAST_RESORT;
      }
    },
  };
}

/**
 * Compiles the shared script and answers once with a throwaway engine (no agent's
 * conversation moves), so a host that starts before its first request (a Worker's global
 * scope) pays for both there, not in its first answer.
 */
export function warmElizaEngine(): void {
  createElizaEngine({ maxConversations: 1 }).respond("I remember my mother was always sad.");
}

function answer(script: CompiledScript, state: ConversationState, text: string): string {
  const { clause, keywords } = scan(script, tokenise(text));
  const words = clause.map((w) => w.word);

  if (keywords[0] === script.memory.keyword) remember(script, state, clause, words);

  for (const keyword of keywords) {
    const reply = applyKeyword(script, state, keyword, clause, 0);
    if (reply !== null) return reply;
  }
  const memory = state.memories.shift();
  if (memory !== undefined) return memory;
  return script.none[nextChoice(state, "NONE", script.none.length)]!;
}

/**
 * The 1966 scan: substitute each word, stack keywords by rank (a higher rank goes on top,
 * otherwise to the bottom), and at a delimiter either stop (a keyword was found) or throw
 * the clause away and start afresh.
 */
function scan(
  script: CompiledScript,
  tokens: readonly Token[],
): { clause: Word[]; keywords: string[] } {
  let clause: Word[] = [];
  const stack: string[] = [];
  for (const token of tokens) {
    if ("delimiter" in token) {
      if (stack.length > 0) break;
      clause = [];
      continue;
    }
    const substitute = script.substitutions.get(token.word);
    clause.push(substitute === undefined ? token : { word: substitute, shown: substitute });
    const keyword = script.keywords.get(token.word);
    if (!keyword || stack.includes(token.word)) continue;
    const top = stack[0] === undefined ? undefined : script.keywords.get(stack[0]);
    if (top && keyword.rank > top.rank) stack.unshift(token.word);
    else stack.push(token.word);
  }
  return { clause: stack.length > 0 ? clause : [], keywords: stack };
}

function remember(
  script: CompiledScript,
  state: ConversationState,
  clause: readonly Word[],
  words: readonly string[],
): void {
  const spans = matchPattern(script.memory.pattern, words);
  // Only a statement is worth bringing back later; "my mother" alone would come back as
  // "Earlier you said your mother."
  const lastSpan = spans?.at(-1);
  if (!spans || !lastSpan || lastSpan[1] - lastSpan[0] < 2) return;
  const { reassemblies } = script.memory;
  const template = reassemblies[nextChoice(state, "MEMORY", reassemblies.length)]!;
  state.memories.push(fill(template, clause, spans));
  if (state.memories.length > MAX_MEMORIES) state.memories.shift();
}

function applyKeyword(
  script: CompiledScript,
  state: ConversationState,
  name: string,
  clause: readonly Word[],
  hops: number,
): Outcome {
  const keyword = script.keywords.get(name);
  if (!keyword || hops > MAX_REDIRECTS) return null;
  if (keyword.redirect !== undefined) {
    return applyKeyword(script, state, keyword.redirect, clause, hops + 1);
  }
  const words = clause.map((w) => w.word);
  for (const rule of keyword.rules) {
    const spans = matchPattern(rule.pattern, words);
    if (!spans) continue;
    const reassembly = rule.reassemblies[nextChoice(state, rule.id, rule.reassemblies.length)]!;
    if (typeof reassembly === "string") return fill(reassembly, clause, spans);
    if ("newkey" in reassembly) return null;
    if ("pre" in reassembly) {
      const rewritten = fillWords(reassembly.pre, clause, spans);
      return applyKeyword(script, state, reassembly.goto, rewritten, hops + 1);
    }
    return applyKeyword(script, state, reassembly.goto, clause, hops + 1);
  }
  // No decomposition fits: like NEWKEY, let the next keyword try.
  return null;
}

function part(clause: readonly Word[], spans: Array<[number, number]>, n: number): Word[] {
  const span = spans[n - 1];
  return span ? clause.slice(span[0], span[1]) : [];
}

/** Fills "$N" in a reply template with the words the Nth pattern element matched. */
function fill(template: string, clause: readonly Word[], spans: Array<[number, number]>): string {
  return template.replace(/\$([1-9])/g, (_, n: string) =>
    part(clause, spans, Number(n))
      .map((w) => w.shown)
      .join(" "),
  );
}

/** Like fill, for a PRE rewrite: the result is words to match again, not prose. */
function fillWords(
  template: string,
  clause: readonly Word[],
  spans: Array<[number, number]>,
): Word[] {
  return template
    .split(/\s+/)
    .filter((piece) => piece !== "")
    .flatMap((piece) => {
      const ref = /^\$([1-9])$/.exec(piece);
      return ref ? part(clause, spans, Number(ref[1])) : [{ word: piece, shown: piece }];
    });
}

/** Checks and indexes a script once per engine, so a broken script fails at construction. */
function compileScript(source: ElizaScript): CompiledScript {
  const groups = new Map(
    Object.entries(source.groups).map(([name, words]) => [name, new Set(words)] as const),
  );
  const keywords = new Map<string, CompiledKeyword>();
  const targets: string[] = [];

  for (const [name, entry] of Object.entries(source.keywords)) {
    if (entry.redirect !== undefined) targets.push(entry.redirect);
    const rules = (entry.rules ?? []).map((rule, index): CompiledRule => {
      const pattern = compilePattern(rule.pattern, groups);
      for (const reassembly of rule.reassemblies) {
        if (typeof reassembly === "string") checkRefs(reassembly, pattern.length, rule.pattern);
        else if ("goto" in reassembly) targets.push(reassembly.goto);
        if (typeof reassembly === "object" && "pre" in reassembly) {
          checkRefs(reassembly.pre, pattern.length, rule.pattern);
        }
      }
      if (rule.reassemblies.length === 0) {
        throw new Error(`ELIZA script: "${name}" rule "${rule.pattern}" has no reassembly`);
      }
      return { id: `${name}/${index}`, pattern, reassemblies: rule.reassemblies };
    });
    keywords.set(name, { rank: entry.rank ?? 0, redirect: entry.redirect, rules });
  }
  for (const target of targets) {
    if (!keywords.has(target)) throw new Error(`ELIZA script: "=${target}" names no keyword`);
  }

  const memoryPattern = compilePattern(source.memory.pattern, groups);
  for (const template of source.memory.reassemblies) {
    checkRefs(template, memoryPattern.length, source.memory.pattern);
  }
  if (source.memory.reassemblies.length === 0 || source.none.length === 0) {
    throw new Error("ELIZA script: MEMORY and NONE need at least one reply each");
  }
  return {
    substitutions: new Map(Object.entries(source.substitutions)),
    keywords,
    memory: {
      keyword: source.memory.keyword,
      pattern: memoryPattern,
      reassemblies: source.memory.reassemblies,
    },
    none: source.none,
  };
}

function checkRefs(template: string, elements: number, pattern: string): void {
  for (const [, n] of template.matchAll(/\$([0-9])/g)) {
    const index = Number(n);
    if (index < 1 || index > elements) {
      throw new Error(`ELIZA script: "$${n}" in "${template}" is outside "${pattern}"`);
    }
  }
}
