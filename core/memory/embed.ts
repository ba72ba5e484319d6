// Embedding memories as they are written. The vector rides along in the same write as the
// memory (no extra round trip); when the model is slower than the budget allows, the memory
// is written without it and an EMBED_MEMORY task fills it in later, durably, never in an
// in-memory queue that dies with the isolate.
import { describeError } from "../describe-error.ts";
import { ModelType } from "../models/types.ts";
import type { AgentRuntime } from "../runtime/agent-runtime.ts";

export const EMBED_TASK = "EMBED_MEMORY";
/** Default time an embedding may add to a request before it is deferred to a task. */
export const DEFAULT_EMBEDDING_BUDGET_MS = 5_000;

export function canEmbed(runtime: AgentRuntime): boolean {
  return runtime.getModel(ModelType.TEXT_EMBEDDING) !== undefined;
}

export async function embedText(runtime: AgentRuntime, text: string): Promise<number[]> {
  return runtime.useModel<number[]>(ModelType.TEXT_EMBEDDING, { text });
}

export type Embedded = { embedding: number[] } | { deferred: true; reason: string } | null;

/**
 * The text's embedding if it arrives within EMBEDDING_BUDGET_MS; `deferred` when the model
 * is slow or failing (the caller schedules EMBED_MEMORY); null when no embedding model is
 * configured or there is no text to embed.
 */
export async function embedWithinBudget(
  runtime: AgentRuntime,
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
    runtime.logger.warn("embedding failed; deferring it to a task", {
      error: describeError(error),
    });
    return { deferred: true, reason: String(error) };
  } finally {
    clearTimeout(timer);
  }
}
