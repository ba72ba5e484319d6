// Embedding memories as they are written, and elizaOS's embedding methods.

export {
  canEmbed,
  DEFAULT_EMBEDDING_BUDGET_MS,
  dropEmbeddingModel,
  EMBED_TASK,
  embedText,
  embedWithinBudget,
  isMissingEmbeddingModel,
} from "./embed.ts";
export { embedMemory, queueEmbedding } from "./embed-memory.ts";
