// DynamoDB sends a batch's reads beside its write, so an answer may come from before the write
// landed: the batch's own rows are merged in, as the read would have found them.
import { describe, expect, it } from "vitest";
import { withBatchWrites } from "../../adapters/dynamodb/batch-reads.ts";
import type { StorageOp, StorageRead } from "../../core/kernel/storage/contract.ts";
import type { Entity, Memory, UUID } from "../../core/kernel/types/domain.ts";

const id = (n: string) => `00000000-0000-4000-8000-${n.padStart(12, "0")}` as UUID;
const ROOM = id("1");
const AGENT = id("2");
const NOW = 1_000;

const memory = (n: string, createdAt: number, extra: Partial<Memory> = {}) =>
  ({
    id: id(n),
    entityId: id("9"),
    agentId: AGENT,
    roomId: ROOM,
    content: { text: n },
    createdAt,
    ...extra,
  }) as Memory & { id: UUID };
const create = (m: Memory & { id: UUID }, tableName = "messages"): StorageOp => ({
  op: "createMemory",
  memory: m,
  tableName,
});
const recent = (params: Partial<Extract<StorageRead, { read: "getMemories" }>["params"]> = {}) =>
  ({
    read: "getMemories",
    params: { tableName: "messages", roomId: ROOM, count: 3, ...params },
  }) as StorageRead;

describe("a DynamoDB batch's reads", () => {
  it("take in the batch's new rows, newest first, within the count", () => {
    const found = [memory("a", 500), memory("b", 400)];
    const ops = [create(memory("new", 900)), create(memory("newer", NOW + 5))];
    const answer = withBatchWrites(recent(), found, ops, NOW, undefined) as Memory[];
    expect(answer.map((m) => m.content.text)).toEqual(["newer", "new", "a"]);
  });

  it("do not count a row twice when the read already saw the write", () => {
    const row = memory("new", 900);
    const answer = withBatchWrites(recent(), [row], [create(row)], NOW, undefined) as Memory[];
    expect(answer.map((m) => m.id)).toEqual([row.id]);
  });

  it("keep the read's scope: table, room, agent, time bounds; stamp a row without a time", () => {
    const ops = [
      create(memory("facts", 900), "facts"),
      create(memory("elsewhere", 900, { roomId: id("3") })),
      create(memory("other agent", 900, { agentId: id("4") })),
      create(memory("too old", 10)),
      create({ ...memory("unstamped", 0), createdAt: undefined }),
    ];
    const answer = withBatchWrites(recent({ start: 100 }), [], ops, NOW, AGENT) as Memory[];
    expect(answer.map((m) => [m.content.text, m.createdAt])).toEqual([["unstamped", NOW]]);
  });

  it("leave a page further back alone", () => {
    const answer = withBatchWrites(
      recent({ offset: 3 }),
      [],
      [create(memory("new", 900))],
      NOW,
      AGENT,
    );
    expect(answer).toEqual([]);
  });

  it("add an entity the batch joins to the room, with components when asked", () => {
    const newcomer: Entity & { id: UUID } = { id: id("7"), names: ["New"], agentId: AGENT };
    const ops: StorageOp[] = [
      { op: "ensureEntity", entity: newcomer },
      { op: "ensureParticipant", entityId: newcomer.id, roomId: ROOM },
      { op: "ensureEntity", entity: { id: id("8"), names: ["Not here"], agentId: AGENT } },
    ];
    const read: StorageRead = { read: "getEntitiesForRoom", roomId: ROOM, includeComponents: true };
    expect(withBatchWrites(read, [], ops, NOW, undefined)).toEqual([
      { ...newcomer, components: [] },
    ]);
  });
});
