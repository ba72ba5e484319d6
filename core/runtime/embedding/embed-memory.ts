// elizaOS's addEmbeddingToMemory and queueEmbeddingGeneration. Serverless has no in-memory
// queue that outlives the request, so "queue" means a durable EMBED_MEMORY task row that the
// next runDueTasks tick embeds (the same task the message service writes for a slow model).

import { describeError, type Memory, ModelType, randomUuid } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../contract/index.ts";
import { EMBED_TASK } from "./embed.ts";

/**
 * Fills in the memory's embedding from TEXT_EMBEDDING. Text is required, as in elizaOS. When the
 * model fails the memory comes back without one (elizaOS stores its probe vector instead,
 * which would match every search equally).
 */
export async function embedMemory(runtime: IAgentRuntime, memory: Memory): Promise<Memory> {
  if (memory.embedding) return memory;
  const text = memory.content.text;
  if (!text) throw new Error("Cannot generate embedding: Memory content is empty");
  try {
    memory.embedding = await runtime.useModel<number[]>(ModelType.TEXT_EMBEDDING, { text });
  } catch (error) {
    runtime.logger.error("embedding generation failed", { error: describeError(error) });
  }
  return memory;
}

/**
 * Records an EMBED_MEMORY task for a stored memory that has text and no embedding; the next
 * tick embeds it. Memories without an id (not stored) have nothing to update and are skipped.
 * The priority is accepted and not used: tasks run oldest due first. Unlike elizaOS no
 * EMBEDDING_GENERATION_REQUESTED is emitted: plugin-bootstrap's embedding service answers it by
 * embedding the memory itself, which the task then would do again (the task emits _COMPLETED).
 */
export async function queueEmbedding(
  runtime: IAgentRuntime,
  memory: Memory | null | undefined,
  _priority?: "high" | "normal" | "low",
): Promise<void> {
  if (!memory || memory.embedding || !memory.content?.text || !memory.id) return;
  const now = runtime.now();
  await runtime.storage.createTask({
    id: randomUuid(),
    name: EMBED_TASK,
    agentId: runtime.agentId,
    tags: ["queue"],
    metadata: { memoryId: memory.id },
    dueAt: now,
    createdAt: now,
  });
}
