// How a tick ends its runs in batches (core/pipeline/tasks/tick-slots.ts, end-runs.ts), and what it
// does when ending them fails: a quick task's ending never waits on a slow run, one entry the
// backend refuses does not hold back the others, log rows that cannot be written cost only a
// warning, and an outage leaves the tasks leased for the next tick to run once more.
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage, type MemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  parseCharacter,
  type ReleaseTasksParams,
  RUN_LOG_TYPE,
  runDueTasks,
  StorageError,
  scheduleTask,
  type UUID,
} from "../../core/index.ts";
import { FakeClock } from "../storage/fixtures.ts";

const MINUTE = 60_000;

let clock: FakeClock;
let storage: MemoryStorage;
let runs: string[];
let warnings: string[];

function runtimeOver(s = storage) {
  const logger = { debug() {}, info() {}, error() {}, warn: (m: string) => void warnings.push(m) };
  const runtime = new AgentRuntime({
    character: parseCharacter({ name: "Endings" }),
    storage: s,
    logger,
    now: clock.now,
  });
  runtime.registerTaskWorker({
    name: "RECORD",
    execute: async (_r, options) => void runs.push(String(options.label)),
  });
  return runtime;
}

/** The storage with releaseTasks replaced by `fake`, which gets the real one to call. */
function withReleaseTasks(
  fake: (params: ReleaseTasksParams, real: MemoryStorage["releaseTasks"]) => unknown,
): MemoryStorage {
  const real = storage.releaseTasks.bind(storage);
  return new Proxy(storage, {
    get(target, key, receiver) {
      if (key === "releaseTasks") return (params: ReleaseTasksParams) => fake(params, real);
      return Reflect.get(target, key, receiver);
    },
  });
}

const labels = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

beforeEach(async () => {
  clock = new FakeClock();
  storage = createMemoryStorage({ now: clock.now });
  await storage.init();
  runs = [];
  warnings = [];
});

