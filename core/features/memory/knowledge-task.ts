// Character knowledge where there is no long-lived process (a Worker on D1, a Lambda on
// DynamoDB): a cold start does not embed. It reads one marker (is this exact knowledge in?)
// and, when it is not, leaves a KNOWLEDGE_INGEST task; each task tick then embeds a bounded
// number of fragments (KNOWLEDGE_FRAGMENTS_PER_TICK, default 16: embedding calls and storage
// writes that fit one invocation's CPU and subrequest budget) and the next tick resumes where
// it stopped. When all of it is in, the marker is written and the task deleted, so later cold
// starts embed nothing. Files come from the deployment's bundle (createAgent's knowledgeFiles),
// since there is no file system to read at run time.
import {
  createUniqueUuid,
  describeError,
  type ParsedCharacter,
  StorageError,
  stringToUuid,
  type UUID,
} from "../../kernel/index.ts";
import { canEmbed, type IAgentRuntime, type TaskWorker } from "../../runtime/index.ts";
import { ingestKnowledge, type KnowledgeSource } from "./knowledge.ts";

export const KNOWLEDGE_TASK = "KNOWLEDGE_INGEST";
export const DEFAULT_KNOWLEDGE_FRAGMENTS_PER_TICK = 16;

/** Bundled knowledge files by path ("docs/faq.md"), as a character's `path` entries name them. */
export type KnowledgeFiles = Record<string, string>;

const normalPath = (path: string) => path.replace(/^\.\//, "").replace(/\/+$/, "");

/**
 * The character's knowledge as texts: strings as they are, `{ path }` from the bundled files,
 * `{ directory }` as every bundled file under it (in path order). A path that was not bundled
 * is named in `missing`.
 */
export function knowledgeFromBundle(
  character: ParsedCharacter,
  files: KnowledgeFiles = {},
): { sources: KnowledgeSource[]; missing: string[] } {
  const bundled = new Map(Object.entries(files).map(([path, text]) => [normalPath(path), text]));
  const sources: KnowledgeSource[] = [];
  const missing: string[] = [];
  for (const item of character.knowledge) {
    if (typeof item === "string") {
      sources.push({ text: item, source: "character" });
    } else if ("path" in item && typeof item.path === "string") {
      const text = bundled.get(normalPath(item.path));
      if (text === undefined) missing.push(item.path);
      else sources.push({ text, source: item.path });
    } else if ("directory" in item && typeof item.directory === "string") {
      const prefix = `${normalPath(item.directory)}/`;
      const under = [...bundled.keys()].filter((path) => path.startsWith(prefix)).sort();
      if (under.length === 0) missing.push(item.directory);
      for (const path of under) sources.push({ text: bundled.get(path) as string, source: path });
    }
  }
  return { sources: sources.filter((s) => s.text.trim().length > 0), missing };
}

interface Pending {
  sources: KnowledgeSource[];
  marker: string;
}

/** What this isolate's runtime has to ingest; the task's runs read it. */
const pending = new WeakMap<IAgentRuntime, Pending>();

/** The cache key that says this agent's knowledge, exactly this text, is all in. */
function markerFor(runtime: IAgentRuntime, sources: KnowledgeSource[]): string {
  const ids = sources.map((s) => createUniqueUuid(runtime, `knowledge:${s.text}`));
  return `knowledge:ingested:${stringToUuid(ids.join(","))}`;
}

export type KnowledgeStart = "none" | "ingested" | "scheduled" | "no-embedding-model";

/**
 * At a cold start: one cache read when the character has knowledge; when it is not all in,
 * the ingest task is created (once, whichever isolate gets there first).
 */
export async function scheduleKnowledgeIngest(
  runtime: IAgentRuntime,
  files?: KnowledgeFiles,
): Promise<KnowledgeStart> {
  if (runtime.character.knowledge.length === 0) return "none";
  const { sources, missing } = knowledgeFromBundle(runtime.character, files);
  for (const path of missing) {
    runtime.logger.warn(
      `knowledge "${path}" is not in the deployment's bundled knowledge files; pass its text ` +
        "in knowledgeFiles (docs: guides/memory-search)",
    );
  }
  if (sources.length === 0) return "none";
  if (!canEmbed(runtime)) {
    runtime.logger.warn(
      "The character has knowledge but no embedding model is configured; knowledge is not searchable",
    );
    return "no-embedding-model";
  }
  const marker = markerFor(runtime, sources);
  pending.set(runtime, { sources, marker });
  if (await runtime.getCache(marker)) return "ingested";
  const id = createUniqueUuid(runtime, KNOWLEDGE_TASK) as UUID;
  if (await runtime.storage.getTask(id)) return "scheduled";
  try {
    // A queued "repeat" task with no interval runs on every tick until it deletes itself.
    await runtime.createTask({
      id,
      name: KNOWLEDGE_TASK,
      description: "Embeds the character's knowledge, a bounded batch per tick",
      tags: ["queue", "repeat"],
      metadata: {},
    });
  } catch (error) {
    // Another isolate created it first.
    if (!(error instanceof StorageError && error.code === "CONFLICT")) throw error;
  }
  return "scheduled";
}

export const knowledgeWorker: TaskWorker = {
  name: KNOWLEDGE_TASK,
  async execute(runtime, _options, task) {
    const work = pending.get(runtime);
    if (!work) return; // this isolate's agent has no knowledge to ingest (it changed since)
    const perTick = Number(runtime.getSettingString("KNOWLEDGE_FRAGMENTS_PER_TICK"));
    const report = await ingestKnowledge(runtime, work.sources, {
      fragments:
        Number.isInteger(perTick) && perTick > 0 ? perTick : DEFAULT_KNOWLEDGE_FRAGMENTS_PER_TICK,
    });
    runtime.logger.info(`knowledge: ${report.complete ? "all in" : "more on the next tick"}`, {
      ...report,
    });
    if (!report.complete) return;
    await runtime.setCache(work.marker, { documents: work.sources.length, at: runtime.now() });
    if (task.id) {
      try {
        await runtime.deleteTask(task.id);
      } catch (error) {
        runtime.logger.warn("knowledge task not deleted", { error: describeError(error) });
      }
    }
  },
};
