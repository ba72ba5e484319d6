// ALLOW_NO_DATABASE=true on every target: with no database configured (no D1 binding, no
// DYNAMODB_TABLE, no DATABASE_URL) the agent starts on the in-memory storage instead of
// failing, for a first deploy or a demo. Nothing persists: a Worker isolate, a Lambda
// container or a Vercel instance is recycled at the platform's will, and each one that
// serves requests has its own memory. Without the flag the target keeps its clear error.
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { type AgentRuntime, characterAgentId, type StorageAdapter } from "../../core/index.ts";
import type { ParsedCharacter } from "../../core/kernel/index.ts";
import { positiveIntSetting } from "./character.ts";

/** True when ALLOW_NO_DATABASE is "true" (any case, spaces around ignored). */
export function allowsNoDatabase(env: Record<string, unknown>): boolean {
  const value = env.ALLOW_NO_DATABASE;
  return value === true || (typeof value === "string" && value.trim().toLowerCase() === "true");
}

/** The storage a target uses when it has no database and ALLOW_NO_DATABASE allows that. */
export function noDatabaseStorage(
  env: Record<string, unknown>,
  character: ParsedCharacter,
): StorageAdapter {
  return createMemoryStorage({
    agentId: characterAgentId(character),
    embeddingDimension: positiveIntSetting(env, "EMBEDDING_DIMENSION"),
  });
}

/** The one startup warning; `missing` names what was not configured. */
export function warnNoDatabase(runtime: AgentRuntime, missing: string): void {
  runtime.logger.warn(
    `ALLOW_NO_DATABASE=true and ${missing}: the agent runs on in-memory storage and nothing ` +
      "persists (conversations, memories and tasks are lost when this instance is recycled, " +
      "and every instance has its own). Configure a database for real use.",
  );
}
