// Character knowledge from disk: the elizaOS forms `"text"`, `{ "path": "file.md" }` and
// `{ "directory": "docs" }`, resolved against the working directory, then ingested by core.
import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import {
  type AgentRuntime,
  canEmbed,
  type IngestReport,
  ingestKnowledge,
  type KnowledgeSource,
} from "../../core/index.ts";

const TEXT_FILES = new Set([".md", ".txt", ".markdown", ".text", ".json", ".csv"]);

export async function knowledgeSources(
  runtime: AgentRuntime,
  cwd = process.cwd(),
): Promise<KnowledgeSource[]> {
  const sources: KnowledgeSource[] = [];
  for (const item of runtime.character.knowledge) {
    if (typeof item === "string") {
      if (item.trim()) sources.push({ text: item, source: "character" });
    } else if ("path" in item && typeof item.path === "string") {
      const file = resolve(cwd, item.path);
      sources.push({ text: await readFile(file, "utf8"), source: item.path });
    } else if ("directory" in item && typeof item.directory === "string") {
      for (const file of await filesUnder(resolve(cwd, item.directory))) {
        sources.push({ text: await readFile(file, "utf8"), source: file });
      }
    }
  }
  return sources.filter((s) => s.text.trim().length > 0);
}

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const path = join(dir, name);
    if ((await stat(path)).isDirectory()) found.push(...(await filesUnder(path)));
    else if (TEXT_FILES.has(extname(name).toLowerCase())) found.push(path);
  }
  return found;
}

/**
 * Ingests the character's knowledge when an embedding model is configured (at startup and
 * from `npm run knowledge:ingest`); idempotent, so a restart only checks what is there.
 */
export async function ingestCharacterKnowledge(
  runtime: AgentRuntime,
  cwd?: string,
): Promise<IngestReport | null> {
  if (runtime.character.knowledge.length === 0) return null;
  if (!canEmbed(runtime)) {
    runtime.logger.warn(
      "The character has knowledge but no embedding model is configured; knowledge is not searchable",
    );
    return null;
  }
  return ingestKnowledge(runtime, await knowledgeSources(runtime, cwd));
}
