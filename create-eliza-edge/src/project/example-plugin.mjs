// @ts-check
// src/plugins/dice.ts and its test: one elizaOS-shaped plugin with one action, tested through
// the agent's own message pipeline with a scripted model (no network, no API key).

export const DICE_PLUGIN_TS = `// An example plugin in elizaOS's plugin shape: one action the model can plan. Add actions,
// providers, evaluators and services the same way; published elizaOS plugins go next to it
// in src/agent.ts.
import type { Action, Plugin } from "eliza-edge";

/** A fair roll of one die with \`sides\` faces (crypto.getRandomValues: no modulo bias). */
export function rollDie(sides = 6): number {
  const limit = 2 ** 32 - (2 ** 32 % sides);
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return 1 + (value % sides);
  }
}

export const rollDice: Action = {
  name: "ROLL_DICE",
  similes: ["ROLL_A_DIE", "THROW_DICE"],
  description: "Rolls a six-sided die and tells the user the number.",
  validate: async () => true,
  handler: async (_runtime, _message, _state, _options, callback) => {
    const roll = rollDie();
    const text = \`You rolled a \${roll}.\`;
    await callback?.({ text, actions: ["ROLL_DICE"] });
    return { success: true, text, values: { roll } };
  },
  examples: [
    [
      { name: "{{user}}", content: { text: "Roll a die for me" } },
      { name: "{{agent}}", content: { text: "You rolled a 4.", actions: ["ROLL_DICE"] } },
    ],
  ],
};

export const dicePlugin: Plugin = {
  name: "dice",
  description: "Rolls dice on request.",
  actions: [rollDice],
};
`;

export const DICE_TEST_TS = `// Runs the plugin inside a real agent (eliza-edge's createAgent, in-memory storage) and talks
// to it through the same HTTP API the deployed agent serves. The model is scripted: it plans
// ROLL_DICE, so the test needs no network and no API key.
import { type AgentRuntime, createAgent, createApp, ModelType, type Plugin } from "eliza-edge";
import { createMemoryStorage } from "eliza-edge/adapters/memory";
import { describe, expect, it } from "vitest";
import { character } from "../character";
import { dicePlugin, rollDie } from "./dice";

const TOKEN = "test-token";
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** A model plugin that answers every prompt with \`answer\` and keeps the prompts it saw. */
function scriptedModel(answer: string) {
  const prompts: string[] = [];
  const reply = async (_runtime: AgentRuntime, params: { prompt: string }) => {
    prompts.push(params.prompt);
    return answer;
  };
  const plugin: Plugin = {
    name: "scripted-model",
    priority: 100,
    models: { [ModelType.TEXT_LARGE]: reply, [ModelType.TEXT_SMALL]: reply },
  };
  return { plugin, prompts };
}

async function send(model: Plugin, text: string) {
  const agent = await createAgent({
    character,
    storage: createMemoryStorage(),
    plugins: [dicePlugin, model],
    logger: quiet,
  });
  const app = createApp({ getAgent: async () => agent, env: () => ({ API_TOKEN: TOKEN }) });
  const res = await app.request("/api/messages", {
    method: "POST",
    headers: { authorization: \`Bearer \${TOKEN}\`, "content-type": "application/json" },
    body: JSON.stringify({ text, userId: "sam" }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { replies: { text: string; actions?: string[] }[] };
}

describe("dice plugin", () => {
  it("answers with a roll when the model plans ROLL_DICE", async () => {
    const model = scriptedModel(
      "<response><thought>A roll.</thought><actions>ROLL_DICE</actions><text></text></response>",
    );
    const { replies } = await send(model.plugin, "Roll a die for me");
    expect(replies).toHaveLength(1);
    expect(replies[0]?.text).toMatch(/^You rolled a [1-6]\\.$/);
    expect(replies[0]?.actions).toEqual(["ROLL_DICE"]);
    // The planner was offered the action: that is how a real model finds it.
    expect(model.prompts.some((prompt) => prompt.includes("ROLL_DICE"))).toBe(true);
  });

  it("leaves other messages to the model's own reply", async () => {
    const model = scriptedModel("<response><actions>REPLY</actions><text>Hello!</text></response>");
    const { replies } = await send(model.plugin, "Hi");
    expect(replies.map((reply) => reply.text)).toEqual(["Hello!"]);
  });

  it("rolls every face of a die and nothing else", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(rollDie(6));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rollDie(1)).toBe(1);
  });
});
`;
