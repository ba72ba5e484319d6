// Issue 29 on the Lambda handler over DynamoDB Local, reached through a proxy that injects the
// table's faults (test/support/fault-proxy.ts): a stalled or reset table answers 503 with
// Retry-After by the client's bounded waits, never a hang that API Gateway turns into a 504;
// /health/ready says so within its own deadline; throttling ends with the keyed messages
// answered; and the shared edge cases (retries, model faults, unstored replies, headers).
// (The file name carries "dynamodb" so the global setup starts DynamoDB Local for it.)
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTable } from "../../adapters/dynamodb/index.ts";
import characterJson from "../../character.json" with { type: "json" };
import { characterAgentId, parseCharacter } from "../../core/index.ts";
import { createLambdaHandler } from "../../targets/lambda/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { localClient } from "../support/dynamodb-local.ts";
import {
  apiAnswersAreUncacheable,
  clientMessageIdRetry,
  EDGE_PLAN,
  type EdgeAnswer,
  type EdgeTarget,
  keyedRetryAfterModelFailure,
  rateLimitedModel,
  unstoredReplyIs503,
} from "../support/edge-cases.ts";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.ts";
import { type HttpResult, v2Event } from "../support/lambda-events.ts";

const endpoint = inject("dynamodbEndpoint");
const table = `edges-lambda-${Date.now()}`;
const API_TOKEN = "edges-lambda-token";
const agentId = characterAgentId(parseCharacter(characterJson));

let proxy: FaultProxy;
let openai: FakeOpenAIServer;
let target: EdgeTarget;
let handler: ReturnType<typeof createLambdaHandler>;

beforeAll(async () => {
  await createTable(localClient(endpoint), table);
  proxy = await startFaultProxy(endpoint);
  openai = await startFakeOpenAI({ reply: EDGE_PLAN });
  handler = createLambdaHandler({
    env: {
      DYNAMODB_TABLE: table,
      DYNAMODB_ENDPOINT: proxy.url,
      API_TOKEN,
      LOG_LEVEL: "silent",
      OPENAI_API_KEY: "sk-fake",
      OPENAI_BASE_URL: openai.url,
      OPENAI_EMBEDDING_MODEL: "none",
      // Two attempts keep a stall's test short, and each wait is wide: DynamoDB Local on a
      // loaded machine can take most of a second to answer, and a healthy call that timed out
      // would be a 503 the test did not cause (the defaults are 1 s, 2 s and 3 attempts).
      DYNAMODB_CONNECT_TIMEOUT_MS: "3000",
      DYNAMODB_REQUEST_TIMEOUT_MS: "3000",
      DYNAMODB_MAX_ATTEMPTS: "2",
      HEALTH_READY_TIMEOUT_MS: "5000",
    },
    selfInvoke: null,
  });
  target = {
    openai,
    call: async (method, path, init = {}) => {
      const result = (await handler(
        v2Event({
          method,
          path,
          headers: {
            authorization: `Bearer ${API_TOKEN}`,
            "content-type": "application/json",
            ...init.headers,
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        }),
      )) as HttpResult;
      return answerOf(result);
    },
    refuseReplies: async (refuse) => {
      proxy.failWhen = refuse
        ? (body, headers) =>
            /PutItem|TransactWriteItems/.test(String(headers["x-amz-target"])) &&
            body.includes(`"entityId":{"S":"${agentId}"}`)
        : undefined;
    },
  };
  // Warm: the agent is built on the first request, with the table reachable.
  expect((await target.call("GET", "/health")).status).toBe(200);
});

afterAll(async () => {
  proxy.mode = "pass";
  await proxy?.close();
  await openai?.close();
});

function answerOf(result: HttpResult): EdgeAnswer {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, value);
  return { status: result.statusCode, headers, body: result.body ? JSON.parse(result.body) : {} };
}

describe("a DynamoDB table that stalls, resets or throttles", () => {
  it("stalled: a message gets 503 storage_unavailable with Retry-After, not a hang", async () => {
    proxy.mode = "stall";
    try {
      const answer = await target.call("POST", "/api/messages", {
        body: { text: "anyone home?", userId: "stalled" },
      });
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("1");
      expect((answer.body.error as { code: string }).code).toBe("storage_unavailable");
    } finally {
      proxy.mode = "pass";
    }
  });

  it("stalled: /health/ready answers 503 by its own deadline, then 200 once the table answers", async () => {
    proxy.mode = "stall";
    try {
      const answer = await target.call("GET", "/health/ready");
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("1");
    } finally {
      proxy.mode = "pass";
    }
    expect((await target.call("GET", "/health/ready")).status).toBe(200);
  });

  it("reset connections: 503 with Retry-After, and the next request is served", async () => {
    proxy.mode = "reset";
    let answer: EdgeAnswer;
    try {
      answer = await target.call("GET", "/api/rooms/dm:reset/messages");
    } finally {
      proxy.mode = "pass";
    }
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("1");
    expect((await target.call("GET", "/api/rooms/dm:reset/messages")).status).toBe(200);
  });

  it("throttled mid-turn: keyed messages are answered at once when it ends, each stored once", async () => {
    const keys = ["t1", "t2", "t3"].map((k) => `throttle-${Date.now()}-${k}`);
    const send = (key: string) =>
      target.call("POST", "/api/messages", {
        body: { text: `message ${key}`, userId: key },
        headers: { "idempotency-key": key },
      });
    // The turn's writes are throttled (its claim and reads are not): each attempt fails after
    // it claimed its key.
    proxy.mode = "throttle";
    proxy.scope = (_body, headers) => /TransactWriteItems/.test(String(headers["x-amz-target"]));
    let during: EdgeAnswer[];
    try {
      during = await Promise.all(keys.map(send));
    } finally {
      proxy.mode = "pass";
      proxy.scope = undefined;
    }
    for (const answer of during) expect(answer.status).toBe(503);
    const after = await Promise.all(keys.map(send));
    for (const answer of after) expect(answer.status).toBe(200);
    for (const key of keys) {
      const history = await target.call("GET", `/api/rooms/dm:${key}/messages`);
      expect((history.body.messages as unknown[]).length).toBe(2);
    }
  });
});

describe("the shared edge cases on Lambda + DynamoDB", () => {
  it("a keyed retry after a model failure answers at once", () =>
    keyedRetryAfterModelFailure(target));
  it("a client's own messageId retries without the header", () => clientMessageIdRetry(target));
  it("a provider's 429 is a 503 with its Retry-After", () => rateLimitedModel(target));
  it("a reply DynamoDB refuses is a 503, and the retry answers", () => unstoredReplyIs503(target));
  it("API answers are no-store and nosniff", () => apiAnswersAreUncacheable(target));
});
