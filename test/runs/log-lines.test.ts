// Logs that platforms index: with LOG_JSON_FORMAT=true every line is one JSON object, and the
// lines of a turn carry its run id and room; LOG_LEVEL=debug shows each step of the turn. The
// edge targets log JSON unless LOG_JSON_FORMAT says otherwise; a terminal gets readable lines.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createAgent, parseCharacter } from "../../core/index.ts";
import { createWorkerAgent } from "../../targets/cloudflare/agent.ts";
import { sendTo } from "../support/runs-agent.ts";
import { scriptedModel } from "../support/scripted-model.ts";

/** Every console line printed while `work` runs, in order. */
async function capture(work: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const spies = (["log", "info", "warn", "error"] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    }),
  );
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

function agent(env: Record<string, string>) {
  const model = scriptedModel(
    "<response><actions>REPLY</actions><text>Logged reply.</text></response>",
  );
  return createAgent({
    character: parseCharacter({ name: "Ada", bio: ["Ada helps."] }),
    storage: createMemoryStorage(),
    env,
    plugins: [model.plugin],
  });
}

describe("log lines of a turn", () => {
  it("are one JSON object each, carrying the run, the room, the level and the time", async () => {
    const runtime = await agent({ LOG_JSON_FORMAT: "true", LOG_LEVEL: "debug" });
    let runId = "";
    let roomId = "";
    const lines = await capture(async () => {
      const turn = sendTo(runtime, "hello");
      runId = (await turn.promise).runId;
      roomId = turn.roomId;
    });
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.length).toBeGreaterThan(3);
    for (const r of records) {
      expect(typeof r.level).toBe("string");
      expect(Number.isNaN(Date.parse(String(r.time)))).toBe(false);
      expect(typeof r.msg).toBe("string");
    }
    const ofRun = records.filter((r) => r.runId === runId);
    expect(ofRun.every((r) => r.roomId === roomId)).toBe(true);
    const steps = ofRun.map((r) => String(r.msg));
    // Each step of the turn, at debug.
    for (const step of [
      /^message received$/,
      /^should respond: yes/,
      /^state composed in \d+ ms$/,
      /^model TEXT_LARGE \(scripted-model\) answered in \d+ ms$/,
      /^planned REPLY$/,
      /^action REPLY started$/,
      /^reply stored and sent$/,
      /^action REPLY succeeded in \d+ ms$/,
    ]) {
      expect(
        steps.some((m) => step.test(m)),
        String(step),
      ).toBe(true);
    }
    // The run's end is one info line with its timing.
    const end = ofRun.find((r) => /^run completed in \d+ ms$/.test(String(r.msg)));
    expect(end).toMatchObject({ level: "info", kind: "message", actions: 1, modelCalls: 1 });
    expect(typeof end?.durationMs).toBe("number");
  });

  it("are readable lines on a terminal, and at info only the run's end is printed", async () => {
    const runtime = await agent({});
    const lines = await capture(() => sendTo(runtime, "hello").promise);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[eliza-edge\] info: run completed in \d+ ms \{.*"runId":"/);
    expect(() => JSON.parse(lines[0]!)).toThrow();
  });

  it("default to JSON on the edge targets unless LOG_JSON_FORMAT=false", async () => {
    const character = JSON.stringify({ name: "Edge", bio: ["On a Worker."] });
    const env = { CHARACTER_JSON: character, ALLOW_NO_DATABASE: "true" };
    const json = await capture(async () => {
      const runtime = await createWorkerAgent(env);
      await sendTo(runtime, "hello").promise;
    });
    expect(json.length).toBeGreaterThan(0);
    for (const line of json) expect(JSON.parse(line)).toHaveProperty("level");

    const readable = await capture(async () => {
      const runtime = await createWorkerAgent({ ...env, LOG_JSON_FORMAT: "false" });
      await sendTo(runtime, "hello").promise;
    });
    expect(readable.length).toBeGreaterThan(0);
    for (const line of readable) expect(line.startsWith("[eliza-edge]")).toBe(true);
  });
});
