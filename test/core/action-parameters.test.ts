// Actions as elizaOS shapes them: declared `parameters` are described to the planner, read
// from the plan's <params>, coerced to their types and passed as `options.parameters`;
// `examples` appear in the planner prompt; one action's result values reach the next action's
// state. Through handleMessage with a scripted model, on the memory backend.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { formatActions } from "../../core/elizaos/index.ts";
import {
  type Action,
  type ActionParameter,
  ChannelType,
  createAgent,
  type HandlerOptions,
  messageService,
  type Plugin,
  parseCharacter,
  parseParams,
  type State,
  stringToUuid,
} from "../../core/index.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const character = parseCharacter({ name: "Ada", bio: ["Ada moves tokens."] });
const userId = stringToUuid("params-user");
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

const sendTokenParameters: ActionParameter[] = [
  { name: "amount", description: "How many tokens", required: true, schema: { type: "number" } },
  { name: "to", description: "Who receives them", required: true, schema: { type: "string" } },
  { name: "urgent", description: "Skip the queue", schema: { type: "boolean", default: false } },
  {
    name: "network",
    description: "Which chain",
    schema: { type: "string", enum: ["main", "test"], default: "main" },
  },
];

interface Call {
  options: HandlerOptions | undefined;
  state: State | undefined;
}

function sendToken(calls: Call[], extra: Partial<Action> = {}): Action {
  return {
    name: "SEND_TOKEN",
    description: "sends tokens to someone",
    parameters: sendTokenParameters,
    examples: [
      [
        { name: "{{name1}}", content: { text: "send 5 tokens to bob" } },
        { name: "{{name2}}", content: { text: "Sending 5 to bob.", actions: ["SEND_TOKEN"] } },
      ],
    ],
    validate: async () => true,
    handler: async (_runtime, _message, state, options) => {
      calls.push({ options, state });
      return { success: true, text: "sent" };
    },
    ...extra,
  };
}

async function setup(plugin: Plugin) {
  const model = scriptedModel();
  const runtime = await createAgent({
    character,
    storage: createMemoryStorage(),
    plugins: [model.plugin, plugin],
    logger: quiet,
  });
  const handle = (text: string) => {
    const roomId = stringToUuid("params-room");
    return messageService.handleMessage(
      runtime,
      { entityId: userId, roomId, content: { text, channelType: ChannelType.DM, source: "test" } },
      undefined,
      { connection: { entityId: userId, roomId, source: "test", type: ChannelType.DM } },
    );
  };
  const plannerPrompt = (n = 0) =>
    model.calls.filter((c) => c.type === "TEXT_LARGE")[n]?.params.prompt ?? "";
  return { runtime, model, handle, plannerPrompt };
}

const plan = (actions: string, params: string) =>
  `<response><thought>t</thought><actions>${actions}</actions><text>ok</text>${params}</response>`;

