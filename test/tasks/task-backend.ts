// What the task suites share (guarantees.ts, elizaos-semantics.ts): one backend per suite,
// fresh per test (reset when the setup can, else created anew), a controllable clock, and a
// RECORD worker that writes each run's label into `runs`.
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { AgentRuntime, type StorageAdapter } from "../../core/index.ts";
import { type ConformanceSetup, FakeClock } from "../storage/fixtures.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

type ParsedCharacter = ConstructorParameters<typeof AgentRuntime>[0]["character"];

export interface TaskBackend {
  readonly clock: FakeClock;
  /** This test's storage. */
  storage: StorageAdapter;
  /** More clients a test opened on the same database; closed after it. */
  extra: StorageAdapter[];
  /** Labels (or task ids) of the RECORD runs, in order; emptied before each test. */
  readonly runs: string[];
  /** A runtime over `storage` (default this test's) with the RECORD worker registered. */
  runtime(storage?: StorageAdapter): AgentRuntime;
}

/** Registers the suite's hooks; call inside its describe. */
export function useTaskBackend(setup: ConformanceSetup, character: ParsedCharacter): TaskBackend {
  const clock = new FakeClock();
  const backend: TaskBackend = {
    clock,
    storage: undefined as unknown as StorageAdapter,
    extra: [],
    runs: [],
    runtime(storage = backend.storage) {
      const runtime = new AgentRuntime({ character, storage, logger: quiet, now: clock.now });
      runtime.registerTaskWorker({
        name: "RECORD",
        execute: async (_r, options, task) => {
          backend.runs.push(String(options.label ?? task.id));
        },
      });
      return runtime;
    },
  };
  const open = async () => {
    backend.storage = await setup.create({ now: clock.now });
    await backend.storage.init();
  };
  const close = (s: StorageAdapter) => (setup.destroy ? setup.destroy(s) : s.close());

  beforeAll(async () => {
    if (setup.reset) await open();
  });
  beforeEach(async () => {
    clock.reset();
    backend.runs.length = 0;
    if (setup.reset) await setup.reset(backend.storage);
    else await open();
  });
  afterEach(async () => {
    await Promise.all(backend.extra.map((s) => s.close()));
    backend.extra = [];
    if (!setup.reset) await close(backend.storage);
  });
  afterAll(async () => {
    if (setup.reset) await close(backend.storage);
  });
  return backend;
}
