import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage, type MemoryStorage } from "../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  acceptInbound,
  ChannelType,
  type Content,
  createAgent,
  createUniqueUuid,
  DeliveryError,
  type InboundMessage,
  MemoryTable,
  parseCharacter,
  runDueTasks,
  type SendTarget,
  StorageError,
} from "../../core/index.ts";
import { FakeClock } from "../storage/fixtures.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let clock: FakeClock;
let storage: MemoryStorage;
let runtime: AgentRuntime;
let model: ReturnType<typeof scriptedModel>;
let delivered: { target: SendTarget; content: Content }[];

beforeEach(async () => {
  clock = new FakeClock();
  storage = createMemoryStorage({ now: clock.now });
  model = scriptedModel((p) => `echo: ${p.userText}`);
  runtime = await createAgent({
    character: parseCharacter({ name: "Inbox" }),
    storage,
    plugins: [model.plugin],
    logger: quiet,
    now: clock.now,
  });
  delivered = [];
  runtime.registerSendHandler("chat", async (_r, target, content) => {
    delivered.push({ target, content });
  });
});

function inbound(updateId: number, text = `hello ${updateId}`): InboundMessage {
  const entityId = createUniqueUuid(runtime, "chat-user");
  const roomId = createUniqueUuid(runtime, "chat-room");
  return {
    key: `chat:update:${updateId}`,
    message: { entityId, roomId, content: { text, source: "chat", channelType: ChannelType.DM } },
    connection: { entityId, roomId, source: "chat", type: ChannelType.DM, userName: "u" },
    target: { source: "chat", roomId, channelId: "42" },
  };
}

const roomTexts = async () =>
  (
    await storage.getMemories({
      tableName: MemoryTable.MESSAGES,
      roomId: createUniqueUuid(runtime, "chat-room"),
      count: 100,
    })
  )
    .reverse()
    .map((m) => m.content.text);

