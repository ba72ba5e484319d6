import { EMBED_TASK, embedText } from "../../memory/embed.ts";
import type { TaskWorker } from "../../tasks/types.ts";
import type { UUID } from "../../types.ts";

/** Fills in the embedding of a memory written without one because the model was slow. */
export const embedWorker: TaskWorker = {
  name: EMBED_TASK,
  async execute(runtime, options) {
    const memory = await runtime.storage.getMemoryById(options.memoryId as UUID);
    if (!memory?.id || memory.embedding?.length || !memory.content.text) return;
    const embedding = await embedText(runtime, memory.content.text);
    await runtime.storage.updateMemory({ id: memory.id, embedding });
  },
};
