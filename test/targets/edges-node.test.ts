// Issue 29 on the Node server (startNodeServer, what `npm start` runs) over PGlite: load
// shedding past MAX_CONCURRENT_TURNS and MAX_QUEUED_TURNS (503 + Retry-After at once, nothing
// stored), a keep-alive timeout longer than a load balancer's, and the shared edge cases
// (a keyed retry after a failed turn, a client's own message id, a provider's rate limit, a
// reply PGlite refuses with disk_full, the headers of API answers).
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgliteStorage } from "../../adapters/postgres/index.ts";
import characterJson from "../../character.json" with { type: "json" };
import { characterAgentId, parseCharacter } from "../../core/index.ts";
import { type NodeServer, startNodeServer } from "../../targets/node/index.ts";
import { chatCompletion, type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import {
  apiAnswersAreUncacheable,
  clientMessageIdRetry,
  EDGE_PLAN,
  type EdgeTarget,
  keyedRetryAfterModelFailure,
  rateLimitedModel,
  unstoredReplyIs503,
} from "../support/edge-cases.ts";

const API_TOKEN = "edges-node-token";
const character = parseCharacter(characterJson);
const agentId = characterAgentId(character);

let db: PGlite;
let openai: FakeOpenAIServer;
let server: NodeServer;
let target: EdgeTarget;

beforeAll(async () => {
  openai = await startFakeOpenAI({ reply: EDGE_PLAN });
  db = await PGlite.create({ extensions: { vector } });
  server = await startNodeServer({
    storage: await createPgliteStorage({ client: db, agentId }),
    port: 0,
    env: {
      API_TOKEN,
      LOG_LEVEL: "silent",
      OPENAI_API_KEY: "sk-fake",
      OPENAI_BASE_URL: openai.url,
      OPENAI_EMBEDDING_MODEL: "none",
      TASK_INTERVAL_MS: "0",
      MAX_CONCURRENT_TURNS: "2",
      MAX_QUEUED_TURNS: "1",
      TURN_QUEUE_TIMEOUT_MS: "300",
    },
  });
  // A full disk, as Postgres reports it (SQLSTATE 53100), for the agent's rows while switched on.
  await db.exec(`
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
  target = {
    openai,
    call: async (method, path, init = {}) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${API_TOKEN}`,
          "content-type": "application/json",
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text ? JSON.parse(text) : {},
      };
    },
    refuseReplies: async (refuse) => {
      await db.query("UPDATE edges_faults SET refuse = $1", [refuse]);
    },
  };
});

afterAll(async () => {
  await server?.close();
  await db?.close();
  await openai?.close();
});

describe("load shedding on the Node server", () => {
  it("past the running and queued turns, messages get 503 + Retry-After before any is answered, and store nothing", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The two turns that get a slot reach the model; the others never do.
    for (let i = 0; i < 2; i++)
      openai.enqueue({ heldUntil: held, answer: () => chatCompletion(EDGE_PLAN) });
    const users = [1, 2, 3, 4, 5].map((n) => `crowd-${n}`);
    const arrived: { user: string; status: number; retryAfter: string | null; code?: string }[] =
      [];
    const requests = users.map(async (user) => {
      const answer = await target.call("POST", "/api/messages", {
        body: { text: "hi", userId: user },
      });
      arrived.push({
        user,
        status: answer.status,
        retryAfter: answer.headers.get("retry-after"),
        code: (answer.body.error as { code?: string } | undefined)?.code,
      });
    });
    // Two run (held by the model), one waits in the queue until it gives up, two are refused
    // at once: three answers come while the model still holds every turn.
    for (let i = 0; i < 2_000 && arrived.length < 3; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(arrived).toHaveLength(3);
    for (const answer of arrived) {
      expect(answer).toMatchObject({ status: 503, retryAfter: "1", code: "overloaded" });
    }
    const refused = arrived.map((a) => a.user);
    release();
    await Promise.all(requests);
    expect(arrived.filter((a) => a.status === 200)).toHaveLength(2);
    for (const user of refused) {
      const history = await target.call("GET", `/api/rooms/dm:${user}/messages`);
      expect(history.body.messages).toEqual([]);
    }
  });
});

describe("HTTP behind a proxy", () => {
  it("keeps idle connections longer than a load balancer's 60 s (Keep-Alive: timeout=65)", async () => {
    const response = await fetch(`${server.url}/health`);
    await response.text();
    expect(response.headers.get("keep-alive")).toBe("timeout=65");
  });
});

describe("the shared edge cases on the Node server", () => {
  it("a keyed retry after a model failure answers at once", () =>
    keyedRetryAfterModelFailure(target));
  it("a client's own messageId retries without the header", () => clientMessageIdRetry(target));
  it("a provider's 429 is a 503 with its Retry-After", () => rateLimitedModel(target));
  it("a reply PGlite refuses (disk full) is a 503, and the retry answers", () =>
    unstoredReplyIs503(target));
  it("API answers are no-store and nosniff", () => apiAnswersAreUncacheable(target));
});
