// Two agents on one database: each reads only its own memories. Knowledge search, message
// search and the room reads are scoped by `params.agentId` on every backend, and by the
// adapter's own `agentId` option when the backend can open a second client (agentClient).
import { describe, expect, it } from "vitest";
import type { StorageAdapter } from "../../core/kernel/storage/contract.ts";
import type { UUID } from "../../core/kernel/types/domain.ts";
import {
  AGENT_ID,
  type ConformanceContext,
  id,
  message,
  ROOM_ID,
  seed,
  sortedIds,
  vector,
} from "./fixtures.ts";

const OTHER_AGENT_ID = id("agent-other");
const KNOWLEDGE = "knowledge";
const MESSAGES = "messages";

/** A's rows are newer and match the query better than B's, so a leak cannot hide. */
async function writeBothAgents(
  a: StorageAdapter,
  b: StorageAdapter,
  clock: { advance(ms: number): void },
) {
  const knowledgeIds: UUID[] = [];
  for (const [label, storage, agentId] of [
    ["b", b, OTHER_AGENT_ID],
    ["a", a, AGENT_ID],
  ] as const) {
    for (let i = 0; i < 3; i++) {
      clock.advance(1_000);
      const best = label === "a" ? 1 : 0.8;
      knowledgeIds.push(
        await storage.createMemory(
          message(`${label} knowledge ${i}`, {
            agentId,
            entityId: agentId,
            embedding: vector(best, 0.1 * i),
          }),
          KNOWLEDGE,
        ),
      );
      await storage.createMemory(
        message(`${label} message ${i}`, { agentId, embedding: vector(best, 0.1 * i) }),
        MESSAGES,
      );
    }
  }
  return knowledgeIds;
}

const texts = (rows: { content: { text?: string } }[]) => rows.map((r) => r.content.text ?? "");

export function describeAgentScopeCases(ctx: ConformanceContext): void {
  describe("agent scope", () => {
    it("searchMemories and getMemories with an agentId see only that agent's rows", async () => {
      const s = ctx.storage();
      await seed(s);
      const knowledgeIds = await writeBothAgents(s, s, ctx.clock);
      for (const tableName of [KNOWLEDGE, MESSAGES]) {
        for (const roomId of [undefined, ROOM_ID]) {
          const found = await s.searchMemories({
            tableName,
            embedding: vector(1, 0),
            count: 10,
            agentId: OTHER_AGENT_ID,
            ...(roomId ? { roomId } : {}),
          });
          expect(found).toHaveLength(3);
          expect(texts(found).every((t) => t.startsWith("b "))).toBe(true);
        }
      }
      const listed = await s.getMemories({
        tableName: MESSAGES,
        roomId: ROOM_ID,
        agentId: OTHER_AGENT_ID,
      });
      expect(texts(listed)).toEqual(["b message 2", "b message 1", "b message 0"]);
      // Without a scope (a store serving no particular agent) every row is there.
      const all = await s.searchMemories({ tableName: KNOWLEDGE, embedding: vector(1, 0) });
      expect(sortedIds(all)).toEqual(sortedIds(knowledgeIds));
    });

    it("an agent's client never sees another agent's knowledge or messages on one database", async (test) => {
      const a = await ctx.agentClient(AGENT_ID);
      const b = await ctx.agentClient(OTHER_AGENT_ID);
      if (!a || !b) return test.skip();
      await seed(ctx.storage());
      await writeBothAgents(a, b, ctx.clock);

      const knowledge = await b.searchMemories({
        tableName: KNOWLEDGE,
        embedding: vector(1, 0),
        count: 10,
      });
      expect(texts(knowledge)).toHaveLength(3);
      expect(texts(knowledge).every((t) => t.startsWith("b knowledge"))).toBe(true);

      const recalled = await b.searchMemories({
        tableName: MESSAGES,
        roomId: ROOM_ID,
        embedding: vector(1, 0),
        count: 10,
      });
      expect(texts(recalled).every((t) => t.startsWith("b message"))).toBe(true);

      expect(texts(await b.getMemories({ tableName: MESSAGES, roomId: ROOM_ID }))).toEqual([
        "b message 2",
        "b message 1",
        "b message 0",
      ]);
      expect(
        texts(await b.getMemoriesByRoomIds({ tableName: MESSAGES, roomIds: [ROOM_ID] })),
      ).toEqual(["b message 2", "b message 1", "b message 0"]);
      expect(await b.countMemories(ROOM_ID, false, MESSAGES)).toBe(3);
      expect(await b.countMemories(ROOM_ID)).toBe(6);

      // A sees its own, best first, and none of B's.
      const own = await a.searchMemories({ tableName: KNOWLEDGE, embedding: vector(1, 0) });
      expect(texts(own)).toHaveLength(3);
      expect(texts(own).every((t) => t.startsWith("a knowledge"))).toBe(true);
    });
  });
}
