// Character knowledge as searchable memory: each entry becomes a document, split into
// overlapping fragments that are embedded and searched by the KNOWLEDGE provider. Ingestion
// is idempotent and resumable (ids derive from the text), so a run cut short picks up where
// it stopped and a finished one costs one lookup per document.

import { createUniqueUuid, MemoryTable, type StorageOp, type UUID } from "../../kernel/index.ts";
import { canEmbed, embedText, type IAgentRuntime } from "../../runtime/index.ts";

export const FRAGMENT_CHARS = 1000;
export const FRAGMENT_OVERLAP = 100;

export interface KnowledgeSource {
  text: string;
  /** Where it came from (a file path, "character"), kept in metadata. */
  source: string;
}

export interface IngestReport {
  documents: number;
  fragments: number;
  /** Already present from an earlier run. */
  skipped: number;
}

/**
 * Splits text into fragments of at most `size` characters, cut at a paragraph, sentence or
 * word boundary where one is near, each starting `overlap` characters before the last ended.
 */
export function chunkText(
  text: string,
  size = FRAGMENT_CHARS,
  overlap = FRAGMENT_OVERLAP,
): string[] {
  const clean = text.replace(/\r\n/g, "\n").trim();
  if (!clean) return [];
  const chunks: string[] = [];
  let start = 0;
  while (start < clean.length) {
    let end = Math.min(start + size, clean.length);
    if (end < clean.length) {
      const window = clean.slice(start, end);
      const cut = Math.max(
        window.lastIndexOf("\n\n"),
        window.lastIndexOf(". "),
        window.lastIndexOf("? "),
        window.lastIndexOf("! "),
      );
      const space = window.lastIndexOf(" ");
      const boundary = cut > size / 2 ? cut + 1 : space > size / 2 ? space : -1;
      if (boundary > 0) end = start + boundary;
    }
    const chunk = clean.slice(start, end).trim();
    if (chunk) chunks.push(chunk);
    if (end >= clean.length) break;
    start = Math.max(end - overlap, start + 1);
  }
  return chunks;
}

export interface IngestBudget {
  /** Embed at most this many fragments in this call; the rest waits for the next one. */
  fragments?: number;
}

/**
 * Stores each source as a document with embedded fragments. Needs an embedding model.
 * Resumable: fragment ids derive from the document's text and position, so a call cut short by
 * its budget (or a crash) leaves its fragments in place and the next call embeds only those
 * still missing; a document is written once all its fragments are, so its presence means
 * done. `complete` is false when the budget ran out first.
 */
export async function ingestKnowledge(
  runtime: IAgentRuntime,
  sources: KnowledgeSource[],
  budget: IngestBudget = {},
): Promise<IngestReport & { complete: boolean }> {
  if (!canEmbed(runtime)) {
    throw new Error(
      "Knowledge needs an embedding model: set LOCAL_EMBEDDING_MODEL_PATH, LOCAL_EMBEDDING_URL or OPENAI_API_KEY",
    );
  }
  const report = { documents: 0, fragments: 0, skipped: 0, complete: true };
  let allowance = budget.fragments ?? Number.POSITIVE_INFINITY;
  for (const { text, source } of sources) {
    const documentId = createUniqueUuid(runtime, `knowledge:${text}`);
    if (await runtime.storage.getMemoryById(documentId)) {
      report.skipped++;
      continue;
    }
    if (allowance <= 0) {
      report.complete = false;
      break;
    }
    const fragments = chunkText(text);
    const fragmentIds = fragments.map(
      (_, index) => createUniqueUuid(runtime, `knowledge:${documentId}:${index}`) as UUID,
    );
    const stored = new Set(
      (await runtime.storage.getMemoriesByIds(fragmentIds, MemoryTable.FRAGMENTS)).map((m) => m.id),
    );
    const missing = fragments.flatMap((_, index) =>
      stored.has(fragmentIds[index]) ? [] : [index],
    );
    const now = missing.slice(0, allowance);
    const ops: StorageOp[] = [];
    for (const index of now) {
      const fragment = fragments[index] as string;
      ops.push({
        op: "createMemory",
        tableName: MemoryTable.FRAGMENTS,
        memory: {
          id: fragmentIds[index] as UUID,
          entityId: runtime.agentId,
          agentId: runtime.agentId,
          roomId: runtime.agentId,
          content: { text: fragment, source },
          embedding: await embedText(runtime, fragment),
          metadata: { type: "fragment", documentId, position: index, source },
          createdAt: runtime.stamp(),
        },
      });
    }
    allowance -= now.length;
    report.fragments += now.length;
    const finished = now.length === missing.length;
    if (finished) {
      // The document goes last: its presence means every fragment landed.
      ops.push({
        op: "createMemory",
        tableName: MemoryTable.DOCUMENTS,
        memory: {
          id: documentId,
          entityId: runtime.agentId,
          agentId: runtime.agentId,
          roomId: runtime.agentId,
          content: { text, source },
          metadata: { type: "document", source, fragments: fragments.length },
          createdAt: runtime.stamp(),
        },
      });
    }
    // Small groups keep each atomic unit within every backend's batch limits.
    for (let i = 0; i < ops.length; i += 25) await runtime.storage.batch(ops.slice(i, i + 25));
    if (!finished) {
      report.complete = false;
      break;
    }
    report.documents++;
  }
  return report;
}

/** The character's inline knowledge strings; file and directory entries are read by targets. */
export function characterKnowledgeStrings(runtime: IAgentRuntime): KnowledgeSource[] {
  return runtime.character.knowledge
    .filter((item): item is string => typeof item === "string" && item.trim().length > 0)
    .map((text) => ({ text, source: "character" }));
}
