// "Answered once" through crashes and double runs. A reply's row is written before the
// platform is called (core/pipeline/messages/send-once.ts), with an id fixed by the message it answers,
// so whatever runs the turn a second time finds it and does not send again.
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage, type MemoryStorage } from "../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  acceptInbound,
  ChannelType,
  type Content,
  createAgent,
  createUniqueUuid,
  type InboundMessage,
  MemoryTable,
  messageService,
  parseCharacter,
  runDueTasks,
  StorageError,
} from "../../core/index.ts";
import { FakeClock } from "../storage/fixtures.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const MINUTE = 60_000;
let clock: FakeClock;
let storage: MemoryStorage;
let runtime: AgentRuntime;
let model: ReturnType<typeof scriptedModel>;
/** What the platform took, in order. */
let delivered: string[];
/** Set to hold the next send forever after the platform took it (the process dies there). */
let dieInSend: boolean;

beforeEach(async () => {
  clock = new FakeClock();
  storage = createMemoryStorage({ now: clock.now });
  model = scriptedModel((p) => `echo: ${p.userText}`);
  runtime = await createAgent({
    character: parseCharacter({ name: "Once" }),
    storage,
    plugins: [model.plugin],
    logger: quiet,
    now: clock.now,
  });
  delivered = [];
  dieInSend = false;
  runtime.registerSendHandler("chat", async (_r, _target, content: Content) => {
    delivered.push(String(content.text));
    if (dieInSend) await new Promise(() => {}); // kill -9 while the platform's answer is held
  });
});

const roomId = () => createUniqueUuid(runtime, "chat-room");
function inbound(updateId: number, text = `hello ${updateId}`): InboundMessage {
  const entityId = createUniqueUuid(runtime, "chat-user");
  return {
    key: `chat:update:${updateId}`,
    message: {
      entityId,
      roomId: roomId(),
      content: { text, source: "chat", channelType: ChannelType.DM },
    },
    connection: { entityId, roomId: roomId(), source: "chat", type: ChannelType.DM, userName: "u" },
    target: { source: "chat", roomId: roomId(), channelId: "42" },
  };
}
const roomTexts = async () =>
  (await storage.getMemories({ tableName: MemoryTable.MESSAGES, roomId: roomId(), count: 500 }))
    .reverse()
    .map((m) => m.content.text);

