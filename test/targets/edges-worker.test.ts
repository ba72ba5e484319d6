// Issue 29 on the Worker in real workerd (Miniflare) with D1: a keyed retry after a failed
// turn, a client's own message id, a provider's rate limit, a reply D1 refuses (a trigger that
// fails the agent's rows as a full database does) and the headers of API answers.
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, it } from "vitest";
import characterJson from "../../character.json" with { type: "json" };
import { characterAgentId, parseCharacter } from "../../core/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import {
  apiAnswersAreUncacheable,
  clientMessageIdRetry,
  EDGE_PLAN,
  type EdgeTarget,
  keyedRetryAfterModelFailure,
  rateLimitedModel,
  unstoredReplyIs503,
} from "../support/edge-cases.ts";
import { startDeployedWorker } from "../support/miniflare-d1.ts";

const API_TOKEN = "edges-worker-token";
const agentId = characterAgentId(parseCharacter(characterJson));

let mf: Miniflare;
let openai: FakeOpenAIServer;
let target: EdgeTarget;

beforeAll(async () => {
  openai = await startFakeOpenAI({ reply: EDGE_PLAN });
  const started = await startDeployedWorker({
    API_TOKEN,
    LOG_LEVEL: "error",
    EMBEDDING_DIMENSION: "",
    OPENAI_BASE_URL: openai.url,
    OPENAI_EMBEDDING_MODEL: "none",
  });
  ({ mf } = started);
  const { db } = started;
  target = {
    openai,
    call: async (method, path, init = {}) => {
      const response = (await mf.dispatchFetch(`http://worker.test${path}`, {
        method,
        headers: {
          authorization: `Bearer ${API_TOKEN}`,
          "content-type": "application/json",
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      } as never)) as unknown as Response;
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text ? JSON.parse(text) : {},
      };
    },
    refuseReplies: async (refuse) => {
      await db
        .prepare(
          refuse
            ? `CREATE TRIGGER refuse_agent_rows BEFORE INSERT ON memories WHEN NEW.entity_id = '${agentId}' BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`
            : "DROP TRIGGER IF EXISTS refuse_agent_rows",
        )
        .run();
    },
  };
});

afterAll(async () => {
  await mf?.dispose();
  await openai?.close();
});

describe("the shared edge cases on the Worker in workerd with D1", () => {
  it("a keyed retry after a model failure answers at once", () =>
    keyedRetryAfterModelFailure(target));
  it("a client's own messageId retries without the header", () => clientMessageIdRetry(target));
  it("a provider's 429 is a 503 with its Retry-After", () => rateLimitedModel(target));
  it("a reply D1 refuses is a 503, and the retry answers", () => unstoredReplyIs503(target));
  it("API answers are no-store and nosniff", () => apiAnswersAreUncacheable(target));
});
