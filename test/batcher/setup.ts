// A runtime on the memory backend whose scripted model answers packed batcher prompts: each
// section named in the prompt gets `{ answer: "for <id>" }`, unless a test overrides it.
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { AgentRuntime, type GenerateTextParams, parseCharacter } from "../../core/index.ts";
import { FakeClock } from "../storage/fixtures.ts";
import { type ScriptedModel, scriptedModel } from "../support/scripted-model.ts";

export const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** The section ids a packed prompt asks about, in order. */
export function sectionIds(prompt: string): string[] {
  return [...prompt.matchAll(/^### Section ("(?:[^"\\]|\\.)*")$/gm)].map(
    (m) => JSON.parse(m[1] as string) as string,
  );
}

export type SectionAnswer = (id: string) => unknown;

/** A model answer for every section in the prompt; `answer` may return undefined to omit one. */
export function batchAnswer(answer: SectionAnswer = (id) => ({ answer: `for ${id}` })) {
  return (params: GenerateTextParams): string => {
    const out: Record<string, unknown> = {};
    for (const id of sectionIds(params.prompt)) {
      const value = answer(id);
      if (value !== undefined) out[id] = value;
    }
    return JSON.stringify(out);
  };
}

export interface BatcherSetup {
  runtime: AgentRuntime;
  model: ScriptedModel;
  clock: FakeClock;
  /** Model calls that were batcher drains (their prompt names sections). */
  batchCalls(): string[][];
}

export async function batcherRuntime(
  settings: Record<string, string> = {},
  answer?: SectionAnswer,
): Promise<BatcherSetup> {
  const clock = new FakeClock();
  const model = scriptedModel(batchAnswer(answer));
  const runtime = new AgentRuntime({
    character: parseCharacter({ name: "Batch", bio: ["Packs questions."] }),
    storage: createMemoryStorage({ now: clock.now }),
    logger: quiet,
    now: clock.now,
    settings,
    plugins: [model.plugin],
  });
  await runtime.initialize();
  return {
    runtime,
    model,
    clock,
    batchCalls: () =>
      model.calls.map((c) => sectionIds(c.params.prompt)).filter((ids) => ids.length > 0),
  };
}

export const schema = [{ field: "answer", description: "the answer", required: true }];
