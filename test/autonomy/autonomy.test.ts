// Autonomy on the memory backend with a scripted model and an injected clock: steps happen
// only on ticks, run private actions and evaluators, deliver nothing, and stay in budget.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type Action,
  AUTONOMY_SERVICE_TYPE,
  AUTONOMY_TASK_NAME,
  type AutonomyService,
  autonomyPlace,
  ChannelType,
  createAgent,
  type Evaluator,
  type Memory,
  MemoryTable,
  ModelType,
  parseCharacter,
  runDueTasks,
  type StorageAdapter,
} from "../../core/index.ts";
import { FakeClock } from "../storage/fixtures.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const PLAN_MUSE =
  "<response><thought>time to muse</thought><actions>REPLY,MUSE</actions><providers></providers>" +
  "<text>I mused.</text></response>";

interface Recorder {
  muses: Memory[];
  evaluated: Memory[];
  delivered: unknown[];
}

function plugins(rec: Recorder) {
  const muse: Action = {
    name: "MUSE",
    description: "think privately about the day",
    private: true,
    validate: async () => true,
    handler: async (_r, message) => {
      rec.muses.push(message);
      return { success: true, text: "mused" };
    },
  };
  const watcher: Evaluator = {
    name: "WATCHER",
    description: "sees every turn",
    alwaysRun: true,
    validate: async () => true,
    handler: async (_r, message) => {
      rec.evaluated.push(message);
      return undefined;
    },
  };
  return { name: "autonomy-probe", actions: [muse], evaluators: [watcher] };
}

async function agent(
  settings: Record<string, string>,
  options: { storage?: StorageAdapter; clock?: FakeClock; enableAutonomy?: boolean } = {},
) {
  const clock = options.clock ?? new FakeClock();
  const storage = options.storage ?? createMemoryStorage({ now: clock.now });
  const model = scriptedModel(PLAN_MUSE);
  const rec: Recorder = { muses: [], evaluated: [], delivered: [] };
  const runtime = await createAgent({
    character: parseCharacter({ name: "Ada", settings }),
    storage,
    logger: quiet,
    now: clock.now,
    enableAutonomy: options.enableAutonomy,
    plugins: [model.plugin, plugins(rec)],
  });
  // Any delivery to a platform would land here.
  for (const source of ["autonomy-service", "telegram", "discord", "api", "test"]) {
    runtime.registerSendHandler(source, async (_r, target, content) => {
      rec.delivered.push({ target, content });
    });
  }
  const planner = () => model.calls.filter((c) => c.type === ModelType.TEXT_LARGE);
  return { runtime, storage, clock, model, rec, planner };
}

const ON = { ENABLE_AUTONOMY: "true", AUTONOMY_INTERVAL_MS: String(MINUTE) };

