// The options askOnce, onDrain, askNow and think take (elizaOS's names).

import type { Memory } from "../../kernel/index.ts";
import type {
  BatcherHost,
  PromptSection,
  SchemaRow,
  SectionExecOptions,
  SectionFields,
} from "./types.ts";

export interface SectionOptions<R = BatcherHost> {
  preamble: string;
  schema: SchemaRow[];
  /** Delivered when the model's answer is unusable after the retries. */
  fallback?: SectionFields;
  providers?: string[];
  model?: "small" | "large";
  /** Drain with this room's group ("room:<id>") instead of "default". */
  room?: string;
  shouldRun?(runtime: R): Promise<boolean> | boolean;
  validate?: (fields: SectionFields) => SectionFields | null;
  maxRetries?: number;
  execOptions?: SectionExecOptions;
  isolated?: boolean;
  cacheTtlMs?: number;
  forceRegenerate?: boolean;
}

export interface ThinkOptions<R = BatcherHost> extends Omit<SectionOptions<R>, "room"> {
  contextBuilder(runtime: R, messages: Memory[]): Promise<string> | string;
  onResult: NonNullable<PromptSection["onResult"]>;
  minCycleMs?: number;
}
