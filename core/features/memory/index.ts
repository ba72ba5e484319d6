// Recall by meaning: knowledge fragments and earlier messages, searched with the message's
// embedding, plus the worker that embeds memories whose embedding was deferred.
import type { Plugin } from "../../runtime/index.ts";
import { embedWorker } from "./embed-worker.ts";
import { knowledgeProvider } from "./knowledge-provider.ts";
import { knowledgeWorker } from "./knowledge-task.ts";
import { relevantMemoriesProvider } from "./relevant-memories-provider.ts";

export const memoryPlugin: Plugin = {
  name: "memory",
  description: "Knowledge and long-term recall by embedding search",
  providers: [knowledgeProvider, relevantMemoriesProvider],
  taskWorkers: [embedWorker, knowledgeWorker],
};
export {
  characterKnowledgeStrings,
  chunkText,
  type IngestBudget,
  type IngestReport,
  ingestKnowledge,
  type KnowledgeSource,
} from "./knowledge.ts";
export {
  DEFAULT_KNOWLEDGE_FRAGMENTS_PER_TICK,
  KNOWLEDGE_TASK,
  type KnowledgeFiles,
  type KnowledgeStart,
  knowledgeFromBundle,
  scheduleKnowledgeIngest,
} from "./knowledge-task.ts";
