// The three scheduling modes (README "Scheduling modes"): serverless runtimes start no timer
// (the edge targets are serverless by default), the local timer ticks one agent, and one
// per-daemon loop ticks several. Timers are vitest's fake ones: ticks are counted, never timed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  parseCharacter,
  scheduleTask,
  startTaskScheduler,
  type TaskService,
} from "../../core/index.ts";
import { createWorkerAgent, type WorkerEnv } from "../../targets/cloudflare/index.ts";
import { createLambdaAgent } from "../../targets/lambda/index.ts";
import { createVercelAgent } from "../../targets/vercel/index.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

function agent(name: string, runs: string[], serverless = false): AgentRuntime {
  const runtime = new AgentRuntime({
    character: parseCharacter({ name }),
    storage: createMemoryStorage(),
    logger: quiet,
    serverless,
  });
  runtime.registerTaskWorker({ name: "RECORD", execute: async () => void runs.push(name) });
  return runtime;
}

const taskService = (runtime: AgentRuntime) => runtime.getService<TaskService>("task")!;

describe("scheduling modes", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("serverless: startTimer starts no timer; the host's runDueTasks runs the task", async () => {
    const runs: string[] = [];
    const runtime = agent("edge", runs, true);
    expect(runtime.serverless).toBe(true);
    await scheduleTask(runtime, { name: "RECORD" });
    taskService(runtime).startTimer(1000);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([]);
    expect((await taskService(runtime).runDueTasks()).ran).toBe(1);
    expect(runs).toEqual(["edge"]);
    expect(() => startTaskScheduler([runtime], { intervalMs: 1000 })).toThrow(/serverless/);
  });

  it("local timer: startTimer ticks the agent each interval until stop", async () => {
    const runs: string[] = [];
    const runtime = agent("local", runs);
    expect(runtime.serverless).toBe(false);
    await scheduleTask(runtime, { name: "RECORD", every: 1000 });
    const service = taskService(runtime);
    service.startTimer(1000);
    service.startTimer(1000); // idempotent: still one timer
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual(["local"]);
    await service.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toEqual(["local"]);
  });

  it("per-daemon: one loop ticks several agents, and takes agents added later", async () => {
    const runs: string[] = [];
    const a = agent("a", runs);
    const b = agent("b", runs);
    const c = agent("c", runs);
    for (const runtime of [a, b, c]) await scheduleTask(runtime, { name: "RECORD" });
    const daemon = startTaskScheduler([a, b], { intervalMs: 500 });
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs.sort()).toEqual(["a", "b"]);
    daemon.add(c);
    daemon.remove(a);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs.sort()).toEqual(["a", "b", "c"]);
    await daemon.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(() => startTaskScheduler([a], { intervalMs: 0 })).toThrow(/positive/);
  });
});

describe("the edge targets are serverless by default", () => {
  it("the Worker, Lambda and Vercel agents start with serverless: true", async () => {
    const env = { ALLOW_NO_DATABASE: "true", LOG_LEVEL: "error" };
    const agents = await Promise.all([
      createWorkerAgent(env as unknown as WorkerEnv),
      createLambdaAgent(env),
      createVercelAgent(env),
    ]);
    expect(agents.map((runtime) => runtime.serverless)).toEqual([true, true, true]);
    for (const runtime of agents) {
      taskService(runtime).startTimer();
      await runtime.stop();
    }
  });
});
