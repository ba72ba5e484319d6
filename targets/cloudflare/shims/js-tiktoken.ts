// A stand-in for `js-tiktoken`, for a bundler alias on Workers: published model plugins
// (plugin-openai, plugin-groq, plugin-redpill) import it only for their TEXT_TOKENIZER_ENCODE
// and _DECODE handlers, and its rank tables are what makes them ~2.7 MiB gzip, near the Free
// plan's 3 MiB. Aliased here, plugin-openai 1.6.0 bundles to ~0.2 MiB gzip (README, "Plugin
// size on Workers"). Tokens are word-sized pieces (a run of letters or digits with the space
// before it, or one other character), so counts are near a BPE tokenizer's and decode gives
// back exactly what was encoded; ids are not OpenAI's. The piece table is shared by every
// encoder in the isolate, because plugins encode with one encoder and decode with another.
const PIECE = /\s*[\p{L}\p{N}]+|\s*[^\s\p{L}\p{N}]|\s+$/gu;
/** Past this many distinct pieces the table stops growing; later new pieces go by character. */
const MAX_PIECES = 200_000;

const ids = new Map<string, number>();
const pieces: string[] = [];

function idOf(piece: string): number[] {
  const known = ids.get(piece);
  if (known !== undefined) return [known];
  if (pieces.length >= MAX_PIECES) {
    return piece.length > 1
      ? [...piece].flatMap((char) => idOf(char))
      : [-piece.codePointAt(0)! - 1];
  }
  ids.set(piece, pieces.length);
  pieces.push(piece);
  return [pieces.length - 1];
}

/** js-tiktoken's Tiktoken, as the plugins use it: encode, decode. */
export class Tiktoken {
  encode(text: string): number[] {
    return (text.match(PIECE) ?? []).flatMap(idOf);
  }

  decode(tokens: readonly number[]): string {
    return tokens
      .map((token) => (token < 0 ? String.fromCodePoint(-token - 1) : (pieces[token] ?? "")))
      .join("");
  }
}

export function getEncoding(_encoding?: string): Tiktoken {
  return new Tiktoken();
}

export function encodingForModel(_model?: string): Tiktoken {
  return new Tiktoken();
}
