// Turns user text into the word and delimiter stream the 1966 scanner worked on.

/** One input word: `word` is what patterns and keywords see, `shown` is what replies echo. */
export interface Word {
  word: string;
  shown: string;
}

export type Token = Word | { delimiter: true };

/** Bounds the work per reply (pattern matching is quadratic in clause length) and its length. */
export const MAX_TOKENS = 300;
/**
 * Characters of a message ELIZA reads; the rest is ignored. 300 tokens of ordinary words fit
 * many times over, and the cap bounds the copying (NFKC, apostrophes) a huge message costs.
 */
export const MAX_INPUT_CHARS = 8_000;

const WORD_OR_DELIMITER = /[\p{L}\p{M}\p{N}]+(?:['-][\p{L}\p{M}\p{N}]+)*|[.,;:!?]/gu;
const APOSTROPHES = /[\u2018\u2019\u02bc`\u00b4]/g;
const LOWER_CASE_LETTER = /\p{Ll}/u;

/**
 * Splits text into words and clause delimiters, dropping everything else (emoji, symbols,
 * markup). "but" counts as a delimiter, as in the original.
 */
export function tokenise(text: string): Token[] {
  const normalised = text.slice(0, MAX_INPUT_CHARS).normalize("NFKC").replace(APOSTROPHES, "'");
  // Text typed all in capitals (the 1966 way) is echoed in lower case rather than shouted.
  const keepCase = LOWER_CASE_LETTER.test(normalised);
  const tokens: Token[] = [];
  let sentenceStart = true;
  for (const [raw] of normalised.matchAll(WORD_OR_DELIMITER)) {
    if (tokens.length >= MAX_TOKENS) break;
    const word = raw.toLowerCase();
    if (word.length === 1 && ".,;:!?".includes(word)) {
      tokens.push({ delimiter: true });
      sentenceStart = ".!?".includes(word);
    } else if (word === "but") {
      tokens.push({ delimiter: true });
    } else {
      // A capital that only starts the sentence would look odd echoed mid-reply.
      const shown = !keepCase || (sentenceStart && !isAcronym(raw)) ? word : raw;
      tokens.push({ word, shown });
      sentenceStart = false;
    }
  }
  return tokens;
}

function isAcronym(raw: string): boolean {
  return raw.length > 1 && raw === raw.toUpperCase() && raw !== raw.toLowerCase();
}

/** Every regex applied to the user's text, for the ReDoS check in the tests. */
export const TOKEN_PATTERNS: readonly RegExp[] = [
  WORD_OR_DELIMITER,
  APOSTROPHES,
  LOWER_CASE_LETTER,
];