describe("autonomy", () => {
  it("is off by default: no task, no step, however long the ticks go on", async () => {
    const { runtime, storage, clock, model, rec } = await agent({});
    expect(runtime.enableAutonomy).toBe(false);
    expect(await storage.getTasksByName(AUTONOMY_TASK_NAME)).toEqual([]);
    for (let i = 0; i < 5; i++) {
      clock.advance(DAY);
      await runDueTasks(runtime);
    }
    expect(model.calls).toEqual([]);
    expect(rec.muses).toEqual([]);
    const service = runtime.getService<AutonomyService>(AUTONOMY_SERVICE_TYPE);
    expect(service?.getStatus()).toMatchObject({ enabled: false, running: false });
  });

  it("on: a tick at the interval takes a step that runs a private action and evaluators", async () => {
    const { runtime, storage, clock, rec, planner } = await agent(ON);
    const [task] = await storage.getTasksByName(AUTONOMY_TASK_NAME);
    expect(task?.tags).toEqual(expect.arrayContaining(["queue", "repeat"]));

    clock.advance(MINUTE - 1);
    expect((await runDueTasks(runtime)).ran).toBe(0);
    expect(planner()).toEqual([]);

    clock.advance(1);
    expect((await runDueTasks(runtime)).succeeded).toBe(1);
    expect(rec.muses).toHaveLength(1);
    const step = rec.muses[0] as Memory;
    expect(step.content.metadata).toMatchObject({ isAutonomous: true });
    expect(step.roomId).toBe(autonomyPlace(runtime).roomId);
    expect(step.entityId).not.toBe(runtime.agentId);
    // The planner was offered the private action on this turn, and evaluators saw the turn.
    expect(planner()[0]?.params.prompt).toContain("MUSE");
    expect(rec.evaluated.map((m) => m.id)).toEqual([step.id]);
    const [room] = await storage.getRoomsByIds([step.roomId]);
    expect(room?.type).toBe(ChannelType.SELF);
  });

  it("delivers nothing anywhere: the agent's answer stays in its autonomy room", async () => {
    const { runtime, storage, clock, rec } = await agent(ON);
    clock.advance(MINUTE);
    await runDueTasks(runtime);
    expect(rec.delivered).toEqual([]);
    const { roomId } = autonomyPlace(runtime);
    const stored = await storage.getMemories({
      tableName: MemoryTable.MESSAGES,
      roomId,
      count: 10,
    });
    expect(stored.some((m) => m.entityId === runtime.agentId)).toBe(true);
    // Besides its own SELF room, which initialize() makes as elizaOS's does.
    const rooms = await storage.getRoomsForParticipant(runtime.agentId);
    expect(rooms.sort()).toEqual([roomId, runtime.agentId].sort());
  });

  it("keeps the daily budget across many ticks, and starts again the next UTC day", async () => {
    const { runtime, clock, rec } = await agent({ ...ON, AUTONOMY_MAX_STEPS_PER_DAY: "3" });
    for (let i = 0; i < 20; i++) {
      clock.advance(MINUTE);
      await runDueTasks(runtime);
    }
    expect(rec.muses).toHaveLength(3);
    clock.advance(DAY);
    await runDueTasks(runtime);
    expect(rec.muses).toHaveLength(4);
  });

  it("takes AUTONOMY_MAX_STEPS_PER_TICK steps per run, each continuing from the last thought", async () => {
    const { runtime, clock, rec, planner } = await agent({
      ...ON,
      AUTONOMY_MAX_STEPS_PER_TICK: "2",
    });
    clock.advance(MINUTE);
    await runDueTasks(runtime);
    expect(rec.muses).toHaveLength(2);
    expect(rec.muses[1]?.content.metadata).toMatchObject({ isContinuation: true });
    expect(planner()).toHaveLength(2);
  });

  it("a model outage longer than five steps does not switch autonomy off for good", async () => {
    const { runtime, storage, clock, model, rec } = await agent(ON);
    const working = model.plugin.models?.[ModelType.TEXT_LARGE];
    let down = true;
    runtime.registerModel(
      ModelType.TEXT_LARGE,
      async (r, params) => {
        if (down) throw new Error("model down");
        return working?.(r, params as never);
      },
      "flaky",
      10_000,
    );
    for (let i = 0; i < 8; i++) {
      clock.advance(60 * MINUTE); // past any backoff
      await runDueTasks(runtime);
    }
    expect(rec.muses).toEqual([]);
    const [task] = await storage.getTasksByName(AUTONOMY_TASK_NAME);
    expect(task?.metadata?.paused).not.toBe(true);
    down = false;
    clock.advance(60 * MINUTE);
    await runDueTasks(runtime);
    expect(rec.muses).toHaveLength(1);
  });

  it("a tick that runs while autonomy is switched off removes the task", async () => {
    const clock = new FakeClock();
    const storage = createMemoryStorage({ now: clock.now });
    await agent(ON, { storage, clock });
    const off = await agent({}, { storage, clock });
    clock.advance(MINUTE);
    await runDueTasks(off.runtime);
    expect(off.rec.muses).toEqual([]);
    expect(await storage.getTasksByName(AUTONOMY_TASK_NAME)).toEqual([]);
  });

  it("many cold starts make one task; the option, the service and the interval agree", async () => {
    const clock = new FakeClock();
    const storage = createMemoryStorage({ now: clock.now });
    const runs = await Promise.all(
      [1, 2, 3].map(() => agent({}, { storage, clock, enableAutonomy: true })),
    );
    expect(await storage.getTasksByName(AUTONOMY_TASK_NAME)).toHaveLength(1);
    const { runtime } = runs[0] as Awaited<ReturnType<typeof agent>>;
    const service = runtime.getService<AutonomyService>(AUTONOMY_SERVICE_TYPE) as AutonomyService;
    expect(service.getStatus()).toMatchObject({ enabled: true, interval: 30_000 });
    await service.setLoopInterval(1);
    expect(service.getLoopInterval()).toBe(5_000);
    const [task] = await storage.getTasksByName(AUTONOMY_TASK_NAME);
    expect(task?.metadata?.updateInterval).toBe(5_000);
    await service.disableAutonomy();
    expect(await storage.getTasksByName(AUTONOMY_TASK_NAME)).toEqual([]);
    expect(service.getStatus().enabled).toBe(false);
  });

  it("triggerThinkNow takes one step now, from the same daily budget", async () => {
    const { runtime, rec } = await agent({ AUTONOMY_MAX_STEPS_PER_DAY: "1" });
    const service = runtime.getService<AutonomyService>(AUTONOMY_SERVICE_TYPE) as AutonomyService;
    expect(await service.triggerThinkNow()).toBe(true);
    expect(await service.triggerThinkNow()).toBe(false);
    expect(rec.muses).toHaveLength(1);
  });

  it('reads ENABLE_AUTONOMY as elizaOS writes it: true or "true"; anything else is off', async () => {
    const on = await createAgent({
      character: parseCharacter({ name: "Ada", settings: { ENABLE_AUTONOMY: true } }),
      storage: createMemoryStorage(),
      logger: quiet,
    });
    expect(on.enableAutonomy).toBe(true);
    for (const value of ["false", "", "maybe"]) {
      const { runtime } = await agent({ ENABLE_AUTONOMY: value });
      expect(runtime.enableAutonomy).toBe(false);
    }
    const forced = await agent(ON, { enableAutonomy: false });
    expect(forced.runtime.enableAutonomy).toBe(false);
  });

  it("ignores malformed budget settings and uses the defaults", async () => {
    const { runtime } = await agent({
      ...ON,
      AUTONOMY_MAX_STEPS_PER_TICK: "-3",
      AUTONOMY_MAX_STEPS_PER_DAY: "lots",
      AUTONOMY_INTERVAL_MS: "1e9",
    });
    const { readAutonomySettings } = await import("../../core/index.ts");
    expect(readAutonomySettings(runtime)).toEqual({
      intervalMs: 30_000,
      maxStepsPerTick: 1,
      maxStepsPerDay: 100,
    });
  });
});
