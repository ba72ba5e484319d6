// The task guarantee "autonomy step budget", written as one case function so the guarantee
// suite (guarantees.ts, every backend) runs it with its own storage, clients and clock: the
// daily step budget holds across many ticks and across ticks racing on several clients, the
// per-tick budget holds, and the next UTC day starts a fresh budget.
import { expect } from "vitest";
import {
  AgentRuntime,
  autonomyPlugin,
  parseCharacter,
  runAutonomy,
  runDueTasks,
  type StorageAdapter,
} from "../../core/index.ts";
import type { FakeClock } from "../storage/fixtures.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const character = parseCharacter({
  name: "Autonomous",
  settings: {
    AUTONOMY_INTERVAL_MS: String(MINUTE),
    AUTONOMY_MAX_STEPS_PER_DAY: "3",
    AUTONOMY_MAX_STEPS_PER_TICK: "1",
  },
});

/**
 * `clients`: one or more storage clients over the same database (the first is the suite's
 * own); each gets its own runtime, as separate isolates would.
 */
export async function autonomyStepBudgetCase(
  clients: StorageAdapter[],
  clock: FakeClock,
): Promise<void> {
  const steps: string[] = [];
  // One after another: these are cold starts of one agent, not a race on creating it.
  const runtimes: AgentRuntime[] = [];
  for (const storage of clients) {
    runtimes.push(
      await (async () => {
        const model = scriptedModel(
          "<response><actions>NOTE_STEP</actions><providers></providers><text></text></response>",
        );
        const runtime = new AgentRuntime({
          character,
          storage,
          logger: quiet,
          now: clock.now,
          enableAutonomy: true,
          plugins: [
            model.plugin,
            autonomyPlugin,
            {
              name: "step-recorder",
              actions: [
                {
                  name: "NOTE_STEP",
                  description: "notes an autonomous step",
                  private: true,
                  validate: async () => true,
                  handler: async (_r, message) => {
                    steps.push(String(message.id));
                    return { success: true };
                  },
                },
              ],
            },
          ],
        });
        await runtime.initialize();
        return runtime;
      })(),
    );
  }
  const tickAll = () => Promise.all(runtimes.map((r) => runDueTasks(r)));

  // Ten ticks a minute apart, every client ticking at once: one step per occurrence, three a day.
  for (let i = 0; i < 10; i++) {
    clock.advance(MINUTE);
    await tickAll();
  }
  expect(steps).toHaveLength(3);

  // Runs racing past the scheduler (executeTaskById, triggerThinkNow) cannot overdraw it.
  const raced = await Promise.all(runtimes.map((r) => runAutonomy(r)));
  expect(raced.every((r) => r.budgetSpent && r.steps === 0)).toBe(true);
  expect(steps).toHaveLength(3);

  // A new UTC day: the budget is fresh, and one tick still takes one step.
  clock.advance(DAY);
  await tickAll();
  expect(steps).toHaveLength(4);

  // A fresh day's budget raced by every client: exactly the budget's remaining steps.
  const fresh = await Promise.all(runtimes.map((r) => runAutonomy(r)));
  expect(fresh.reduce((n, r) => n + r.steps, 0)).toBe(Math.min(2, runtimes.length));
  expect(steps).toHaveLength(4 + Math.min(2, runtimes.length));
  expect(new Set(steps).size).toBe(steps.length);
}
