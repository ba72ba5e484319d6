// Embedding memories as they are written. The vector rides along in the same write as the
// memory (no extra round trip); when the model is slower than the budget allows, the memory
// is written without it and an EMBED_MEMORY task fills it in later, durably, never in an
// in-memory queue that dies with the isolate.
import { describeError, ModelError, ModelType } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../contract/index.ts";

export const EMBED_TASK = "EMBED_MEMORY";
/** Default time an embedding may add to a request before it is deferred to a task. */
export const DEFAULT_EMBEDDING_BUDGET_MS = 5_000;

export function canEmbed(runtime: IAgentRuntime): boolean {
  return runtime.getModel(ModelType.TEXT_EMBEDDING) !== undefined;
}

/**
 * True when the embedding server answered that it has no such model (404, as OpenAI, Ollama
 * and vLLM answer an unknown model) or no embeddings at all (501, llama.cpp without
 * --embeddings): a configuration that will not heal by retrying, unlike a timeout or a 500.
 */
export function isMissingEmbeddingModel(error: unknown): boolean {
  return error instanceof ModelError && (error.status === 404 || error.status === 501);
}

/**
 * Drops the winning TEXT_EMBEDDING registration after its server said it has no embedding
 * model, with one warning: the agent chats on with memory search off (or on the next
 * embedding provider, if one is registered) instead of failing every write.
 */
export function dropEmbeddingModel(runtime: IAgentRuntime, error: unknown): void {
  const winner = runtime.getModelRegistration(ModelType.TEXT_EMBEDDING);
  const list = runtime.models.get(ModelType.TEXT_EMBEDDING);
  if (!winner || !list) return;
  const index = list.findIndex((entry) => entry.provider === winner.provider);
  if (index >= 0) list.splice(index, 1);
  if (list.length === 0) runtime.models.delete(ModelType.TEXT_EMBEDDING);
  const next = runtime.getModelRegistration(ModelType.TEXT_EMBEDDING)?.provider;
  const reason = error instanceof Error ? error.message : String(error);
  runtime.logger.warn(
    `Embeddings from "${winner.provider}" are off: ${reason}. ` +
      (next
        ? `Embedding with "${next}" instead.`
        : "Memory search is off; set OPENAI_EMBEDDING_MODEL to an embedding model the server " +
          "has (e.g. nomic-embed-text on Ollama), or OPENAI_EMBEDDING_MODEL=none to silence this."),
  );
}

export async function embedText(runtime: IAgentRuntime, text: string): Promise<number[]> {
  return runtime.useModel<number[]>(ModelType.TEXT_EMBEDDING, { text });
}

export type Embedded = { embedding: number[] } | { deferred: true; reason: string } | null;

/**
 * The text's embedding if it arrives within EMBEDDING_BUDGET_MS; `deferred` when the model
 * is slow or failing (the caller schedules EMBED_MEMORY); null when no embedding model is
 * configured or there is no text to embed.
 */
export async function embedWithinBudget(
  runtime: IAgentRuntime,
  text: string | undefined,
): Promise<Embedded> {
  if (!text?.trim() || !canEmbed(runtime)) return null;
  const budget = Number(
    runtime.getSettingString("EMBEDDING_BUDGET_MS") ?? DEFAULT_EMBEDDING_BUDGET_MS,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), budget);
  });
  try {
    const result = await Promise.race([embedText(runtime, text), late]);
    if (result === "late") return { deferred: true, reason: `embedding took over ${budget} ms` };
    return { embedding: result };
  } catch (error) {
    if (isMissingEmbeddingModel(error)) {
      dropEmbeddingModel(runtime, error);
      return null;
    }
    runtime.logger.warn("embedding failed; deferring it to a task", {
      error: describeError(error),
    });
    return { deferred: true, reason: String(error) };
  } finally {
    clearTimeout(timer);
  }
}
