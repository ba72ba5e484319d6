// elizaOS's small runnable helpers that belong to no bigger concern: ids, MIME types, token
// trimming, text chunks, a semaphore.
import * as z from "zod";
import { ModelType, type UUID, validateUuid } from "../kernel/index.ts";
import type { IAgentRuntime } from "../runtime/index.ts";
import { ContentType } from "./enums.ts";

export const uuidSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Invalid UUID format");

/** The id as a UUID; throws on anything that is not one. */
export function asUUID(id: string): UUID {
  const valid = validateUuid(id);
  if (!valid) throw new Error(`Invalid UUID format: ${id}`);
  return valid;
}

/** elizaOS warms a SHA-1 cache here; eliza-edge's stringToUuid is synchronous and uncached. */
export async function prewarmUuidCache(_values: string[]): Promise<void> {}

export function getContentTypeFromMimeType(mimeType: string): ContentType | undefined {
  if (mimeType.startsWith("image/")) return ContentType.IMAGE;
  if (mimeType.startsWith("video/")) return ContentType.VIDEO;
  if (mimeType.startsWith("audio/")) return ContentType.AUDIO;
  if (mimeType.includes("pdf") || mimeType.includes("document") || mimeType.startsWith("text/")) {
    return ContentType.DOCUMENT;
  }
  return undefined;
}

/**
 * The last `maxTokens` tokens of `prompt`, through the runtime's TEXT_TOKENIZER_ENCODE/DECODE
 * models. Short prompts (under maxTokens / 5 characters) are returned without a model call.
 */
export async function trimTokens(
  prompt: string,
  maxTokens: number,
  runtime: IAgentRuntime,
): Promise<string> {
  if (!prompt) throw new Error("Trim tokens received a null prompt");
  if (prompt.length < maxTokens / 5) return prompt;
  if (maxTokens <= 0) throw new Error("maxTokens must be positive");
  const tokens = await runtime.useModel<number[]>(ModelType.TEXT_TOKENIZER_ENCODE, {
    prompt,
    modelType: ModelType.TEXT_TOKENIZER_ENCODE,
  });
  if (tokens.length <= maxTokens) return prompt;
  return runtime.useModel<string>(ModelType.TEXT_TOKENIZER_DECODE, {
    tokens: tokens.slice(-maxTokens),
    modelType: ModelType.TEXT_TOKENIZER_DECODE,
  });
}

/**
 * `content` in chunks of about `chunkSize` tokens (3.5 characters each) overlapping by `bleed`
 * tokens, cut at paragraph, line, sentence or word boundaries when one is near.
 */
export async function splitChunks(content: string, chunkSize = 512, bleed = 20): Promise<string[]> {
  const size = Math.max(1, Math.floor(chunkSize * 3.5));
  const overlap = Math.min(size - 1, Math.max(0, Math.floor(bleed * 3.5)));
  const chunks: string[] = [];
  let start = 0;
  while (start < content.length) {
    let end = Math.min(content.length, start + size);
    if (end < content.length) {
      const window = content.slice(start, end);
      const cut = Math.max(
        window.lastIndexOf("\n\n"),
        window.lastIndexOf("\n"),
        window.lastIndexOf(". "),
        window.lastIndexOf(" "),
      );
      if (cut > size / 2) end = start + cut + 1;
    }
    const chunk = content.slice(start, end).trim();
    if (chunk) chunks.push(chunk);
    if (end >= content.length) break;
    start = Math.max(end - overlap, start + 1);
  }
  return chunks;
}

/** A counting semaphore: at most `permits` holders at once, waiters served in order. */
export class Semaphore {
  private permits: number;
  private readonly waiting: Array<() => void> = [];

  constructor(count: number) {
    this.permits = count;
  }

  async acquire(): Promise<void> {
    if (this.permits > 0) {
      this.permits -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.permits += 1;
  }
}