describe("a reply is sent at most once", () => {
  it("a run that died while the platform held the send is not answered again by the tick", async () => {
    const acceptance = await acceptInbound(runtime, inbound(1), { leaseMs: MINUTE });
    if (!acceptance.accepted) throw new Error("not accepted");
    dieInSend = true;
    void acceptance.process?.(); // never settles: the process is gone
    await until(() => delivered.length === 1);
    dieInSend = false;
    clock.advance(MINUTE + 1);
    expect(await runDueTasks(runtime)).toMatchObject({ succeeded: 1 });
    clock.advance(60 * MINUTE);
    await runDueTasks(runtime);
    expect(delivered).toEqual(["echo: hello 1"]);
    expect(await roomTexts()).toEqual(["hello 1", "echo: hello 1"]);
  });

  it("a run whose storage failed right after the send (the process died) is not answered again", async () => {
    const acceptance = await acceptInbound(runtime, inbound(2), { leaseMs: MINUTE });
    if (!acceptance.accepted) throw new Error("not accepted");
    runtime.registerSendHandler("chat", async (_r, _t, content) => {
      delivered.push(String(content.text));
      // From here on every write fails, as if the process had died after the platform's answer.
      for (const name of [
        "createMemory",
        "batch",
        "releaseTaskLease",
        "finishTask",
        "releaseTasks",
        "deleteTask",
      ] as const) {
        const original = storage[name].bind(storage) as (...args: unknown[]) => unknown;
        (storage as unknown as Record<string, unknown>)[name] = async () => {
          throw new StorageError("UNAVAILABLE", "gone");
        };
        restore.push(() => {
          (storage as unknown as Record<string, unknown>)[name] = original;
        });
      }
    });
    const restore: (() => void)[] = [];
    await expect(acceptance.process?.()).rejects.toThrow();
    for (const undo of restore) undo();
    runtime.registerSendHandler("chat", async (_r, _t, content) => {
      delivered.push(String(content.text));
    });
    clock.advance(MINUTE + 1);
    await runDueTasks(runtime);
    clock.advance(60 * MINUTE);
    await runDueTasks(runtime);
    expect(delivered).toEqual(["echo: hello 2"]);
    expect(await roomTexts()).toEqual(["hello 2", "echo: hello 2"]);
  });

  it("two runs of one turn at once (a tick took the task while the first still ran) answer once", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inModel = 0;
    model.large.push(
      async () => {
        inModel++;
        await gate;
        return "first run's answer";
      },
      async () => {
        inModel++;
        await gate;
        return "second run's answer";
      },
    );
    const acceptance = await acceptInbound(runtime, inbound(3), { leaseMs: MINUTE });
    if (!acceptance.accepted) throw new Error("not accepted");
    const first = acceptance.process?.();
    await until(() => inModel === 1);
    clock.advance(MINUTE + 1);
    const tick = runDueTasks(runtime);
    await until(() => inModel === 2);
    release();
    await Promise.all([first, tick]);
    expect(delivered).toHaveLength(1);
    expect(await roomTexts()).toEqual(["hello 3", delivered[0]]);
  });

  it("two handleMessage calls for one message at once store it once and reply once", async () => {
    const message = inbound(4);
    const id = createUniqueUuid(runtime, "the-message");
    const send = () =>
      messageService.handleMessage(
        runtime,
        { ...message.message, id },
        async (content) => {
          delivered.push(String(content.text));
        },
        { connection: message.connection },
      );
    const results = await Promise.all([send(), send()]);
    expect(delivered).toEqual(["echo: hello 4"]);
    expect(await roomTexts()).toEqual(["hello 4", "echo: hello 4"]);
    // Both report the one reply, so an API caller gets the same answer from either.
    expect(results.map((r) => r.responses.map((m) => m.content.text))).toEqual([
      ["echo: hello 4"],
      ["echo: hello 4"],
    ]);
  });

  it("an update replayed after its dedupe window, behind 120 newer messages, is not answered again", async () => {
    const first = await acceptInbound(runtime, inbound(5));
    if (first.accepted) await first.process?.();
    expect(delivered).toEqual(["echo: hello 5"]);
    for (let i = 0; i < 120; i++) {
      clock.advance(1000);
      await storage.createMemory(
        {
          id: createUniqueUuid(runtime, `later:${i}`),
          entityId: createUniqueUuid(runtime, "someone-else"),
          agentId: runtime.agentId,
          roomId: roomId(),
          content: { text: `later ${i}` },
          createdAt: clock.now(),
        },
        MemoryTable.MESSAGES,
      );
    }
    clock.advance(25 * 60 * MINUTE); // the 24 h dedupe claim has expired
    const replay = await acceptInbound(runtime, inbound(5));
    if (replay.accepted) await replay.process?.();
    await runDueTasks(runtime);
    expect(delivered).toEqual(["echo: hello 5"]);
  });

  it("a send the platform refused for sure is withdrawn and answered on the retry, once", async () => {
    let refusals = 1;
    runtime.registerSendHandler("chat", async (_r, _t, content) => {
      if (refusals-- > 0) throw new Error("platform returned 400");
      delivered.push(String(content.text));
    });
    model.large.push("first try", "second try");
    const acceptance = await acceptInbound(runtime, inbound(6));
    if (acceptance.accepted) await acceptance.process?.();
    expect(await roomTexts()).toEqual(["hello 6"]); // no reply row for a reply nobody got
    clock.advance(60 * MINUTE);
    await runDueTasks(runtime);
    expect(delivered).toEqual(["second try"]);
    expect(await roomTexts()).toEqual(["hello 6", "second try"]);
  });
});

/** Waits for background work to reach a point, by yielding to it (never by wall-clock sleep). */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !condition(); i++) await new Promise((r) => setImmediate(r));
  if (!condition()) throw new Error("background work never reached the expected point");
}
