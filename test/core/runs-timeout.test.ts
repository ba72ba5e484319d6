// RUN_TIMEOUT_MS: a turn that runs too long ends with RUN_TIMEOUT and sends nothing after.
import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../core/index.ts";
import { gate, runsAgent, sendTo } from "../support/runs-agent.ts";

describe("run timeout", () => {
  it("emits RUN_TIMEOUT with elizaOS's payload and drops the late reply", async () => {
    const { runtime, model } = await runsAgent({ settings: { RUN_TIMEOUT_MS: "30" } });
    const timeouts: Record<string, unknown>[] = [];
    runtime.registerEvent(EventType.RUN_TIMEOUT, (p) => void timeouts.push(p));
    const ended = gate<Record<string, unknown>>();
    runtime.registerEvent(EventType.RUN_ENDED, (p) => ended.open(p));
    const sent: unknown[] = [];
    runtime.registerEvent(EventType.MESSAGE_SENT, (p) => void sent.push(p));
    const answer = gate<string>();
    model.large.push(() => answer.promise);

    const turn = sendTo(runtime, "slow question");
    const result = await turn.promise;
    expect(result).toMatchObject({ didRespond: false, reason: "timeout", responses: [] });
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0]).toMatchObject({
      runId: result.runId,
      messageId: result.messageId,
      roomId: turn.roomId,
      status: "timeout",
      error: "Run exceeded timeout",
      source: "test",
      runtime,
    });
    expect(typeof timeouts[0]?.startTime).toBe("number");
    expect(typeof timeouts[0]?.duration).toBe("number");

    // The model answers after all: the abandoned turn finishes without sending.
    answer.open("<response><text>too late</text></response>");
    await ended.promise;
    expect(turn.replies).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("lets a turn that finishes in time answer, and its timer does not fire later", async () => {
    const { runtime } = await runsAgent({ settings: { RUN_TIMEOUT_MS: "60000" } });
    const timeouts: unknown[] = [];
    runtime.registerEvent(EventType.RUN_TIMEOUT, (p) => void timeouts.push(p));
    const turn = sendTo(runtime, "quick question");
    expect((await turn.promise).didRespond).toBe(true);
    expect(turn.replies.map((r) => r.text)).toEqual(["ok"]);
    expect(timeouts).toEqual([]);
  });

  it.each(["abc", "-5", "0", ""])(
    "falls back to elizaOS's one hour for RUN_TIMEOUT_MS=%j",
    async (value) => {
      const { runtime } = await runsAgent({ settings: { RUN_TIMEOUT_MS: value } });
      const timeouts: unknown[] = [];
      runtime.registerEvent(EventType.RUN_TIMEOUT, (p) => void timeouts.push(p));
      const turn = sendTo(runtime, "hi");
      expect((await turn.promise).didRespond).toBe(true);
      expect(timeouts).toEqual([]);
    },
  );

  it("takes a per-call timeout (elizaOS's timeoutDuration) over the setting", async () => {
    const { runtime, model } = await runsAgent();
    const answer = gate<string>();
    model.large.push(() => answer.promise);
    const turn = sendTo(runtime, "slow", { extra: { timeoutMs: 20 } });
    expect((await turn.promise).reason).toBe("timeout");
    answer.open("<response><text>late</text></response>");
  });

  it.each([
    ["the setting", { settings: { RUN_TIMEOUT_MS: "Infinity" } }, {}],
    ["timeoutDuration", {}, { extra: { timeoutMs: Number.POSITIVE_INFINITY } }],
  ])("sets no timer at all for an Infinity run timeout (%s)", async (_, agent, call) => {
    const { runtime } = await runsAgent(agent);
    // Where timers are refused (a Worker's global scope, its warm-up turn), the turn answers.
    const refused = vi.fn(() => {
      throw new Error("timers are refused here");
    });
    vi.stubGlobal("setTimeout", refused);
    try {
      const turn = sendTo(runtime, "hi", call);
      expect((await turn.promise).didRespond).toBe(true);
      expect(turn.replies.map((r) => r.text)).toEqual(["ok"]);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(refused).not.toHaveBeenCalled();
  });

  it("still rejects with the turn's own error when it fails in time", async () => {
    const { runtime, model } = await runsAgent({ settings: { RUN_TIMEOUT_MS: "60000" } });
    model.large.push(() => {
      throw new Error("model down");
    });
    await expect(sendTo(runtime, "hi").promise).rejects.toThrow("model down");
  });
});
