// Which run a model call belongs to when its caller does not say (an action's own useModel):
// with the Node targets' AsyncLocalStorage scope, exactly its own run even while turns overlap
// on one runtime; without a scope (a Worker), the only run in progress, and none when several
// overlap rather than a wrong one.
import { describe, expect, it } from "vitest";
import { getRun, ModelType, type Plugin, setRunScope } from "../../core/index.ts";
import { installNodeRunScope } from "../../targets/shared/node-run-scope.ts";
import { gate, runsAgent, sendTo } from "../support/runs-agent.ts";

/** ASK calls the small model itself, waiting at `hold` first so two turns overlap there. */
function asker(hold: Promise<void>): Plugin {
  return {
    name: "asker",
    actions: [
      {
        name: "ASK",
        description: "asks the small model",
        validate: async () => true,
        handler: async (runtime, message) => {
          await hold;
          await runtime.useModel(ModelType.TEXT_SMALL, { prompt: `about ${message.content.text}` });
          return { success: true };
        },
      },
    ],
  };
}

const PLAN = "<response><actions>ASK</actions><text>asking</text></response>";

async function overlappingTurns() {
  const hold = gate();
  const { runtime, model } = await runsAgent({ plugins: [asker(hold.promise)] });
  model.large.push(PLAN, PLAN);
  const first = sendTo(runtime, "first", { room: "room-a" });
  const second = sendTo(runtime, "second", { room: "room-b" });
  // Both turns wait inside ASK: two runs in progress.
  await expect.poll(() => runtime.runs.size).toBe(2);
  hold.open();
  const [a, b] = await Promise.all([first.promise, second.promise]);
  const smallCalls = async (runId: string) =>
    (await getRun(runtime, runId as never))!.events.filter(
      (e) => e.type === "MODEL_USED" && e.data.modelType === "TEXT_SMALL",
    );
  return { a: await smallCalls(a.runId), b: await smallCalls(b.runId) };
}

describe("model calls that name no run", () => {
  it("without a scope: with two runs in progress, given to neither", async () => {
    setRunScope(undefined);
    const { a, b } = await overlappingTurns();
    expect(a).toEqual([]);
    expect(b).toEqual([]);
  });

  it("with the Node scope: each to its own run, even while the turns overlap", async () => {
    installNodeRunScope();
    try {
      const { a, b } = await overlappingTurns();
      expect(a).toHaveLength(1);
      expect(b).toHaveLength(1);
      expect(a[0]?.data.phase).toBe("action:ASK");
    } finally {
      setRunScope(undefined);
    }
  });
});
