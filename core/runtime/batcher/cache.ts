// Answers kept in the storage cache for sections with cacheTtlMs (elizaOS's askOnce cache).
// On serverless this is what keeps a startup question from costing a model call on every
// cold start: the cache is shared by every isolate, and expires by the backend's TTL.
import { describeError } from "../../kernel/index.ts";
import type { BatcherHost, PromptSection, SectionFields } from "./types.ts";

export function sectionCacheKey(runtime: BatcherHost, sectionId: string): string {
  return `prompt-batcher:${runtime.agentId}:${sectionId}`;
}

export async function readCachedAnswer(
  runtime: BatcherHost,
  section: PromptSection,
): Promise<SectionFields | undefined> {
  if (!section.cacheTtlMs || section.forceRegenerate) return undefined;
  try {
    const cached = await runtime.storage.getCache<SectionFields>(
      sectionCacheKey(runtime, section.id),
    );
    return cached && typeof cached === "object" && !Array.isArray(cached) ? cached : undefined;
  } catch (error) {
    runtime.logger.warn("prompt batcher: cache read failed", {
      sectionId: section.id,
      error: describeError(error),
    });
    return undefined;
  }
}

export async function writeCachedAnswer(
  runtime: BatcherHost,
  section: PromptSection,
  fields: SectionFields,
): Promise<void> {
  if (!section.cacheTtlMs) return;
  try {
    await runtime.storage.setCache(sectionCacheKey(runtime, section.id), fields, {
      ttlMs: section.cacheTtlMs,
    });
  } catch (error) {
    runtime.logger.warn("prompt batcher: cache write failed", {
      sectionId: section.id,
      error: describeError(error),
    });
  }
}