describe("ending task runs in batches", () => {
  it("ends a quick task while a slow one still runs: a slot out of work ends what is done", async () => {
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const r = runtimeOver();
    r.registerTaskWorker({
      name: "SLOW",
      execute: async () => {
        runs.push("slow-start");
        await gate;
      },
    });
    const slow = await scheduleTask(r, { name: "SLOW", runAt: clock.now() - 1 });
    const quick = await scheduleTask(r, { name: "RECORD", metadata: { label: "quick" } });
    const tick = runDueTasks(r, { concurrency: 2 });
    while (!(runs.includes("quick") && runs.includes("slow-start"))) {
      await new Promise((done) => setTimeout(done, 5));
    }
    // Give the slot that ran the quick task its round trip.
    for (let i = 0; i < 20 && (await storage.getTask(quick)); i++) {
      await new Promise((done) => setTimeout(done, 5));
    }
    expect(await storage.getTask(quick)).toBeNull();
    expect(await storage.getTask(slow)).toMatchObject({ leaseOwner: expect.any(String) });
    finish();
    expect(await tick).toMatchObject({ ran: 2, succeeded: 2 });
    expect(await storage.getTask(slow)).toBeNull();
    // Each run left its one log row.
    const rows = await storage.getLogs({ entityId: r.agentId, type: RUN_LOG_TYPE });
    expect(rows).toHaveLength(2);
  });

  it("ends a tick's runs in groups of claimBatch, each group in one call", async () => {
    const calls: number[] = [];
    const s = withReleaseTasks((params, real) => {
      calls.push(params.tasks.length);
      return real(params);
    });
    const r = runtimeOver(s);
    for (const label of labels(60)) await scheduleTask(r, { name: "RECORD", metadata: { label } });
    expect(await runDueTasks(r, { concurrency: 1, claimBatch: 25 })).toMatchObject({
      ran: 60,
      succeeded: 60,
    });
    expect(calls).toEqual([25, 25, 10]);
    expect(runs.sort()).toEqual(labels(60).sort());
    expect(await storage.getTasks({})).toEqual([]);
    expect(
      await storage.getLogs({ entityId: r.agentId, type: RUN_LOG_TYPE, count: 100 }),
    ).toHaveLength(60);
  });

  it("ends the others when the backend refuses the group for one entry, then reports that one", async () => {
    let poisoned: UUID | undefined;
    const s = withReleaseTasks((params, real) => {
      if (params.tasks.some((t) => t.id === poisoned)) {
        throw new StorageError("TOO_LARGE", "the row is larger than the backend holds");
      }
      return real(params);
    });
    const r = runtimeOver(s);
    const ids: UUID[] = [];
    for (const label of labels(5)) {
      ids.push(await scheduleTask(r, { name: "RECORD", metadata: { label } }));
    }
    poisoned = ids[2];
    await expect(runDueTasks(r)).rejects.toThrow(/larger than the backend holds/);
    expect(runs).toHaveLength(5);
    // The four others were finished; the refused one keeps its lease, so no tick runs it
    // again until that expires, and its run's log row was still written.
    expect((await storage.getTasks({})).map((t) => t.id)).toEqual([poisoned]);
    expect(await storage.getLogs({ entityId: r.agentId, type: RUN_LOG_TYPE })).toHaveLength(5);
    expect((await runDueTasks(r)).ran).toBe(0);
    poisoned = undefined;
    clock.advance(5 * MINUTE);
    expect(await runDueTasks(r)).toMatchObject({ ran: 1, succeeded: 1 });
    expect(await storage.getTasks({})).toEqual([]);
  });

  it("warns when the run-log rows could not be written, and ends the tasks all the same", async () => {
    const s = withReleaseTasks(async (params, real) => {
      const result = await real({ tasks: params.tasks });
      return { ...result, logError: new StorageError("TOO_LARGE", "run row refused") };
    });
    const r = runtimeOver(s);
    for (const label of labels(3)) await scheduleTask(r, { name: "RECORD", metadata: { label } });
    expect(await runDueTasks(r)).toMatchObject({ ran: 3, succeeded: 3 });
    expect(await storage.getTasks({})).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(/task run logs not written: .*run row refused/),
    ]);
  });

  it("fails the tick on an outage at the ending; the next tick after the lease runs them again", async () => {
    let outage = true;
    const s = withReleaseTasks((params, real) => {
      if (outage) throw new StorageError("UNAVAILABLE", "connection refused");
      return real(params);
    });
    const r = runtimeOver(s);
    for (const label of labels(3)) await scheduleTask(r, { name: "RECORD", metadata: { label } });
    await expect(runDueTasks(r)).rejects.toThrow(/connection refused/);
    expect(runs).toHaveLength(3);
    outage = false;
    expect((await runDueTasks(r)).ran).toBe(0); // still leased to the failed tick
    clock.advance(5 * MINUTE);
    expect(await runDueTasks(r)).toMatchObject({ ran: 3, succeeded: 3 });
    expect(await storage.getTasks({})).toEqual([]);
  });

  it("hands back unstarted tasks in the same call as the endings when the budget runs out", async () => {
    const calls: ReleaseTasksParams[] = [];
    const s = withReleaseTasks((params, real) => {
      calls.push(params);
      return real(params);
    });
    const r = runtimeOver(s);
    for (const label of labels(6)) await scheduleTask(r, { name: "RECORD", metadata: { label } });
    let elapsed = 0;
    const report = await runDueTasks(r, {
      concurrency: 1,
      budgetMs: 100,
      elapsedClock: () => (elapsed += 30),
    });
    expect(report).toMatchObject({ more: true });
    expect(report.ran + report.remaining).toBe(6);
    expect(calls).toHaveLength(1);
    const handedBack = calls[0]!.tasks.filter((t) => !t.finish);
    expect(handedBack).toHaveLength(report.remaining);
    for (const t of handedBack) expect(t).not.toHaveProperty("patch");
    // Nothing is left leased: the next tick runs the rest at once.
    expect((await runDueTasks(r)).ran).toBe(report.remaining);
  });
});
