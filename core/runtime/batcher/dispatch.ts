// Running a drain's call plans against the model, at most maxParallelCalls at once. A call
// that throws leaves its sections unanswered (null): the drain retries them one by one or
// falls back, exactly as for a malformed answer.
import { describeError, ModelType } from "../../kernel/index.ts";
import { buildBatchPrompt, readBatchAnswer } from "./prompt.ts";
import type { BatcherHost, CallPlan, SectionExecOptions, SectionFields } from "./types.ts";

export interface CallRecord {
  model: CallPlan["model"];
  sectionIds: string[];
  estimatedTokens: number;
  success: boolean;
  retry: boolean;
}

export interface DispatchOutcome {
  /** Each section's fields, or null when its answer was missing or malformed. */
  results: Map<string, SectionFields | null>;
  calls: CallRecord[];
}

export async function dispatchCalls(
  runtime: BatcherHost,
  plans: CallPlan[],
  maxParallel: number,
  retry = false,
): Promise<DispatchOutcome> {
  const results = new Map<string, SectionFields | null>();
  const calls: CallRecord[] = [];
  const queue = [...plans];
  const lanes = Array.from(
    { length: Math.max(1, Math.min(maxParallel, queue.length)) },
    async () => {
      for (let plan = queue.shift(); plan; plan = queue.shift()) {
        const record: CallRecord = {
          model: plan.model,
          sectionIds: plan.sections.map((s) => s.section.id),
          estimatedTokens: plan.estimatedTokens,
          success: false,
          retry,
        };
        calls.push(record);
        let answer: unknown;
        try {
          answer = await runtime.useModel(
            plan.model === "large" ? ModelType.TEXT_LARGE : ModelType.TEXT_SMALL,
            {
              prompt: buildBatchPrompt(plan, retry),
              ...mergeExecOptions(plan.sections.map((s) => s.section.execOptions)),
            },
          );
        } catch (error) {
          runtime.logger.warn("prompt batcher: model call failed", {
            sections: record.sectionIds,
            error: describeError(error),
          });
        }
        const read = readBatchAnswer(answer, plan.sections);
        for (const [id, fields] of read) results.set(id, fields);
        record.success = [...read.values()].some((f) => f !== null);
      }
    },
  );
  await Promise.all(lanes);
  return { results, calls };
}

/** One call for several sections: the coolest temperature, the longest budget, every stop. */
function mergeExecOptions(options: (SectionExecOptions | undefined)[]): SectionExecOptions {
  const temperatures = options.flatMap((o) =>
    o?.temperature === undefined ? [] : [o.temperature],
  );
  const maxTokens = options.flatMap((o) => (o?.maxTokens === undefined ? [] : [o.maxTokens]));
  const stops = [...new Set(options.flatMap((o) => o?.stopSequences ?? []))];
  const merged: SectionExecOptions = {};
  if (temperatures.length) merged.temperature = Math.min(...temperatures);
  if (maxTokens.length) merged.maxTokens = Math.max(...maxTokens);
  if (stops.length) merged.stopSequences = stops;
  return merged;
}
