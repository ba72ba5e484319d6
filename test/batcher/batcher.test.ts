import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { AgentRuntime } from "../../core/agent/agent-runtime.ts";
import {
  BATCHER_DRAIN_TASK,
  BatcherDisposedError,
  parseCharacter,
  runDueTasks,
} from "../../core/index.ts";
import { batcherRuntime, quiet, schema } from "./setup.ts";

describe("prompt batcher", () => {
  it("answers questions asked together in one model call, each with its own fields", async () => {
    const { runtime, batchCalls } = await batcherRuntime();
    const batcher = runtime.promptBatcher;
    const answers = await Promise.all(
      ["a", "b", "c"].map((id) =>
        batcher.askNow(id, { preamble: `question ${id}`, schema, fallback: { answer: "none" } }),
      ),
    );
    expect(answers).toEqual([{ answer: "for a" }, { answer: "for b" }, { answer: "for c" }]);
    expect(batchCalls()).toEqual([["a", "b", "c"]]);
    expect(batcher.getStats()).toMatchObject({ totalCalls: 1, avgSectionsPerCall: 3 });
  });

  it("never packs two affinity groups or more than maxSectionsPerCall into one call", async () => {
    const { runtime, batchCalls } = await batcherRuntime({
      PROMPT_BATCHER_MAX_SECTIONS_PER_CALL: "2",
    });
    const b = runtime.promptBatcher;
    const ask = (id: string, room?: string) =>
      b.askNow(id, { preamble: id, schema, room, fallback: {} });
    await Promise.all([ask("a1"), ask("a2"), ask("a3"), ask("r1", "room-x"), ask("r2", "room-x")]);
    const calls = batchCalls().map((ids) => [...ids].sort());
    expect(calls).toHaveLength(3);
    for (const ids of calls) {
      expect(ids.length).toBeLessThanOrEqual(2);
      expect(new Set(ids.map((id) => id[0])).size).toBe(1);
    }
    expect(calls.flat().sort()).toEqual(["a1", "a2", "a3", "r1", "r2"]);
  });

  it("is idempotent by section id: a second registration resolves null and asks nothing", async () => {
    const { runtime, batchCalls } = await batcherRuntime();
    const b = runtime.promptBatcher;
    const first = b.onDrain("same", { preamble: "q", schema });
    const second = b.onDrain("same", { preamble: "q changed", schema });
    expect(await second).toBeNull();
    await b.drainAffinityGroup("default");
    expect((await first)?.fields).toEqual({ answer: "for same" });
    expect(batchCalls()).toEqual([["same"]]);
    // Answered and removed: the id may be asked again.
    const again = b.onDrain("same", { preamble: "q", schema });
    await b.drainAffinityGroup("default");
    expect((await again)?.fields).toEqual({ answer: "for same" });
  });

  it("rejects a section without an id or schema, and everything after dispose", async () => {
    const { runtime } = await batcherRuntime();
    const b = runtime.promptBatcher;
    await expect(b.onDrain(" ", { preamble: "q", schema })).rejects.toThrow(/non-empty/);
    await expect(b.onDrain("x", { preamble: "q", schema: [] })).rejects.toThrow(/schema/);
    const badRow = [{ description: "no field" }] as unknown as typeof schema;
    await expect(b.onDrain("y", { preamble: "q", schema: badRow })).rejects.toThrow(/field/);
    const waiting = b.onDrain("waiting", { preamble: "q", schema });
    b.dispose();
    await expect(waiting).rejects.toBeInstanceOf(BatcherDisposedError);
    await expect(b.askOnce("later", { preamble: "q", schema })).rejects.toBeInstanceOf(
      BatcherDisposedError,
    );
  });

  it("drains onDrain sections on the tick that runs their BATCHER_DRAIN task", async () => {
    const { runtime, clock, batchCalls } = await batcherRuntime({
      PROMPT_BATCHER_MAX_DRAIN_INTERVAL_MS: "60000",
    });
    let delivered: unknown;
    const result = runtime.promptBatcher.onDrain("later", {
      preamble: "q",
      schema,
      room: "room-9",
      onResult: (fields) => {
        delivered = fields;
      },
    });
    await flush();
    const tasks = await runtime.storage.getTasksByName(BATCHER_DRAIN_TASK);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.tags).toEqual(expect.arrayContaining(["queue", "repeat"]));
    expect(tasks[0]?.metadata).toMatchObject({ affinityKey: "room:room-9", maxFailures: -1 });

    clock.advance(59_999);
    expect((await runDueTasks(runtime)).ran).toBe(0);
    expect(batchCalls()).toEqual([]);

    clock.advance(1);
    expect((await runDueTasks(runtime)).succeeded).toBe(1);
    expect((await result)?.fields).toEqual({ answer: "for later" });
    expect(delivered).toEqual({ answer: "for later" });
    expect(batchCalls()).toEqual([["later"]]);
    // The group is empty: its task is gone, and later ticks cost nothing.
    expect(await runtime.storage.getTasksByName(BATCHER_DRAIN_TASK)).toEqual([]);
    clock.advance(60_000);
    expect((await runDueTasks(runtime)).ran).toBe(0);
  });

  it("a drain task in an isolate without the group's sections removes itself", async () => {
    const { runtime, clock } = await batcherRuntime();
    void runtime.promptBatcher.onDrain("elsewhere", { preamble: "q", schema });
    await flush();
    const other = new AgentRuntime({
      character: parseCharacter({ name: "Batch" }),
      storage: runtime.storage,
      logger: quiet,
      now: clock.now,
    });
    clock.advance(30_000);
    expect((await runDueTasks(other)).succeeded).toBe(1);
    expect(await runtime.storage.getTasksByName(BATCHER_DRAIN_TASK)).toEqual([]);
  });

  it("keeps the other sections when the answer for one is malformed", async () => {
    const { runtime, batchCalls } = await batcherRuntime({}, (id) =>
      id === "bad" ? "not an object" : id === "partial" ? { other: 1 } : { answer: `for ${id}` },
    );
    const b = runtime.promptBatcher;
    const ask = (id: string) => b.askNow(id, { preamble: id, schema, fallback: { answer: "fb" } });
    const [good, bad, partial] = await Promise.all([ask("good"), ask("bad"), ask("partial")]);
    expect(good).toEqual({ answer: "for good" });
    expect(bad).toEqual({ answer: "fb" });
    expect(partial).toEqual({ answer: "fb" });
    expect(batchCalls()).toHaveLength(1);
    expect(b.getStats().totalFallbacks).toBe(2);
  });

  it("retries only the malformed section, alone, up to maxRetries", async () => {
    let badAnswers = 1;
    const { runtime, batchCalls } = await batcherRuntime({}, (id) => {
      if (id === "flaky" && badAnswers-- > 0) return "garbage";
      return { answer: `for ${id}` };
    });
    const b = runtime.promptBatcher;
    const [ok, flaky] = await Promise.all([
      b.onDrain("ok", { preamble: "q", schema }).then((r) => r?.fields),
      b.onDrain("flaky", { preamble: "q", schema, maxRetries: 1 }).then((r) => r?.fields),
      b.drainAffinityGroup("default"),
    ]);
    expect(ok).toEqual({ answer: "for ok" });
    expect(flaky).toEqual({ answer: "for flaky" });
    expect(batchCalls()).toEqual([["ok", "flaky"], ["flaky"]]);
  });

  it("a model that throws or answers garbage costs fallbacks, not a rejected caller", async () => {
    const { runtime, model } = await batcherRuntime();
    model.small.push(() => {
      throw new Error("model down");
    });
    const fields = await runtime.promptBatcher.askNow("q", {
      preamble: "q",
      schema,
      fallback: { answer: "later" },
    });
    expect(fields).toEqual({ answer: "later" });
    model.small.push("```json\n[1, 2]\n```");
    expect(await runtime.promptBatcher.askOnce("q2", { preamble: "q", schema })).toEqual({});
  });

  it("splits sections that overflow a call's token budget; an oversized one goes alone", async () => {
    const { runtime, batchCalls } = await batcherRuntime({
      PROMPT_BATCHER_MAX_TOKENS_PER_CALL: "1000",
      PROMPT_BATCHER_PACKING_DENSITY: "1",
    });
    const b = runtime.promptBatcher;
    const ask = (id: string, chars: number) =>
      b.askNow(id, { preamble: "x".repeat(chars), schema, fallback: {} });
    // ~400 tokens each with the character context: two fit a 1000-token call, three do not.
    const results = await Promise.all([
      ask("m1", 1500),
      ask("m2", 1500),
      ask("m3", 1500),
      ask("huge", 8000),
    ]);
    expect(results.every((r) => r.answer !== undefined)).toBe(true);
    const calls = batchCalls();
    expect(calls).toContainEqual(["huge"]);
    expect(calls).toHaveLength(3);
    for (const ids of calls) if (ids.includes("huge")) expect(ids).toEqual(["huge"]);
    expect(calls.flat().sort()).toEqual(["huge", "m1", "m2", "m3"]);
  });

  it("caches an askOnce answer with cacheTtlMs for every later cold start until it expires", async () => {
    const first = await batcherRuntime();
    const ask = (runtime: AgentRuntime, force = false) =>
      runtime.promptBatcher.askOnce("persona", {
        preamble: "summarize yourself",
        schema,
        cacheTtlMs: 60_000,
        forceRegenerate: force,
      });
    expect(await ask(first.runtime)).toEqual({ answer: "for persona" });
    expect(first.batchCalls()).toHaveLength(1);
    // Another isolate over the same storage: answered from the cache, no model call.
    const second = new AgentRuntime({
      character: parseCharacter({ name: "Batch" }),
      storage: first.runtime.storage,
      logger: quiet,
      now: first.clock.now,
    });
    expect(await ask(second)).toEqual({ answer: "for persona" });
    expect(second.promptBatcher.getStats()).toMatchObject({ totalCacheHits: 1, totalCalls: 0 });
    expect(await ask(first.runtime, true)).toEqual({ answer: "for persona" });
    expect(first.batchCalls()).toHaveLength(2);
    first.clock.advance(60_001);
    expect(await ask(first.runtime)).toEqual({ answer: "for persona" });
    expect(first.batchCalls()).toHaveLength(3);
  });

  it("answers a recurring think section at most once per minCycleMs", async () => {
    const { runtime, clock, batchCalls } = await batcherRuntime();
    const seen: unknown[] = [];
    runtime.promptBatcher.think("muse", {
      preamble: "q",
      schema,
      minCycleMs: 10_000,
      contextBuilder: () => "recent things",
      onResult: (fields) => {
        seen.push(fields);
      },
    });
    await flush();
    await runtime.promptBatcher.drainAffinityGroup("autonomy");
    await runtime.promptBatcher.drainAffinityGroup("autonomy");
    expect(seen).toHaveLength(1);
    clock.advance(10_000);
    expect((await runDueTasks(runtime)).succeeded).toBe(1);
    expect(seen).toHaveLength(2);
    expect(batchCalls()).toEqual([["muse"], ["muse"]]);
  });

  it("refuses a malformed PROMPT_BATCHER_* setting by name", () => {
    for (const [key, value] of [
      ["PROMPT_BATCHER_MAX_PARALLEL_CALLS", "Infinity"],
      ["PROMPT_BATCHER_BATCH_SIZE", "0"],
      ["PROMPT_BATCHER_PACKING_DENSITY", "1.5"],
      ["PROMPT_BATCHER_MAX_TOKENS_PER_CALL", "12abc"],
    ] as const) {
      expect(
        () =>
          new AgentRuntime({
            character: parseCharacter({ name: "Batch" }),
            storage: createMemoryStorage(),
            logger: quiet,
            settings: { [key]: value },
          }),
      ).toThrow(key);
    }
  });
});

/** Lets fire-and-forget registration work (the drain task's creation) finish. */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
}
