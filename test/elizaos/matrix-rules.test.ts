// The plugin matrix itself: it must call an item failed when our runtime lacks what a plugin
// uses, even when the plugin catches the error and only logs it, and when a handler does
// nothing at all. Runs on the memory adapter; the legs run it on PGlite and D1.
import type { Action, IAgentRuntime, Plugin, Provider } from "@elizaos/core";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createAgent, type Plugin as EdgePlugin, parseCharacter } from "../../core/index.ts";
import { failures, runPluginMatrix } from "../support/elizaos-plugin-matrix.ts";
import { bootstrapPlugin } from "../support/elizaos-plugins.ts";
import { EMBEDDING_WIDTH, elizaScriptedModel } from "../support/elizaos-scripted-model.ts";

const silentAction: Action = {
  name: "SILENT",
  description: "returns nothing and never calls back",
  validate: async () => true,
  handler: async () => undefined,
};
const swallowingAction: Action = {
  name: "SWALLOWING",
  description: "catches a missing runtime method and only logs it",
  validate: async () => true,
  handler: async (runtime) => {
    try {
      await (runtime as unknown as { getNothing: () => Promise<void> }).getNothing();
    } catch (error) {
      console.error("SWALLOWING failed", error);
    }
    return { success: true, text: "pretends it worked" };
  },
};
const emptyProvider: Provider = {
  name: "EMPTY",
  get: async () => undefined as never,
};
const probePlugin: Plugin = {
  name: "matrix-probe",
  description: "items that break the matrix's rules on purpose",
  actions: [silentAction, swallowingAction],
  providers: [emptyProvider],
};

async function agentWith(plugins: Plugin[]): Promise<IAgentRuntime> {
  const runtime = await createAgent({
    character: parseCharacter({ name: "Eliza", bio: "An agent that lives at the edge." }),
    storage: createMemoryStorage(),
    env: { EMBEDDING_DIMENSION: String(EMBEDDING_WIDTH), LOG_LEVEL: "error" },
    plugins: [elizaScriptedModel().plugin, ...(plugins as unknown as EdgePlugin[])],
  });
  return runtime as unknown as IAgentRuntime;
}

describe("plugin matrix rules", () => {
  it("fails a handler that neither returns nor calls back, an error only logged, an empty get", async () => {
    const runtime = await agentWith([probePlugin]);
    const report = await runPluginMatrix(runtime, [probePlugin]);
    expect(failures(report)).toEqual([
      "matrix-probe action handler SILENT in group: Error: handler neither returned a result nor called back",
      expect.stringMatching(
        /^matrix-probe action handler SWALLOWING in group: logged: SWALLOWING failed .*getNothing is not a function/,
      ),
      "matrix-probe provider EMPTY in group: Error: get returned undefined, not a ProviderResult",
      "matrix-probe provider EMPTY in DM: Error: get returned undefined, not a ProviderResult",
    ]);
    expect(report.ok + report.failing).toBe(report.items.length);
  });

  it("names the plugin item and the missing runtime method when the runtime lacks one", async () => {
    const runtime = await agentWith([bootstrapPlugin]);
    // What a runtime without getRoom looks like to a plugin.
    const lacking = new Proxy(runtime, {
      get(target, property) {
        if (property === "getRoom") return undefined;
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const lines = failures(await runPluginMatrix(lacking, [bootstrapPlugin]));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(/^bootstrap (action|provider|evaluator|event|service)/);
    expect(lines.some((line) => line.includes("getRoom is not a function"))).toBe(true);
  });
});
