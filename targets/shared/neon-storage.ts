// Postgres on Neon over HTTP from DATABASE_URL: one fetch per query, nothing to keep open
// between invocations, so Vercel functions and Lambda use it alike (Lambda when DATABASE_URL
// is set, instead of DynamoDB). The schema, and the search index of EMBEDDING_DIMENSION, are
// applied at deploy time with `npm run db:migrate`, never by a function, so a cold start
// costs no migration check. neon-http.ts is imported directly: the adapter's index also
// exports PGlite, which a function must not carry. Not exported from shared/index.ts, so a
// Worker bundle never reaches the Neon driver through it.
import { createNeonHttpStorage } from "../../adapters/postgres/neon-http.ts";
import { setting } from "../../core/index.ts";
import type { StorageFactory } from "./agent-options.ts";
import { positiveIntSetting } from "./character.ts";

export const neonStorageFromEnv: StorageFactory = (env, { agentId }) => {
  const connectionString = setting(env, "DATABASE_URL");
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: add the Neon connection string to the project");
  }
  return createNeonHttpStorage({
    connectionString,
    agentId,
    migrate: false,
    embeddingDimension: positiveIntSetting(env, "EMBEDDING_DIMENSION"),
    // The same setting and default as the Node target's pooled Postgres: a hung database
    // fails the request with 503 instead of holding the function until the platform kills it.
    queryTimeoutMs: positiveIntSetting(env, "DATABASE_QUERY_TIMEOUT_MS"),
  });
};
