// Reading an OpenAI-shaped embeddings response, shared by every provider that speaks it
// (OpenAI-compatible servers, the local GGUF sidecar): one vector per text, in input order,
// each of the pinned width, so a malformed answer never reaches storage.
import * as z from "zod/mini";
import { lazySchema, ModelError } from "../../kernel/index.ts";

export const embeddingResponse = lazySchema(() =>
  z.object({
    data: z.array(
      z.object({
        embedding: z.array(z.number()),
        // Some compatible servers omit it; position in `data` is the fallback.
        index: z.optional(z.int().check(z.nonnegative())),
      }),
    ),
  }),
);

export type EmbeddingResponse = z.output<ReturnType<typeof embeddingResponse>>;

export interface EmbeddingCheck {
  /** `ModelError.provider`. */
  providerId: string;
  /** How messages name the server. */
  label: string;
  /** How many texts were sent. */
  count: number;
  /** EMBEDDING_DIMENSION, when set. */
  dimension?: number;
  /** What to do about a width mismatch, given the width received. */
  mismatchHint: (received: number) => string;
}

/** The vectors in input order. Throws ModelError on a wrong count, index or width. */
export function orderedEmbeddings(data: EmbeddingResponse, check: EmbeddingCheck): number[][] {
  const { providerId, label, count, dimension } = check;
  if (data.data.length !== count) {
    throw new ModelError(
      providerId,
      `${label} returned ${data.data.length} embeddings for ${count} texts`,
    );
  }
  const vectors: number[][] = new Array(count);
  data.data.forEach((item, position) => {
    const slot = item.index ?? position;
    if (slot >= count || vectors[slot] !== undefined) {
      throw new ModelError(providerId, `${label} returned embeddings with bad or repeated indexes`);
    }
    vectors[slot] = item.embedding;
  });
  for (const vector of vectors) {
    if (vector.length === 0)
      throw new ModelError(providerId, `${label} returned an empty embedding`);
    if (dimension !== undefined && vector.length !== dimension) {
      throw new ModelError(
        providerId,
        `${label} returned a ${vector.length}-dimensional embedding but EMBEDDING_DIMENSION is ${dimension}; ${check.mismatchHint(vector.length)}`,
      );
    }
  }
  return vectors;
}

/** The texts of a batch, checked: every one a non-empty string. */
export function checkEmbeddingTexts(providerId: string, texts: unknown): string[] {
  if (!Array.isArray(texts)) {
    throw new ModelError(providerId, "embedMany needs an array of strings");
  }
  texts.forEach((text, i) => {
    if (typeof text !== "string" || text.trim() === "") {
      throw new ModelError(providerId, `cannot embed item ${i}: the text is empty or not a string`);
    }
  });
  return texts as string[];
}

/**
 * What a TEXT_EMBEDDING call asks for: elizaOS passes `{text}` or, in places, the string;
 * `{texts: string[]}` is the batch form @elizaos/plugin-knowledge 1.6 sends (and
 * plugin-elizacloud answers), which expects one vector per text back.
 */
export type EmbeddingRequest = { batch: false; text: string } | { batch: true; texts: string[] };

export function embeddingRequest(providerId: string, params: unknown): EmbeddingRequest {
  const texts = (params as { texts?: unknown } | null)?.texts;
  if (typeof params === "object" && params !== null && texts !== undefined) {
    return { batch: true, texts: checkEmbeddingTexts(providerId, texts) };
  }
  return { batch: false, text: embeddingText(providerId, params) };
}

/** The text of a single TEXT_EMBEDDING call: `{text}` or the string. */
export function embeddingText(providerId: string, params: unknown): string {
  const text = typeof params === "string" ? params : (params as { text?: unknown } | null)?.text;
  if (typeof text !== "string" || text.trim() === "") {
    throw new ModelError(providerId, "TEXT_EMBEDDING needs non-empty text ({text} or a string)");
  }
  return text;
}
