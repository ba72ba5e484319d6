// One model call as useModel makes it: the handler run, a streamed answer read to the end, and
// the call recorded in the run it belongs to (provider, model, time, retries, tokens; the
// prompt and answer with LOG_PROMPTS), failed or not.
import { type ModelTypeName, markModelFailure } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../contract/index.ts";
import {
  executingAction,
  type ModelCallRecord,
  type RunTracker,
  writeElizaRow,
  writesElizaRow,
} from "../runs/index.ts";
import { type ModelCall, modelUsedPayload, settleModelResult } from "./registry.ts";

export async function callRecorded<R>(
  runtime: IAgentRuntime,
  runs: RunTracker,
  type: ModelTypeName,
  model: {
    handler: (runtime: IAgentRuntime, params: unknown) => Promise<unknown>;
    provider: string;
  },
  call: ModelCall,
): Promise<R> {
  const run = runs.attribute((call.params as { runId?: unknown } | null)?.runId);
  const started = runtime.now();
  let result: R;
  try {
    const answer = await model.handler(runtime, call.handlerParams);
    result = (await settleModelResult(answer, call.params)) as R;
  } catch (error) {
    run?.modelUsed(modelCallRecord(type, model.provider, call, started, runtime.now(), { error }));
    // Remembered as the model's failure (a 502 for the HTTP answer), its identity kept.
    throw markModelFailure(error, model.provider);
  }
  const keepPrompt = run ? runs.keepsPrompts() : false;
  const record = modelCallRecord(type, model.provider, call, started, runtime.now(), {
    result: keepPrompt || !run ? result : undefined,
    keepPrompt: keepPrompt || (!run && runs.keepsPrompts()),
  });
  run?.modelUsed(record);
  if (writesElizaRow(runtime, run !== undefined, type)) {
    // elizaOS's row for the call, with its body's names.
    await writeElizaRow(runtime, {
      type: `useModel:${type}`,
      roomId: runtime.agentId,
      body: {
        modelType: type,
        modelKey: type,
        provider: model.provider,
        executionTime: record.executionTime,
        timestamp: runtime.now(),
        runId: run?.runId ?? null,
        actionContext: executingAction(runtime) ?? null,
        ...(record.prompt ? { prompt: record.prompt } : {}),
        ...(typeof result === "string" && record.prompt ? { response: result } : {}),
        ...(record.usage ? { usage: record.usage } : {}),
      },
    });
  }
  return result;
}

/** What the run log records of one finished call (core/runtime/runs/record.ts). */
export function modelCallRecord(
  type: ModelTypeName,
  provider: string,
  call: ModelCall,
  started: number,
  ended: number,
  outcome: { error?: unknown; result?: unknown; keepPrompt?: boolean },
): ModelCallRecord {
  const report = call.report();
  const usage = call.usage();
  const record: ModelCallRecord = {
    modelType: type,
    provider,
    executionTime: Math.max(0, ended - started),
    retries: report.retries ?? 0,
  };
  if (report.model) record.model = report.model;
  if (usage) record.usage = usage;
  if (outcome.error !== undefined) {
    record.error =
      outcome.error instanceof Error
        ? `${outcome.error.name}: ${outcome.error.message}`
        : String(outcome.error);
  }
  if (outcome.keepPrompt) {
    const prompt = modelUsedPayload(type, provider, call.params).prompt;
    if (prompt) record.prompt = prompt;
    if (typeof outcome.result === "string") record.response = outcome.result;
  }
  return record;
}
