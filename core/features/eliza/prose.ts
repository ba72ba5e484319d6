// Turns a filled-in reassembly into a clean sentence.

const STANDALONE_I = /(?<![\p{L}\p{N}])i(?![\p{L}\p{N}-])/gu;
const WHITESPACE_RUN = /\s+/g;
// After WHITESPACE_RUN every gap is one space, so the patterns below need no `\s+`, which
// would rescan long runs of spaces from each of their positions.
const EMPTY_QUOTE = /' ?'/g;
const SPACE_BEFORE_MARK = / ([,.;:!?])/g;
const COMMA_BEFORE_MARK = /,(?=[.;:!?])/g;
const LEADING_MARKS = /^[ ,.;:!?]+/;
const I_ARE = /\bI are\b/g;
const YOU_WAS = /\byou was\b/gi;
const OBJECT_I = /\b(to|with|at|for|about|of|from|than|by|without|against|into) I\b/g;
const TRAILING_I = /(\p{L}) I(?=[.;:!?,]| to\b)/gu;
const LOWER_FIRST = /^\p{Ll}/u;

/**
 * Tidies spacing left by empty parts and repairs what the 1966 one-way substitutions get
 * wrong in echoed text ("you are" → "I are", "I was" → "you was", "with you" → "with I",
 * "want you to" → "want I to").
 * Returns "" when nothing is left.
 */
export function toProse(raw: string): string {
  return raw
    .replace(WHITESPACE_RUN, " ")
    .replace(EMPTY_QUOTE, "that")
    .replace(SPACE_BEFORE_MARK, "$1")
    .replace(COMMA_BEFORE_MARK, "")
    .replace(LEADING_MARKS, "")
    .replace(STANDALONE_I, "I")
    .replace(I_ARE, "I am")
    .replace(YOU_WAS, (match) => `${match.slice(0, 3)} were`)
    .replace(OBJECT_I, "$1 me")
    .replace(TRAILING_I, "$1 me")
    .trim()
    .replace(LOWER_FIRST, (first) => first.toUpperCase());
}

/** Every regex applied to a reply built from user words, for the ReDoS check in the tests. */
export const PROSE_PATTERNS: readonly RegExp[] = [
  STANDALONE_I,
  WHITESPACE_RUN,
  EMPTY_QUOTE,
  SPACE_BEFORE_MARK,
  COMMA_BEFORE_MARK,
  LEADING_MARKS,
  I_ARE,
  YOU_WAS,
  OBJECT_I,
  TRAILING_I,
  LOWER_FIRST,
];
