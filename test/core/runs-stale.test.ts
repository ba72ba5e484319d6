// The stale-reply rule: a newer message in the room discards an older run's reply, unless
// BASIC_CAPABILITIES_KEEP_RESP; seen across isolates through storage.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { type AgentRuntime, EventType, MemoryTable, stringToUuid } from "../../core/index.ts";
import { randomUuid } from "../../core/kernel/ids/uuid.ts";
import { isStale } from "../../core/pipeline/messages/run-guard.ts";
import { gate, runsAgent, sendTo } from "../support/runs-agent.ts";

/** A model answer held back until released; `reached` settles when the model is asked. */
function held() {
  const reached = gate();
  const answer = gate<string>();
  return {
    reached: reached.promise,
    answer: () => {
      reached.open();
      return answer.promise;
    },
    release: answer.open,
  };
}

describe("stale replies", () => {
  it("discards the older run's reply when a newer message arrives meanwhile", async () => {
    const { runtime, model } = await runsAgent();
    const sent: unknown[] = [];
    runtime.registerEvent(EventType.MESSAGE_SENT, (p) => void sent.push(p));
    const first = held();
    model.large.push(first.answer, "<response><text>second answer</text></response>");

    const older = sendTo(runtime, "first");
    await first.reached; // the first turn is at its model call
    const newer = sendTo(runtime, "second");
    expect((await newer.promise).didRespond).toBe(true);
    first.release("<response><text>first answer</text></response>");
    const olderResult = await older.promise;

    expect(olderResult).toMatchObject({ didRespond: false, reason: "replaced" });
    expect(older.replies).toEqual([]);
    expect(newer.replies.map((r) => r.text)).toEqual(["second answer"]);
    expect(sent).toHaveLength(1);
  });

  it("keeps both replies with BASIC_CAPABILITIES_KEEP_RESP=true", async () => {
    const { runtime, model } = await runsAgent({
      settings: { BASIC_CAPABILITIES_KEEP_RESP: "true" },
    });
    const first = held();
    model.large.push(first.answer, "<response><text>second answer</text></response>");
    const older = sendTo(runtime, "first");
    await first.reached;
    const newer = sendTo(runtime, "second");
    await newer.promise;
    first.release("<response><text>first answer</text></response>");
    expect((await older.promise).didRespond).toBe(true);
    expect(older.replies.map((r) => r.text)).toEqual(["first answer"]);
  });

  it("reads elizaOS 1.7's BOOTSTRAP_KEEP_RESP too; a non-boolean value keeps nothing", async () => {
    for (const [value, kept] of [
      ["yes", true],
      ["maybe", false],
    ] as const) {
      const { runtime, model } = await runsAgent({ settings: { BOOTSTRAP_KEEP_RESP: value } });
      const first = held();
      model.large.push(first.answer);
      const older = sendTo(runtime, "first");
      await first.reached;
      await sendTo(runtime, "second").promise;
      first.release("<response><text>first answer</text></response>");
      expect((await older.promise).didRespond).toBe(kept);
    }
  });

  it("sees a newer message handled by another isolate through storage", async () => {
    const storage = createMemoryStorage();
    // One clock for both isolates, as the wall clock is: "second" is written after "first"
    // reached its model call, so its stamp is later (a same-millisecond tie is the next test's).
    let clock = Date.now();
    const now = () => clock++;
    const a = await runsAgent({ storage, now });
    const b = await runsAgent({ storage, now });
    expect(b.runtime.agentId).toBe(a.runtime.agentId);
    const first = held();
    a.model.large.push(first.answer);
    const older = sendTo(a.runtime, "first");
    await first.reached;
    const newer = sendTo(b.runtime, "second");
    expect((await newer.promise).didRespond).toBe(true);
    first.release("<response><text>first answer</text></response>");
    expect((await older.promise).didRespond).toBe(false);
    expect(older.replies).toEqual([]);
    // Its check went with the reply's own write: the row written is taken back, not left.
    const room = await storage.getMemories({
      tableName: MemoryTable.MESSAGES,
      roomId: (await newer.promise).responses[0]!.roomId,
    });
    expect(room.map((m) => m.content.text)).toEqual(["ok", "second", "first"]);
  });

  it("two messages stamped in the same millisecond by two isolates both keep their replies", async () => {
    const storage = createMemoryStorage();
    const at = Date.now();
    const a = await runsAgent({ storage, now: () => at });
    const b = await runsAgent({ storage, now: () => at });
    const roomId = stringToUuid("room-tie");
    const write = async (runtime: AgentRuntime, user: string, createdAt = at) => {
      const memory = {
        id: randomUuid(),
        entityId: stringToUuid(user),
        agentId: runtime.agentId,
        roomId,
        content: { text: user },
        createdAt,
      };
      await runtime.storage.createMemory(memory, MemoryTable.MESSAGES);
      return memory;
    };
    const fromA = await write(a.runtime, "ann");
    const fromB = await write(b.runtime, "bob");
    // Unordered: neither discards the other (dropping one could drop the only answer).
    expect(await isStale(a.runtime, fromA)).toBe(false);
    expect(await isStale(b.runtime, fromB)).toBe(false);
    // One stamp later is newer, whoever wrote it.
    await write(b.runtime, "cy", at + 1);
    expect(await isStale(a.runtime, fromA)).toBe(true);
  });

  it("is not stale over other rooms' messages or its own replies", async () => {
    const { runtime, model } = await runsAgent();
    const first = held();
    model.large.push(first.answer);
    const older = sendTo(runtime, "first", { room: "room-a" });
    await first.reached;
    await sendTo(runtime, "elsewhere", { room: "room-b" }).promise;
    first.release("<response><text>one</text></response>");
    expect((await older.promise).didRespond).toBe(true);
    // Messages one after another in the same room are all answered.
    for (const text of ["a", "b", "c"]) {
      expect((await sendTo(runtime, text, { room: "room-a" }).promise).didRespond).toBe(true);
    }
  });
});
