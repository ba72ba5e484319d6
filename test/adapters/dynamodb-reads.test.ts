// DynamoDB's message path keyed, never scanned, on DynamoDB Local: two rooms of one agent with
// 3,000 messages each (the quiet room older), then every request of the hot reads and of a
// whole message turn recorded with the index, key condition and items DynamoDB evaluated
// (ScannedCount). DynamoDB has no planner: the key is chosen in code, so a few thousand items
// per room is enough to show a read keyed on the agent or the table rather than the room.

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDynamoStorage, type DynamoStorage } from "../../adapters/dynamodb/index.ts";
import {
  ChannelType,
  characterAgentId,
  createAgent,
  ModelType,
  messageService,
  parseCharacter,
  type UUID,
} from "../../core/index.ts";
import { localClient } from "../support/dynamodb-local.ts";
import { type DynamoRequest, recordingDynamo } from "../support/dynamodb-reads.ts";
import { seedDynamoMemories } from "../support/dynamodb-seed.ts";

const ROOM_SIZE = 3_000;
const character = parseCharacter({ name: "Keyed", bio: ["Reads by key."] });
const AGENT = characterAgentId(character);
const USER = "00000000-0000-4000-8000-0000000000ee" as UUID;
const QUIET = "00000000-0000-4000-8000-00000000000a" as UUID;
const NEWER = "00000000-0000-4000-8000-00000000000b" as UUID;
const EMBEDDING = [1, 0, 0, 0];
const client = localClient(inject("dynamodbEndpoint"));
const tableName = `reads-${Date.now()}`;
const recorder = recordingDynamo(client);
let storage: DynamoStorage;

function* messages(roomId: UUID, batch: number, startAt: number) {
  for (let i = 0; i < ROOM_SIZE; i++) {
    yield {
      id: `${String(batch).padStart(8, "0")}-0000-4000-8000-${String(i).padStart(12, "0")}` as UUID,
      entityId: i % 2 === 0 ? USER : AGENT,
      agentId: AGENT,
      roomId,
      content: { text: `message ${i}` },
      embedding: EMBEDDING,
      createdAt: startAt + i,
    };
  }
}

beforeAll(async () => {
  storage = createDynamoStorage({ tableName, client, createTable: true, agentId: AGENT });
  await storage.init();
  await storage.ensureEmbeddingDimension(EMBEDDING.length);
  const now = Date.now();
  await seedDynamoMemories(client, tableName, messages(QUIET, 1, now - 3 * ROOM_SIZE));
  await seedDynamoMemories(client, tableName, messages(NEWER, 2, now - 2 * ROOM_SIZE));
});

afterAll(() => {
  client.destroy();
});

async function requests(work: () => Promise<unknown>): Promise<DynamoRequest[]> {
  recorder.take();
  await work();
  return recorder.take();
}

/** Queries keyed on the room's memory partition of gsi1, each evaluating at most `max`. */
function expectRoomQueries(sent: DynamoRequest[], max: number) {
  expect(sent.length).toBeGreaterThan(0);
  for (const request of sent) {
    expect(request).toMatchObject({ command: "QueryCommand", indexName: "gsi1" });
    expect(request.keyCondition).toMatch(/^#\w+ = :\w+ AND /);
    expect(request.scanned).toBeLessThanOrEqual(max);
  }
}

describe("DynamoDB keys a room's reads on the room", () => {
  it("reads the newest messages of a room other rooms outpaced", async () => {
    const sent = await requests(async () => {
      const recent = await storage.getMemories({ tableName: "messages", roomId: QUIET, count: 32 });
      expect(recent.map((m) => m.roomId)).toEqual(Array(32).fill(QUIET));
    });
    // A filtered page (the agent) reads up to 100 items to find 32.
    expectRoomQueries(sent, 100);
  });

  it("answers the stale check from a time range of the room's key", async () => {
    const sent = await requests(() =>
      storage.getMemories({
        tableName: "messages",
        roomId: QUIET,
        count: 10,
        start: Date.now() - 2 * ROOM_SIZE - 5,
      }),
    );
    expectRoomQueries(sent, 100);
    expect(sent[0]?.keyCondition).toContain("BETWEEN");
  });

  it("reads each room's newest for getMemoriesByRoomIds, one keyed Query a room", async () => {
    const sent = await requests(() =>
      storage.getMemoriesByRoomIds({ tableName: "messages", roomIds: [QUIET, NEWER], limit: 20 }),
    );
    expect(sent).toHaveLength(2);
    expectRoomQueries(sent, 100);
  });

  it("scores the newest SEARCH_CANDIDATES of the room, in pages of the room's key", async () => {
    const sent = await requests(() =>
      storage.searchMemories({ tableName: "messages", roomId: QUIET, embedding: EMBEDDING }),
    );
    expectRoomQueries(sent, 1_000);
    expect(sent.reduce((sum, r) => sum + (r.scanned ?? 0), 0)).toBeLessThanOrEqual(1_000);
  });
});

describe("a whole message turn on DynamoDB", () => {
  it("keys every read and evaluates a bounded number of items", async () => {
    const runtime = await createAgent({
      character,
      storage,
      env: { EMBEDDING_DIMENSION: String(EMBEDDING.length) },
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      plugins: [
        {
          name: "instant-model",
          priority: 100,
          models: {
            [ModelType.TEXT_LARGE]: async () =>
              "<response><actions>REPLY</actions><text>ok</text></response>",
            [ModelType.TEXT_SMALL]: async () => "<response><action>RESPOND</action></response>",
            [ModelType.TEXT_EMBEDDING]: async () => EMBEDDING,
          },
        },
      ],
    });
    const send = (text: string) =>
      messageService.handleMessage(
        runtime,
        {
          entityId: USER,
          roomId: QUIET,
          content: { text, channelType: ChannelType.API, source: "t" },
        },
        undefined,
        {
          connection: {
            entityId: USER,
            roomId: QUIET,
            source: "t",
            type: ChannelType.API,
            userName: "u",
          },
        },
      );
    await send("first, which creates the room's rows");
    const sent = await requests(() => send("and again"));
    expect(sent.map((r) => r.command)).not.toContain("ScanCommand");
    for (const request of sent.filter((r) => r.command === "QueryCommand")) {
      expect(request.keyCondition).toBeTruthy();
    }
    // The recall search evaluates up to SEARCH_CANDIDATES items; the rest of a turn a few pages.
    const evaluated = sent.reduce((sum, r) => sum + (r.scanned ?? 0), 0);
    expect(evaluated).toBeLessThanOrEqual(1_000 + 500);
  });
});
