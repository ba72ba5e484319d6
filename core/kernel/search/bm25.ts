// elizaOS's BM25 keyword index: documents are objects whose string fields are tokenized
// (lower-cased, accents, emoji and punctuation dropped, stop words and one-letter words left
// out) and scored with BM25 (k1 1.2, b 0.75 by default, per-field boosts). Scores are kept in
// the same typed arrays as elizaOS's, so rankings and scores come out the same.
//
// With `stemming: true` words are reduced to their Porter2 stems first ("running" → "run"),
// as in elizaOS.
import { stem } from "./porter2.ts";

const DEFAULT_STOP_WORDS = [
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "by",
  "for",
  "from",
  "has",
  "he",
  "in",
  "is",
  "it",
  "its",
  "of",
  "on",
  "that",
  "the",
  "to",
  "was",
  "were",
  "will",
  "with",
];

export interface BM25Options {
  k1?: number;
  b?: number;
  minLength?: number;
  stopWords?: Set<string>;
  stemming?: boolean;
  /** elizaOS's custom stemming rules; not supported here (throws when non-empty). */
  stemmingRules?: unknown[];
  fieldBoosts?: Record<string, number>;
}

export interface SearchResult {
  index: number;
  score: number;
  doc?: Record<string, unknown>;
}

// Character classes only (no nested quantifiers): linear on any document text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u200B-\u200D\uFEFF]/g;
const DIACRITICS = /[\u0300-\u036f]/g;
const PICTOGRAPHS = /[\p{Emoji_Presentation}\p{Extended_Pictographic}]/gu;
const SYMBOLS = /[™®©℠‼]/g;
const PUNCTUATION = /[\p{P}]/gu;
const NOT_KEPT = /[^a-z0-9\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\s]/gu;
const SPACES = /\s+/g;
const DIGITS = /^\d+$/;

/** Every regex the tokenizer applies to document text, for the ReDoS check in the tests. */
export const BM25_PATTERNS: readonly RegExp[] = [
  INVISIBLE,
  DIACRITICS,
  PICTOGRAPHS,
  SYMBOLS,
  PUNCTUATION,
  NOT_KEPT,
  SPACES,
  DIGITS,
];

class Tokenizer {
  constructor(
    private readonly stopWords: Set<string>,
    private readonly minLength: number,
    private readonly stemming: boolean,
  ) {}

  tokenize(text: string): string[] {
    if (!text) throw new Error("Input text cannot be null or empty");
    const cleaned = text
      .toLowerCase()
      .normalize("NFKD")
      .replace(INVISIBLE, "")
      .replace(DIACRITICS, "")
      .replace(PICTOGRAPHS, "")
      .replace(SYMBOLS, "")
      .replace(PUNCTUATION, " ")
      .replace(NOT_KEPT, " ")
      .replace(SPACES, " ")
      .trim();
    const tokens = cleaned
      .split(SPACES)
      .filter((t) => (t.length >= this.minLength || DIGITS.test(t)) && !this.stopWords.has(t));
    return this.stemming ? tokens.map(stem) : tokens;
  }
}

export class BM25 {
  readonly termFrequencySaturation: number;
  readonly lengthNormalizationFactor: number;
  readonly fieldBoosts: Record<string, number>;
  documents: Array<Record<string, unknown>> = [];
  documentLengths = new Uint32Array(0);
  averageDocLength = 0;
  termToIndex = new Map<string, number>();
  documentFrequency = new Uint32Array(0);
  /** Term index → (document index → boosted term frequency). */
  termFrequencies = new Map<number, Map<number, number>>();
  private readonly tokenizer: Tokenizer;

  constructor(docs?: Array<Record<string, unknown>>, options: BM25Options = {}) {
    if (options.stemmingRules && options.stemmingRules.length > 0) {
      throw new Error(
        "BM25 stemmingRules are not available on eliza-edge: custom stemming rules are not supported; stemming: true applies Porter2 as elizaOS does.",
      );
    }
    this.termFrequencySaturation = options.k1 ?? 1.2;
    this.lengthNormalizationFactor = options.b ?? 0.75;
    this.fieldBoosts = options.fieldBoosts ?? {};
    this.tokenizer = new Tokenizer(
      options.stopWords ?? new Set(DEFAULT_STOP_WORDS),
      options.minLength ?? 2,
      options.stemming ?? false,
    );
    if (docs && docs.length > 0) {
      this.documentLengths = new Uint32Array(docs.length);
      // As in elizaOS, the first average uses the unrounded (boosted) lengths; later adds
      // recompute it from the stored whole-number lengths.
      let total = 0;
      for (const doc of docs) total += this.index(doc);
      this.averageDocLength = total / docs.length;
    }
  }