describe("the durable inbox", () => {
  it("accepts a message, answers it in the background through the send handler, once", async () => {
    const acceptance = await acceptInbound(runtime, inbound(1));
    expect(acceptance.accepted).toBe(true);
    expect(delivered).toEqual([]); // nothing happens before the background work runs
    if (acceptance.accepted) await acceptance.process?.();
    expect(delivered.map((d) => [d.target.channelId, d.content.text])).toEqual([
      ["42", "echo: hello 1"],
    ]);
    expect(await roomTexts()).toEqual(["hello 1", "echo: hello 1"]);
    expect(await storage.getTasks({})).toEqual([]);
    // A later tick finds nothing left to do.
    clock.advance(60 * 60_000);
    expect((await runDueTasks(runtime)).ran).toBe(0);
    expect(delivered).toHaveLength(1);
  });

  it("refuses a redelivered update, before and after it was processed", async () => {
    const first = await acceptInbound(runtime, inbound(2));
    expect(await acceptInbound(runtime, inbound(2))).toEqual({
      accepted: false,
      reason: "duplicate",
    });
    if (first.accepted) await first.process?.();
    expect(await acceptInbound(runtime, inbound(2))).toEqual({
      accepted: false,
      reason: "duplicate",
    });
    expect(delivered).toHaveLength(1);
  });

  it("takes concurrent redeliveries once", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => acceptInbound(runtime, inbound(3))),
    );
    expect(results.filter((r) => r.accepted)).toHaveLength(1);
  });

  it("recovers a message whose background run died: the next tick after the lease answers it once", async () => {
    const acceptance = await acceptInbound(runtime, inbound(4), { leaseMs: 60_000 });
    expect(acceptance.accepted).toBe(true);
    // The isolate dies here: process() never runs.
    expect((await runDueTasks(runtime)).ran).toBe(0); // still leased to the dead run
    clock.advance(60_000);
    expect((await runDueTasks(runtime)).succeeded).toBe(1);
    expect(delivered.map((d) => d.content.text)).toEqual(["echo: hello 4"]);
    clock.advance(60 * 60_000);
    expect((await runDueTasks(runtime)).ran).toBe(0);
    expect(delivered).toHaveLength(1);
  });

  it("does not answer twice when the run died after replying but before finishing", async () => {
    const acceptance = await acceptInbound(runtime, inbound(5), { leaseMs: 60_000 });
    if (!acceptance.accepted) throw new Error("not accepted");
    // The run replies, then dies before it can end its task (release or finish it).
    const { releaseTaskLease, finishTask, releaseTasks } = storage;
    const killed = async () => {
      throw new Error("isolate killed");
    };
    Object.assign(storage, { releaseTaskLease: killed, finishTask: killed, releaseTasks: killed });
    await expect(acceptance.process?.()).rejects.toThrow("isolate killed");
    Object.assign(storage, { releaseTaskLease, finishTask, releaseTasks });
    expect(delivered).toHaveLength(1);
    clock.advance(60_000);
    expect((await runDueTasks(runtime)).succeeded).toBe(1);
    expect(delivered).toHaveLength(1);
    expect(await roomTexts()).toEqual(["hello 5", "echo: hello 5"]);
  });

  it("retries a delivery the platform refused on a later tick, without storing the message twice", async () => {
    let failures = 1;
    runtime.registerSendHandler("chat", async (_r, target, content) => {
      if (failures-- > 0) throw new Error("platform returned 500");
      delivered.push({ target, content });
    });
    model.large.push("first attempt", "second attempt");
    const acceptance = await acceptInbound(runtime, inbound(6));
    if (acceptance.accepted) await acceptance.process?.();
    expect(delivered).toEqual([]);
    clock.advance(60 * 60_000);
    expect((await runDueTasks(runtime)).succeeded).toBe(1);
    expect(delivered.map((d) => d.content.text)).toEqual(["second attempt"]);
    expect(await roomTexts()).toEqual(["hello 6", "second attempt"]);
  });

  it("lets a redelivery through when the first attempt stored nothing (storage was down)", async () => {
    const createTask = storage.createTask.bind(storage);
    storage.createTask = async () => {
      throw new StorageError("UNAVAILABLE", "database down");
    };
    await expect(acceptInbound(runtime, inbound(7))).rejects.toThrow("database down");
    storage.createTask = createTask;
    const retry = await acceptInbound(runtime, inbound(7));
    expect(retry.accepted).toBe(true);
    if (retry.accepted) await retry.process?.();
    expect(delivered.map((d) => d.content.text)).toEqual(["echo: hello 7"]);
  });

  it("leaves an unleased message (lease: false) for the next tick, which answers it once", async () => {
    const acceptance = await acceptInbound(runtime, inbound(8), { lease: false });
    expect(acceptance).toMatchObject({ accepted: true });
    expect(acceptance.accepted && acceptance.process).toBeUndefined();
    expect(await runDueTasks(runtime)).toMatchObject({ succeeded: 1 });
    expect(delivered.map((d) => d.content.text)).toEqual(["echo: hello 8"]);
    expect((await runDueTasks(runtime)).ran).toBe(0);
    expect(await acceptInbound(runtime, inbound(8), { lease: false })).toEqual({
      accepted: false,
      reason: "duplicate",
    });
  });

  it("stops at once when the platform refuses the reply for good (retryable: false)", async () => {
    let attempts = 0;
    runtime.registerSendHandler("chat", async () => {
      attempts++;
      throw new DeliveryError("Forbidden: bot was blocked by the user", { retryable: false });
    });
    const acceptance = await acceptInbound(runtime, inbound(9));
    if (acceptance.accepted) await acceptance.process?.();
    expect(attempts).toBe(1);
    clock.advance(24 * 60 * 60_000);
    expect((await runDueTasks(runtime)).ran).toBe(0);
    expect(attempts).toBe(1);
    const [task] = await storage.getTasks({ tags: ["inbox"] });
    expect(task?.metadata).toMatchObject({
      paused: true,
      lastError: expect.stringContaining("blocked"),
    });
  });
});
