// The memory backend searches a room through its packed vectors (adapters/memory/room-vectors.ts),
// kept up to date by appends and dropped on any other change. Whatever the order of writes,
// updates, deletes, out-of-order inserts, failed batches and rows of another width, a room's
// search must answer exactly what ranking every stored row by cosine answers. A seeded random
// walk of such changes, with a search after each, checks it against that ranking.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
// A seeded PRNG, so a failure repeats.
import { random } from "../../bench/search-data.ts";
import type { Memory, UUID } from "../../core/index.ts";
import { cosineSimilarity } from "../../core/kernel/vectors/vector.ts";

const WIDTH = 8;
const ROOM = "00000000-0000-4000-8000-0000000000a1" as UUID;
const OTHER_ROOM = "00000000-0000-4000-8000-0000000000a2" as UUID;
const ENTITY = "00000000-0000-4000-8000-0000000000e1" as UUID;

describe("memory backend: a room's search through its packed vectors", () => {
  it("answers as an exact ranking of the stored rows after every kind of change", async () => {
    const next = random(20261126);
    const fresh = (width: number) =>
      Array.from({ length: width }, () => Math.round(next() * 4 - 2));
    // Mostly one of a few vectors, so equal scores, and the order they rank in, are common.
    const pool = Array.from({ length: 6 }, () => fresh(WIDTH));
    const vector = (width = WIDTH) =>
      width === WIDTH && next() < 0.7 ? [...pool[Math.floor(next() * pool.length)]!] : fresh(width);
    const storage = createMemoryStorage({ agentId: undefined });
    await storage.init();
    const stored = new Map<UUID, Memory & { id: UUID; createdAt: number }>();
    let clock = 1_000;
    let ids = 0;
    const newId = () => `00000001-0000-4000-8000-${(++ids).toString(16).padStart(12, "0")}` as UUID;

    const write = async (memory: Memory & { id: UUID; createdAt: number }) => {
      await storage.createMemory(memory, "messages");
      stored.set(memory.id, memory);
    };
    const expected = (query: number[], count: number) =>
      [...stored.values()]
        .filter((m) => m.roomId === ROOM && m.embedding?.length === WIDTH)
        // The room's order, newest first (equal times: later write first), as a stable sort keeps.
        .sort((a, b) => b.createdAt - a.createdAt || order.get(b.id)! - order.get(a.id)!)
        .map((m) => ({ id: m.id, similarity: cosineSimilarity(query, m.embedding!) }))
        .filter((m) => m.similarity >= 0)
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, count);
    const order = new Map<UUID, number>();
    let writes = 0;

    for (let step = 0; step < 400; step++) {
      const roll = next();
      const existing = [...stored.keys()];
      const pick = () => existing[Math.floor(next() * existing.length)]!;
      if (roll < 0.45 || existing.length < 5) {
        // Mostly newest, sometimes older than the rest (an insert in the middle of the room),
        // sometimes in the other room, sometimes of another width or a zero vector.
        const id = newId();
        const older = next() < 0.15;
        const width = next() < 0.05 ? WIDTH * 2 : WIDTH;
        const embedding = next() < 0.03 ? new Array(WIDTH).fill(0) : vector(width);
        const roomId = next() < 0.15 ? OTHER_ROOM : ROOM;
        if (!older) clock += 1 + Math.floor(next() * 2);
        order.set(id, ++writes);
        await write({
          id,
          entityId: ENTITY,
          roomId,
          content: { text: `m${id}` },
          embedding,
          createdAt: older ? Math.floor(next() * clock) : clock - 1,
        });
      } else if (roll < 0.6) {
        const id = pick();
        const embedding = vector();
        await storage.updateMemory({ id, embedding });
        stored.set(id, { ...stored.get(id)!, embedding });
      } else if (roll < 0.7) {
        const id = pick();
        await storage.deleteMemory(id);
        stored.delete(id);
      } else if (roll < 0.75) {
        // A batch that fails after its first write: the write is undone.
        const id = newId();
        await expect(
          storage.batch([
            {
              op: "createMemory",
              tableName: "messages",
              memory: { id, entityId: ENTITY, roomId: ROOM, content: {}, embedding: vector() },
            },
            { op: "createMemory", tableName: "messages", memory: { ...stored.get(pick())! } },
          ]),
        ).rejects.toThrow();
      }
      const query = vector();
      const count = 1 + Math.floor(next() * 6);
      const found = await storage.searchMemories({
        tableName: "messages",
        roomId: ROOM,
        embedding: query,
        count,
      });
      const want = expected(query, count);
      expect(
        found.map((m) => ({ id: m.id, similarity: m.similarity })),
        `step ${step}`,
      ).toEqual(want.map((m) => ({ id: m.id, similarity: expect.closeTo(m.similarity, 12) })));
    }
  });
});
