// Run lifecycle events with elizaOS's payloads: WORLD/ROOM/ENTITY_JOINED the first time a
// connection is ensured, ACTION_STARTED/COMPLETED, EVALUATOR_STARTED/COMPLETED.
import { describe, expect, it } from "vitest";
import { EventType, type Plugin, stringToUuid } from "../../core/index.ts";
import { runsAgent, sendTo, userId } from "../support/runs-agent.ts";

function record(runtime: Awaited<ReturnType<typeof runsAgent>>["runtime"], names: string[]) {
  const seen: { name: string; payload: Record<string, unknown> }[] = [];
  for (const name of names) {
    runtime.registerEvent(name, (payload) => void seen.push({ name, payload }));
  }
  return seen;
}

describe("joined events", () => {
  it("announces world, room and entity once per connection, with elizaOS's shapes", async () => {
    const { runtime } = await runsAgent();
    const seen = record(runtime, [
      EventType.WORLD_JOINED,
      EventType.ROOM_JOINED,
      EventType.ENTITY_JOINED,
    ]);
    await sendTo(runtime, "hello").promise;
    expect(seen.map((e) => e.name)).toEqual(["WORLD_JOINED", "ROOM_JOINED", "ENTITY_JOINED"]);
    const [world, room, entity] = seen.map((e) => e.payload);
    const roomId = stringToUuid("room-1");
    expect(world).toMatchObject({ source: "test", runtime, rooms: [{ id: roomId }] });
    expect(world?.entities).toEqual([expect.objectContaining({ id: userId, names: ["Grace"] })]);
    const worldId = (world?.world as { id: string } | undefined)?.id;
    expect(worldId).toBeDefined();
    expect(room).toMatchObject({ source: "test", roomId, worldId, room: { id: roomId } });
    expect(entity).toMatchObject({
      source: "test",
      entityId: userId,
      roomId,
      worldId,
      metadata: { username: "Grace" },
    });
    // The rows are there when listeners hear of them.
    expect(await runtime.getRoom(roomId)).not.toBeNull();

    await sendTo(runtime, "again").promise;
    expect(seen).toHaveLength(3);
    await sendTo(runtime, "new room", { room: "room-2" }).promise;
    expect(seen).toHaveLength(6);
  });

  it("does not fail the turn when a joined listener throws", async () => {
    const { runtime } = await runsAgent();
    runtime.registerEvent(EventType.WORLD_JOINED, () => {
      throw new Error("listener broke");
    });
    expect((await sendTo(runtime, "hello").promise).didRespond).toBe(true);
  });
});

describe("action and evaluator events", () => {
  it("emits ACTION_STARTED/COMPLETED around REPLY with elizaOS's payload", async () => {
    const { runtime } = await runsAgent();
    const seen = record(runtime, [EventType.ACTION_STARTED, EventType.ACTION_COMPLETED]);
    const turn = sendTo(runtime, "hello");
    await turn.promise;
    expect(seen.map((e) => e.name)).toEqual(["ACTION_STARTED", "ACTION_COMPLETED"]);
    for (const { payload } of seen) {
      expect(payload).toMatchObject({ roomId: turn.roomId, content: { actions: ["REPLY"] } });
      expect(payload).toHaveProperty("world");
    }
    expect(seen[1]?.payload.content).toMatchObject({ actionStatus: "completed" });
  });

  it("emits EVALUATOR_STARTED/COMPLETED with one id, and the error of a failing one", async () => {
    const evaluators: Plugin = {
      name: "evals",
      evaluators: [
        {
          name: "GOOD",
          description: "works",
          alwaysRun: true,
          validate: async () => true,
          handler: async () => undefined,
        },
        {
          name: "BAD",
          description: "throws",
          alwaysRun: true,
          validate: async () => true,
          handler: async () => {
            throw new Error("evaluator broke");
          },
        },
        {
          name: "SKIPPED",
          description: "never valid",
          validate: async () => false,
          handler: async () => undefined,
        },
      ],
    };
    const { runtime } = await runsAgent({ plugins: [evaluators] });
    const seen = record(runtime, [EventType.EVALUATOR_STARTED, EventType.EVALUATOR_COMPLETED]);
    expect((await sendTo(runtime, "hello").promise).didRespond).toBe(true);

    const of = (name: string) => seen.filter((e) => e.payload.evaluatorName === name);
    expect(of("SKIPPED")).toEqual([]);
    const good = of("GOOD");
    expect(good.map((e) => e.name)).toEqual(["EVALUATOR_STARTED", "EVALUATOR_COMPLETED"]);
    expect(good[0]?.payload.evaluatorId).toBe(good[1]?.payload.evaluatorId);
    expect(typeof good[0]?.payload.startTime).toBe("number");
    expect(good[1]?.payload).toMatchObject({ completed: true, source: "test", runtime });
    const bad = of("BAD");
    expect(bad.map((e) => e.name)).toEqual(["EVALUATOR_STARTED", "EVALUATOR_COMPLETED"]);
    expect(bad[1]?.payload.completed).toBe(false);
    expect(bad[1]?.payload.error).toBeInstanceOf(Error);
    expect((bad[1]?.payload.error as Error | undefined)?.message).toBe("evaluator broke");
  });
});