  /** Indexes `doc` as the next document; returns its (boosted) length. */
  private index(doc: Record<string, unknown>): number {
    const docIndex = this.documents.length;
    this.documents.push(doc);
    if (this.documentLengths.length <= docIndex) {
      const grown = new Uint32Array(docIndex + 1);
      grown.set(this.documentLengths);
      this.documentLengths = grown;
    }
    let length = 0;
    const frequencies = new Map<number, number>();
    for (const [field, content] of Object.entries(doc)) {
      if (typeof content !== "string") continue;
      const boost = this.fieldBoosts[field] || 1;
      const tokens = this.tokenizer.tokenize(content);
      length += tokens.length * boost;
      for (const term of tokens) {
        let termIndex = this.termToIndex.get(term);
        if (termIndex === undefined) {
          termIndex = this.termToIndex.size;
          this.termToIndex.set(term, termIndex);
        }
        frequencies.set(termIndex, (frequencies.get(termIndex) ?? 0) + boost);
      }
    }
    this.documentLengths[docIndex] = length;
    if (this.documentFrequency.length < this.termToIndex.size) {
      const grown = new Uint32Array(
        Math.max(this.termToIndex.size, this.documentFrequency.length * 2),
      );
      grown.set(this.documentFrequency);
      this.documentFrequency = grown;
    }
    for (const [termIndex, frequency] of frequencies) {
      let docs = this.termFrequencies.get(termIndex);
      if (!docs) {
        docs = new Map();
        this.termFrequencies.set(termIndex, docs);
      }
      docs.set(docIndex, frequency);
      this.documentFrequency[termIndex] = (this.documentFrequency[termIndex] ?? 0) + 1;
    }
    return length;
  }

  private recalculateAverageLength(): void {
    const n = this.documentLengths.length;
    this.averageDocLength = n === 0 ? 0 : this.documentLengths.reduce((s, l) => s + l, 0) / n;
  }

  private termScore(termIndex: number, docIndex: number, idf: number): number {
    const tf = this.termFrequencies.get(termIndex)?.get(docIndex) ?? 0;
    const k1 = this.termFrequencySaturation;
    const b = this.lengthNormalizationFactor;
    const docLength = this.documentLengths[docIndex] ?? 0;
    return idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * docLength) / this.averageDocLength)));
  }

  /** The `topK` documents scoring above zero for the query's terms, best first. */
  search(query: string, topK = 10): SearchResult[] {
    const scores = new Float32Array(this.documentLengths.length);
    for (const term of this.tokenizer.tokenize(query)) {
      const termIndex = this.termToIndex.get(term);
      if (termIndex === undefined) continue;
      const idf = this.calculateIdf(termIndex);
      if (idf <= 0) continue;
      for (const docIndex of this.termFrequencies.get(termIndex)?.keys() ?? []) {
        scores[docIndex] = (scores[docIndex] ?? 0) + this.termScore(termIndex, docIndex, idf);
      }
    }
    return Array.from(scores, (score, index) => ({ index, score }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, topK);
  }

  /** Documents with the phrase's terms consecutive in one field, best first. */
  searchPhrase(phrase: string, topK = 10): SearchResult[] {
    const terms = this.tokenizer.tokenize(phrase);
    if (terms.length === 0) return [];
    let candidates: number[] | null = null;
    for (const term of terms) {
      const termIndex = this.termToIndex.get(term);
      const docs = termIndex === undefined ? undefined : this.termFrequencies.get(termIndex);
      if (!docs) return [];
      candidates = candidates === null ? [...docs.keys()] : candidates.filter((d) => docs.has(d));
      if (candidates.length === 0) return [];
    }
    const scores = new Map<number, number>();
    for (const docIndex of candidates ?? []) {
      for (const [field, content] of Object.entries(this.getDocument(docIndex))) {
        if (typeof content !== "string") continue;
        const tokens = this.tokenizer.tokenize(content);
        const found = tokens.some((_, i) => terms.every((t, j) => tokens[i + j] === t));
        if (!found) continue;
        const boost = this.fieldBoosts[field] || 1;
        const score = terms.reduce((sum, term) => {
          const termIndex = this.termToIndex.get(term);
          if (termIndex === undefined) return sum;
          return sum + this.termScore(termIndex, docIndex, this.calculateIdf(termIndex));
        }, 0);
        scores.set(docIndex, (scores.get(docIndex) ?? 0) + score * boost);
        break;
      }
    }
    return [...scores]
      .map(([index, score]) => ({ index, score }))
      .sort((a, b) => b.score - a.score)
      .slice(0, topK);
  }

  async addDocument(doc: Record<string, unknown>): Promise<void> {
    if (!doc) throw new Error("Document cannot be null");
    this.index(doc);
    this.recalculateAverageLength();
  }

  // biome-ignore lint/suspicious/noConfusingVoidType: elizaOS's signature
  async addDocuments(docs: Array<Record<string, unknown>>): Promise<void[]> {
    return Promise.all(docs.map((doc) => this.addDocument(doc)));
  }

  /** BM25's idf: log(1 + (N - n + 0.5) / (n + 0.5)); 0 for unknown terms. */
  calculateIdf(termIndex: number): number {
    const n = this.documentFrequency[termIndex] ?? 0;
    const total = this.documentLengths.length;
    if (termIndex < 0 || n <= 0 || n > total) return 0;
    return Math.log(1 + (total - n + 0.5) / (n + 0.5));
  }

  getTermFrequency(termIndex: number, docIndex: number): number {
    return this.termFrequencies.get(termIndex)?.get(docIndex) ?? 0;
  }

  getDocument(index: number): Record<string, unknown> {
    const doc = this.documents[index];
    if (index < 0 || doc === undefined) {
      throw new Error(`Document index ${index} out of bounds (0-${this.documents.length - 1})`);
    }
    return doc;
  }

  clearDocuments(): void {
    this.documents = [];
    this.documentLengths = new Uint32Array(0);
    this.termToIndex.clear();
    this.documentFrequency = new Uint32Array(0);
    this.averageDocLength = 0;
    this.termFrequencies.clear();
  }

  getDocumentCount(): number {
    return this.documents.length;
  }
}
