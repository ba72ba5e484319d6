// The EMBED_MEMORY task: fills in the embedding of a memory written without one (the model
// was slow, or queueEmbeddingGeneration asked for it). It emits elizaOS's
// EMBEDDING_GENERATION_COMPLETED and, once the task's retries are spent, _FAILED, with the
// payloads plugin-bootstrap's embedding service sends. It never emits _REQUESTED: that event
// is what makes plugin-bootstrap's service embed a memory, so it would embed it a second time.

import { describeError, EventType, type UUID } from "../../kernel/index.ts";
import { EMBED_TASK, embedText, nextFailure, type TaskWorker } from "../../runtime/index.ts";

/** elizaOS's source for these events (its embedding service's name). */
const SOURCE = "embeddingService";

export const embedWorker: TaskWorker = {
  name: EMBED_TASK,
  async execute(runtime, options) {
    const memory = await runtime.storage.getMemoryById(options.memoryId as UUID);
    if (!memory?.id || memory.embedding?.length || !memory.content.text) return;
    let embedding: number[];
    try {
      embedding = await embedText(runtime, memory.content.text);
      await runtime.storage.updateMemory({ id: memory.id, embedding });
    } catch (error) {
      if (nextFailure(options).pauses) {
        await runtime.emitEvent(EventType.EMBEDDING_GENERATION_FAILED, {
          runtime,
          memory,
          error: error instanceof Error ? error.message : describeError(error),
          source: SOURCE,
        });
      }
      throw error;
    }
    await runtime.emitEvent(EventType.EMBEDDING_GENERATION_COMPLETED, {
      runtime,
      memory: { ...memory, embedding },
      source: SOURCE,
    });
  },
};