describe("action parameters", () => {
  it("are described to the planner, with the <params> format", async () => {
    const { model, handle, plannerPrompt } = await setup({
      name: "tokens",
      actions: [sendToken([])],
    });
    model.large.push(plan("REPLY", ""));
    await handle("hello");
    const prompt = plannerPrompt();
    expect(prompt).toContain("- SEND_TOKEN: sends tokens to someone");
    expect(prompt).toContain("  - amount (number, required): How many tokens");
    expect(prompt).toContain("  - urgent (boolean, optional): Skip the queue [default: false]");
    expect(prompt).toContain(
      '  - network (string, optional): Which chain [one of: main | test; default: "main"]',
    );
    expect(prompt).toContain("<params>");
  });

  it("are read from <params>, coerced to their types and passed as options.parameters", async () => {
    const calls: Call[] = [];
    const { model, handle } = await setup({ name: "tokens", actions: [sendToken(calls)] });
    model.large.push(
      plan(
        "SEND_TOKEN",
        "<params><send_token><amount> 5 </amount><to>bob &amp; co</to><urgent>TRUE</urgent>" +
          "<unknown>dropped</unknown></send_token></params>",
      ),
    );
    const result = await handle("send 5 to bob");
    expect(calls).toHaveLength(1);
    const expected = { amount: 5, to: "bob & co", urgent: true, network: "main" };
    expect(calls[0]?.options?.parameters).toEqual(expected);
    // elizaOS 1.7's multi-step loop put them here; kept for plugins that read it.
    expect(calls[0]?.state?.data.actionParams).toEqual(expected);
    expect(result.actionResults).toEqual([{ success: true, text: "sent" }]);
  });

  it("a JSON <params> block and elizaOS 1.7's object-form declaration work too", async () => {
    const calls: Call[] = [];
    const legacy = sendToken(calls, {
      parameters: {
        amount: { type: "number", description: "How many", required: true },
      } as unknown as ActionParameter[],
    });
    const { model, handle, plannerPrompt } = await setup({ name: "tokens", actions: [legacy] });
    model.large.push(plan("SEND_TOKEN", '<params>{"SEND_TOKEN": {"amount": 7}}</params>'));
    await handle("send 7");
    expect(plannerPrompt()).toContain("  - amount (number, required): How many");
    expect(calls[0]?.options?.parameters).toEqual({ amount: 7 });
  });

  it("a missing required parameter or a value of the wrong type fails the action, not the turn", async () => {
    const calls: Call[] = [];
    const { model, handle } = await setup({ name: "tokens", actions: [sendToken(calls)] });
    model.large.push(
      plan("REPLY,SEND_TOKEN", "<params><SEND_TOKEN><amount>five</amount></SEND_TOKEN></params>"),
    );
    const result = await handle("send five");
    expect(calls).toEqual([]); // the handler never ran
    expect(result.didRespond).toBe(true); // REPLY still answered
    const failed = result.actionResults.at(-1);
    expect(failed).toMatchObject({ success: false, data: { actionName: "SEND_TOKEN" } });
    expect(String(failed?.error)).toContain('parameter "amount" must be a number, got "five"');
    expect(String(failed?.error)).toContain('required parameter "to" is missing');

    model.large.push(
      plan(
        "SEND_TOKEN",
        "<params><SEND_TOKEN><amount>1</amount><to>x</to><network>moon</network></SEND_TOKEN></params>",
      ),
    );
    const outside = await handle("send on the moon chain");
    expect(String(outside.actionResults[0]?.error)).toContain(
      'parameter "network" must be one of main, test',
    );
  });

  it("malformed <params> markup gives no parameters, and a required one is reported missing", async () => {
    const calls: Call[] = [];
    const { model, handle } = await setup({ name: "tokens", actions: [sendToken(calls)] });
    for (const broken of [
      "<params><SEND_TOKEN><amount>5</SEND_TOKEN></params>",
      "<params><SEND_TOKEN><amount>5<to>bob</params>",
      "<params>{not json</params>",
      "<params><<<>>></params>",
    ]) {
      model.large.push(plan("SEND_TOKEN", broken));
      const result = await handle("send");
      expect(result.actionResults[0], broken).toMatchObject({ success: false });
      expect(String(result.actionResults[0]?.error), broken).toContain("is missing");
    }
    expect(calls).toEqual([]);
  });

  it("elizaOS's formatActions (what plugin-bootstrap's ACTIONS provider calls) lists them too", () => {
    const listed = formatActions([sendToken([])]);
    expect(listed).toContain("- **SEND_TOKEN**: sends tokens to someone");
    expect(listed).toContain("  - to (string, required): Who receives them");
  });

  it("parseParams keeps hostile tag names as plain keys", () => {
    const parsed = parseParams("<__proto__><polluted>yes</polluted></__proto__>");
    expect(Object.keys(parsed)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parseParams('{"__proto__": {"polluted": "yes"}}')).not.toHaveProperty("polluted");
    expect(parseParams("")).toEqual({});
  });
});

describe("action examples", () => {
  it("appear in the planner prompt, drawn the same way every turn", async () => {
    const { model, handle, plannerPrompt } = await setup({
      name: "tokens",
      actions: [sendToken([])],
    });
    model.large.push(plan("REPLY", ""), plan("REPLY", ""));
    await handle("first");
    await handle("second");
    const examples = (prompt: string) => prompt.slice(prompt.indexOf("# Action examples"));
    expect(plannerPrompt(0)).toContain("# Action examples");
    expect(plannerPrompt(0)).toMatch(/\n\w+: send 5 tokens to bob\n\w+: Sending 5 to bob\./);
    expect(plannerPrompt(0)).not.toContain("{{name1}}");
    expect(examples(plannerPrompt(1)).split("\n").slice(0, 3)).toEqual(
      examples(plannerPrompt(0)).split("\n").slice(0, 3),
    );
  });
});

describe("action results between actions", () => {
  it("values of an earlier action reach the next action's state; actionResults and the plan too", async () => {
    const seen: Call[] = [];
    const earlierResults: number[] = [];
    const first: Action = {
      name: "CREATE_ORDER",
      description: "creates an order",
      validate: async () => true,
      handler: async () => ({ success: true, values: { orderId: "order-42" }, data: { n: 1 } }),
    };
    const second: Action = {
      name: "PAY_ORDER",
      description: "pays an order",
      validate: async () => true,
      handler: async (_runtime, _message, state, options) => {
        seen.push({ state, options });
        earlierResults.push(options?.actionContext?.previousResults?.length ?? 0);
        return { success: true, text: `paid ${state?.values.orderId}` };
      },
    };
    const { model, handle } = await setup({ name: "orders", actions: [first, second] });
    model.large.push(plan("CREATE_ORDER,PAY_ORDER", ""));
    const result = await handle("order and pay");
    expect(result.actionResults.map((r) => r.text)).toEqual([undefined, "paid order-42"]);
    const state = seen[0]?.state;
    expect(state?.values.orderId).toBe("order-42");
    expect(state?.data.actionResults).toEqual([
      { success: true, values: { orderId: "order-42" }, data: { n: 1 } },
    ]);
    expect(seen[0]?.options?.actionPlan).toMatchObject({
      totalSteps: 2,
      currentStep: 2,
      steps: [
        { action: "CREATE_ORDER", status: "completed" },
        { action: "PAY_ORDER", status: "pending" },
      ],
    });
    expect(earlierResults).toEqual([1]);
  });
});
