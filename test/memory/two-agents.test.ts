// Two agents on one database (issue: agent B's KNOWLEDGE provider showed agent A's documents).
// Each agent's storage is created with its agentId, as every target does; one PGlite holds
// both. Embeddings come from the local OpenAI-compatible fake (word-hash vectors).
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgliteStorage } from "../../adapters/postgres/index.ts";
import {
  type AgentRuntime,
  ChannelType,
  characterAgentId,
  characterKnowledgeStrings,
  createAgent,
  createUniqueUuid,
  ingestKnowledge,
  messageService,
  parseCharacter,
} from "../../core/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { type ScriptedModel, scriptedModel } from "../support/scripted-model.ts";

const DIM = 64;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let openai: FakeOpenAIServer;
let db: PGlite;

beforeAll(async () => {
  openai = await startFakeOpenAI({ embeddingDimension: DIM });
  db = await PGlite.create({ extensions: { vector } });
});
afterAll(async () => {
  await openai?.close();
  await db?.close();
});

async function agent(
  name: string,
  knowledge: string[],
): Promise<{ runtime: AgentRuntime; model: ScriptedModel }> {
  const character = parseCharacter({ name, knowledge });
  const storage = await createPgliteStorage({ client: db, agentId: characterAgentId(character) });
  await storage.init();
  const model = scriptedModel((p) => `ok ${p.userText}`);
  const runtime = await createAgent({
    character,
    storage,
    plugins: [model.plugin],
    logger: quiet,
    env: { OPENAI_BASE_URL: openai.url, EMBEDDING_DIMENSION: String(DIM) },
  });
  await ingestKnowledge(runtime, characterKnowledgeStrings(runtime));
  return { runtime, model };
}

async function ask(runtime: AgentRuntime, model: ScriptedModel, text: string): Promise<string> {
  const entityId = createUniqueUuid(runtime, "pat");
  const roomId = createUniqueUuid(runtime, "pat-room");
  await messageService.handleMessage(
    runtime,
    {
      entityId,
      roomId,
      content: { text, source: "test", channelType: ChannelType.DM },
      metadata: { entityName: "Pat" },
    },
    undefined,
    { connection: { entityId, roomId, source: "test", type: ChannelType.DM, userName: "Pat" } },
  );
  return model.calls.at(-1)?.params.prompt ?? "";
}

describe("two agents on one PGlite", () => {
  it("each KNOWLEDGE provider shows only its own agent's documents", async () => {
    const ada = await agent("Ada", ["The vault code for the north office is 4471."]);
    const bob = await agent("Bob", ["The north office vault is painted teal."]);

    const adaPrompt = await ask(ada.runtime, ada.model, "what is the north office vault code?");
    expect(adaPrompt).toContain("# Knowledge");
    expect(adaPrompt).toContain("4471");
    expect(adaPrompt).not.toContain("painted teal");

    const bobPrompt = await ask(bob.runtime, bob.model, "what is the north office vault code?");
    expect(bobPrompt).toContain("# Knowledge");
    expect(bobPrompt).toContain("painted teal");
    expect(bobPrompt).not.toContain("4471");

    // Both documents are in the one database; each agent only reads its own.
    const all = await db.query<{ n: number }>(
      "select count(*)::int as n from memories where type = 'fragments'",
    );
    expect(all.rows[0]?.n).toBe(2);
  });
});
