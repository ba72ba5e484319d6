// The Worker's env: bindings from wrangler.toml plus vars and secrets (all strings).
import type { D1Database } from "@cloudflare/workers-types";
import type { VectorizeBinding } from "../../adapters/d1/index.ts";
import type { WorkersAiBinding } from "./workers-ai.ts";

export interface WorkerEnv {
  /** D1, migrated from adapters/d1/migrations by `wrangler d1 migrations apply`. */
  DB: D1Database;
  /** Optional Vectorize index (cosine, EMBEDDING_DIMENSION wide) for memory search. */
  VECTORIZE?: VectorizeBinding;
  /** Optional Workers AI binding: a model provider that needs no API key. */
  AI?: WorkersAiBinding;
  /** Vars and secrets: API_TOKEN, CRON_SECRET, EMBEDDING_DIMENSION, OPENAI_API_KEY, ... */
  [setting: string]: unknown;
}

/** The parts of the Workers ExecutionContext this target uses. */
export interface WorkerContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException?(): void;
}

/** The parts of the Cron Trigger's ScheduledController this target uses. */
export interface WorkerScheduledController {
  /** The planned time in ms since epoch: the occurrence key, the same on a redelivery. */
  scheduledTime: number;
  cron: string;
}
