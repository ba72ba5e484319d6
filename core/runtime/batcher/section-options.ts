// The options askOnce, onDrain, askNow and think take (elizaOS's names).

import type { Memory } from "../../kernel/types/domain.ts";
import type { AgentRuntime } from "../agent-runtime-core.ts";
import type { PromptSection, SchemaRow, SectionExecOptions, SectionFields } from "./types.ts";

export interface SectionOptions {
  preamble: string;
  schema: SchemaRow[];
  /** Delivered when the model's answer is unusable after the retries. */
  fallback?: SectionFields;
  providers?: string[];
  model?: "small" | "large";
  /** Drain with this room's group ("room:<id>") instead of "default". */
  room?: string;
  shouldRun?: (runtime: AgentRuntime) => Promise<boolean> | boolean;
  validate?: (fields: SectionFields) => SectionFields | null;
  maxRetries?: number;
  execOptions?: SectionExecOptions;
  isolated?: boolean;
  cacheTtlMs?: number;
  forceRegenerate?: boolean;
}

export interface ThinkOptions extends Omit<SectionOptions, "room"> {
  contextBuilder: (runtime: AgentRuntime, messages: Memory[]) => Promise<string> | string;
  onResult: NonNullable<PromptSection["onResult"]>;
  minCycleMs?: number;
}
