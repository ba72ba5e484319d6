// Issue 29 on the Vercel function, on Postgres through the real Neon HTTP driver (a local /sql
// shim in front of PGlite): a hung database makes /health/ready answer 503 by its own deadline,
// and the shared edge cases (a keyed retry after a failed turn, a client's own message id, a
// provider's rate limit, a reply Postgres refuses with disk_full, the headers of API answers).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNeonHttpStorage } from "../../adapters/postgres/neon-http.ts";
import characterJson from "../../character.json" with { type: "json" };
import { characterAgentId, parseCharacter } from "../../core/index.ts";
import { createVercelHandler } from "../../targets/vercel/index.ts";
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
import {
  type NeonHttpShim,
  startNeonHttpShim,
  useLocalNeonHttp,
} from "../support/neon-http-shim.ts";
import { type PgliteServer, startPgliteServer } from "../support/pglite-server.ts";

const API_TOKEN = "edges-vercel-token";
const agentId = characterAgentId(parseCharacter(characterJson));

let server: PgliteServer;
let shim: NeonHttpShim;
let openai: FakeOpenAIServer;
let target: EdgeTarget;
const background: Promise<unknown>[] = [];

beforeAll(async () => {
  server = await startPgliteServer();
  shim = await startNeonHttpShim();
  useLocalNeonHttp(shim);
  await createNeonHttpStorage({ connectionString: server.url, agentId }).init();
  // A full disk, as Postgres reports it (SQLSTATE 53100), for the agent's rows only.
  await server.db.exec(`
    CREATE TABLE edges_faults (refuse boolean NOT NULL);
    INSERT INTO edges_faults VALUES (false);
    CREATE OR REPLACE FUNCTION refuse_agent_rows() RETURNS trigger AS $$
    BEGIN
      IF (SELECT refuse FROM edges_faults) AND NEW.entity_id = '${agentId}' THEN
        RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER refuse_agent_rows BEFORE INSERT ON memories
      FOR EACH ROW EXECUTE FUNCTION refuse_agent_rows();`);
  openai = await startFakeOpenAI({ reply: EDGE_PLAN });
  const handler = createVercelHandler({
    env: {
      DATABASE_URL: server.url,
      API_TOKEN,
      LOG_LEVEL: "silent",
      OPENAI_API_KEY: "sk-fake",
      OPENAI_BASE_URL: openai.url,
      OPENAI_EMBEDDING_MODEL: "none",
      HEALTH_READY_TIMEOUT_MS: "3000",
    },
    waitUntil: (work) => background.push(work),
  });
  target = {
    openai,
    call: async (method, path, init = {}) => {
      const response = await handler(
        new Request(`https://eliza-edge.vercel.app${path}`, {
          method,
          headers: {
            authorization: `Bearer ${API_TOKEN}`,
            "content-type": "application/json",
            ...init.headers,
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        }),
      );
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text ? JSON.parse(text) : {},
      };
    },
    refuseReplies: async (refuse) => {
      await server.db.query("UPDATE edges_faults SET refuse = $1", [refuse]);
    },
  };
});

afterAll(async () => {
  await Promise.allSettled(background);
  shim?.hang(false);
  await shim?.stop();
  await server?.stop();
  await openai?.close();
});

describe("a hung Neon database", () => {
  it("/health/ready answers 503 with Retry-After by its own deadline, then 200", async () => {
    expect((await target.call("GET", "/health/ready")).status).toBe(200);
    shim.hang(true);
    try {
      const answer = await target.call("GET", "/health/ready");
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("1");
    } finally {
      shim.hang(false);
    }
    expect((await target.call("GET", "/health/ready")).status).toBe(200);
  });
});

describe("the shared edge cases on Vercel + Neon", () => {
  it("a keyed retry after a model failure answers at once", () =>
    keyedRetryAfterModelFailure(target));
  it("a client's own messageId retries without the header", () => clientMessageIdRetry(target));
  it("a provider's 429 is a 503 with its Retry-After", () => rateLimitedModel(target));
  it("a reply Postgres refuses (disk full) is a 503, and the retry answers", () =>
    unstoredReplyIs503(target));
  it("API answers are no-store and nosniff", () => apiAnswersAreUncacheable(target));
});
