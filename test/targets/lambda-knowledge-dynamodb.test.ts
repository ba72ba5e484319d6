// Character knowledge on the Lambda handler against DynamoDB Local: a cold start embeds
// nothing, each EventBridge tick embeds a bounded batch and the next resumes, then the agent
// answers a question only its knowledge answers. A second cold start (a new handler, as a new
// execution environment builds) embeds nothing again. ("dynamodb" in the file name makes the
// global setup start DynamoDB Local.)
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDynamoStorage, createTable } from "../../adapters/dynamodb/index.ts";
import { characterAgentId, parseCharacter, type StorageAdapter } from "../../core/index.ts";
import { createLambdaHandler } from "../../targets/lambda/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import {
  FACT,
  KNOWLEDGE_CHARACTER,
  KNOWLEDGE_FILES,
  QUESTION,
} from "../fixtures/knowledge-character.ts";
import { localClient } from "../support/dynamodb-local.ts";
import { type HttpResult, json, scheduledEvent, v2Event } from "../support/lambda-events.ts";

const endpoint = inject("dynamodbEndpoint");
const table = `lambda-knowledge-${Date.now()}`;
const API_TOKEN = "lambda-knowledge-token";
const WIDTH = 32;
const PER_TICK = 2;
const agentId = characterAgentId(parseCharacter(KNOWLEDGE_CHARACTER));

describe("character knowledge on the Lambda with DynamoDB", () => {
  let model: FakeOpenAIServer;
  let storage: StorageAdapter;
  const embeddingCalls = () => model.requests.filter((r) => r.path.endsWith("/embeddings")).length;

  beforeAll(async () => {
    await createTable(localClient(endpoint), table);
    storage = createDynamoStorage({ tableName: table, endpoint, agentId });
    model = await startFakeOpenAI({
      embeddingDimension: WIDTH,
      reply: (request) =>
        JSON.stringify(request.body).includes(FACT)
          ? `The gate code is ${FACT}.`
          : "I do not know that.",
    });
  });

  afterAll(async () => {
    await storage?.close();
    await model?.close();
  });

  /** A new handler builds a new agent: a cold start. */
  const coldStart = () =>
    createLambdaHandler({
      character: KNOWLEDGE_CHARACTER,
      knowledgeFiles: KNOWLEDGE_FILES,
      selfInvoke: null,
      env: {
        DYNAMODB_TABLE: table,
        DYNAMODB_ENDPOINT: endpoint,
        API_TOKEN,
        LOG_LEVEL: "silent",
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: model.url,
        EMBEDDING_DIMENSION: String(WIDTH),
        KNOWLEDGE_FRAGMENTS_PER_TICK: String(PER_TICK),
        KNOWLEDGE_MATCH_THRESHOLD: "0",
      },
    });
  const ingestTasks = async () =>
    (await storage.getTasksByName("KNOWLEDGE_INGEST")).filter((t) => t.agentId === agentId);

  it("is ingested a bounded batch per tick, then answers from it", async () => {
    const handler = coldStart();
    const ticks: number[] = [];
    for (let minute = 10; minute < 20; minute++) {
      const before = embeddingCalls();
      await handler(scheduledEvent(`2026-11-28T12:${minute}:00Z`) as never);
      ticks.push(embeddingCalls() - before);
      if ((await ingestTasks()).length === 0) break;
    }
    expect(Math.max(...ticks)).toBeLessThanOrEqual(PER_TICK);
    expect(ticks.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(ticks.reduce((a, b) => a + b, 0)).toBe(1 + Object.keys(KNOWLEDGE_FILES).length);
    const documents = await storage.getMemories({ tableName: "documents", agentId });
    expect(documents).toHaveLength(4);

    const result = (await handler(
      v2Event({
        method: "POST",
        path: "/api/messages",
        headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ text: QUESTION, userId: "visitor" }),
      }) as never,
    )) as HttpResult;
    expect(result.statusCode).toBe(200);
    const { replies } = json(result) as { replies: { text: string }[] };
    expect(replies.map((r) => r.text).join(" ")).toContain(FACT);
  });

  it("embeds nothing again on the next cold start", async () => {
    const handler = coldStart();
    const before = embeddingCalls();
    await handler(scheduledEvent("2026-11-28T13:00:00Z") as never);
    expect(embeddingCalls()).toBe(before);
    expect(await ingestTasks()).toEqual([]);
  });
});
