// The offline ELIZA plans a plugin's action when the user asks for it in the action's own
// words (its name, a simile, an example), and stays ELIZA for everything else; through the
// whole message pipeline, the new project's "Roll a die" answers with a roll, no key set.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../adapters/memory/index.ts";
import { matchAction } from "../../../core/features/eliza/action-match.ts";
import {
  type Action,
  createAgent,
  createApp,
  type Plugin,
  parseCharacter,
} from "../../../core/index.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

function action(name: string, extra: Partial<Action> = {}): Action {
  return {
    name,
    description: `${name} action`,
    validate: async () => true,
    handler: async () => ({ success: true }),
    ...extra,
  };
}

const rollDice = action("ROLL_DICE", {
  similes: ["ROLL_A_DIE", "THROW_DICE"],
  handler: async (_runtime, _message, _state, _options, callback) => {
    await callback?.({ text: "You rolled a 4.", actions: ["ROLL_DICE"] });
    return { success: true };
  },
  examples: [
    [
      { name: "{{user}}", content: { text: "Roll a die for me" } },
      { name: "{{agent}}", content: { text: "You rolled a 4.", actions: ["ROLL_DICE"] } },
    ],
  ],
});
const weather = action("GET_WEATHER", {
  similes: ["FORECAST"],
  examples: [
    [
      { name: "{{user}}", content: { text: "What's the weather like in Paris today?" } },
      { name: "{{agent}}", content: { text: "Sunny.", actions: ["GET_WEATHER"] } },
    ],
  ],
});

describe("matchAction", () => {
  it.each([
    ["Roll a die", "ROLL_DICE"], // the simile ROLL_A_DIE
    ["roll the dice please", "ROLL_DICE"], // the name
    ["Could you throw dice?", "ROLL_DICE"],
    ["Roll a die for me!", "ROLL_DICE"], // the example, word for word
    ["forecast for tomorrow", "GET_WEATHER"],
    ["what's the weather like in Paris today", "GET_WEATHER"], // the example
  ])("%j plans %s", (text, name) => {
    expect(matchAction([rollDice, weather], text)).toBe(name);
  });

  it.each([
    "I feel sad",
    "Men are all alike.",
    "roll", // half a name is not the name
    "the weather", // one word of a seven-word example
    "",
  ])("%j plans nothing: ELIZA answers", (text) => {
    expect(matchAction([rollDice, weather], text)).toBeUndefined();
  });

  it("never picks replies, ignores or reminders by their words, nor a private action", () => {
    const builtIns = ["REPLY", "IGNORE", "NONE", "REMIND", "CREATE_TASK"].map((n) => action(n));
    const secret = action("SELF_DESTRUCT", { private: true });
    expect(matchAction([...builtIns, secret], "reply ignore none remind create task")).toBe(
      undefined,
    );
    expect(matchAction([secret], "self destruct")).toBeUndefined();
  });

  it("takes the most specific fit, and the first registered on a tie", () => {
    const roll = action("ROLL");
    expect(matchAction([roll, rollDice], "roll the dice")).toBe("ROLL_DICE");
    expect(matchAction([roll, action("ROLL_OVER")], "roll")).toBe("ROLL");
  });
});

describe("the offline agent and a plugin's action", () => {
  async function say(text: string) {
    const dice: Plugin = { name: "dice", description: "dice", actions: [rollDice] };
    const agent = await createAgent({
      character: parseCharacter({ name: "Ada", bio: "tests" }),
      storage: createMemoryStorage(),
      plugins: [dice],
      logger: quiet,
    });
    const app = createApp({ getAgent: async () => agent, env: () => ({ API_TOKEN: "t" }) });
    const res = await app.request("/api/messages", {
      method: "POST",
      headers: { authorization: "Bearer t", "content-type": "application/json" },
      body: JSON.stringify({ text, userId: "sam" }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { replies: { text: string; actions?: string[] }[] };
    return { replies: body.replies };
  }

  it("runs ROLL_DICE for 'Roll a die' with no model configured", async () => {
    const { replies } = await say("Roll a die");
    expect(replies).toEqual([
      expect.objectContaining({ text: "You rolled a 4.", actions: ["ROLL_DICE"] }),
    ]);
  });

  it("answers as ELIZA otherwise", async () => {
    const { replies } = await say("I feel sad");
    expect(replies.map((r) => r.text)).toEqual(["Tell me more about such feelings."]);
  });
});
