// The offline model's one way to use a plugin: the action whose name, similes or examples say
// what the user said. ROLL_DICE (or its simile ROLL_A_DIE) matches "Roll a die"; an example
// "Roll a die for me" matches "roll the dice please". No match leaves the message to ELIZA.
import type { Action } from "../../runtime/index.ts";

/**
 * Actions ELIZA never picks by words: replying is what ELIZA does anyway, and the reminder
 * actions are planned from a parsed time (plugin.ts), never from the word "remind" alone.
 */
const NOT_BY_WORDS = new Set([
  "REPLY",
  "NONE",
  "IGNORE",
  "REMIND",
  "CREATE_TASK",
  "CANCEL_TASK",
  "SET_TIME_ZONE",
]);

/** Words that carry no request: "roll a die for me, please" is about rolling a die. */
const FILLER = new Set(
  (
    "a an the me my i you your we us our it its to for of on in at with and or please can " +
    "could would will do does some any this that is are be just now"
  ).split(" "),
);

/** An example's words must mostly be in the message: a shared "me" or "please" is not enough. */
const EXAMPLE_COVERAGE = 0.75;

/** Lower case, split on non-letters, filler dropped, crude stemming ("rolls", "rolling"). */
export function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "" && !FILLER.has(word))
    .map(stem);
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** What the user says in an action's examples: every line that is not the agent's answer. */
function exampleRequests(action: Action): string[] {
  return (action.examples ?? []).flatMap((conversation) =>
    conversation
      .filter((line) => !line.content.actions?.length && typeof line.content.text === "string")
      .map((line) => line.content.text as string),
  );
}

/**
 * How well `action` fits the message's words: the number of words of the best name, simile
 * (all of whose words the message has) or example (most of whose words it has); 0 for none.
 */
function score(action: Action, words: Set<string>): number {
  let best = 0;
  for (const phrase of [action.name, ...(action.similes ?? [])]) {
    const wanted = contentWords(phrase.replaceAll("_", " "));
    if (wanted.length > 0 && wanted.every((word) => words.has(word))) {
      best = Math.max(best, wanted.length);
    }
  }
  for (const example of exampleRequests(action)) {
    const wanted = [...new Set(contentWords(example))];
    const found = wanted.filter((word) => words.has(word)).length;
    if (wanted.length > 0 && found / wanted.length >= EXAMPLE_COVERAGE) {
      best = Math.max(best, found);
    }
  }
  return best;
}

/** The best-fitting action's name for `text`, the first registered on a tie; else undefined. */
export function matchAction(actions: readonly Action[], text: string): string | undefined {
  const words = new Set(contentWords(text));
  if (words.size === 0) return undefined;
  let chosen: { name: string; score: number } | undefined;
  for (const action of actions) {
    if (action.private || NOT_BY_WORDS.has(action.name.toUpperCase())) continue;
    const fit = score(action, words);
    if (fit > (chosen?.score ?? 0)) chosen = { name: action.name, score: fit };
  }
  return chosen?.name;
}
