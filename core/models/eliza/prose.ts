// Turns a filled-in reassembly into a clean sentence.

const STANDALONE_I = /(?<![\p{L}\p{N}])i(?![\p{L}\p{N}-])/gu;

/**
 * Tidies spacing left by empty parts and repairs what the 1966 one-way substitutions get
 * wrong in echoed text ("you are" → "I are", "I was" → "you was", "with you" → "with I",
 * "want you to" → "want I to").
 * Returns "" when nothing is left.
 */
export function toProse(raw: string): string {
  return raw
    .replace(/\s+/g, " ")
    .replace(/'\s*'/g, "that")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/,(?=[.;:!?])/g, "")
    .replace(/^[\s,.;:!?]+/, "")
    .replace(STANDALONE_I, "I")
    .replace(/\bI are\b/g, "I am")
    .replace(/\byou was\b/gi, (match) => `${match.slice(0, 3)} were`)
    .replace(/\b(to|with|at|for|about|of|from|than|by|without|against|into)\s+I\b/g, "$1 me")
    .replace(/(\p{L})\s+I(?=[.;:!?,]| to\b)/gu, "$1 me")
    .trim()
    .replace(/^\p{Ll}/u, (first) => first.toUpperCase());
}
