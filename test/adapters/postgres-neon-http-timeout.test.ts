// Neon over HTTP when the database hangs: the /sql endpoint accepts the request and never
// answers. Each query is aborted after DATABASE_QUERY_TIMEOUT_MS and fails as UNAVAILABLE
// (503); the next query, once the endpoint answers again, works with the same storage, so the
// deadline is per request, not one signal that stays aborted.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createNeonHttpStorage,
  neonHttpDriver,
  perRequestTimeout,
} from "../../adapters/postgres/neon-http.ts";
import { DEFAULT_QUERY_TIMEOUT_MS } from "../../adapters/postgres/pool-guard.ts";
import characterJson from "../../character.json" with { type: "json" };
import { characterAgentId, parseCharacter, StorageError } from "../../core/index.ts";
import { createVercelHandler, neonStorageFromEnv } from "../../targets/vercel/index.ts";
import {
  type NeonHttpShim,
  startNeonHttpShim,
  useLocalNeonHttp,
} from "../support/neon-http-shim.ts";
import { type PgliteServer, startPgliteServer } from "../support/pglite-server.ts";

const character = parseCharacter(characterJson);
const agentId = characterAgentId(character);
/** What a target hands a storage factory. */
const agent = { agentId, character };

let server: PgliteServer;
let shim: NeonHttpShim;

beforeAll(async () => {
  server = await startPgliteServer();
  shim = await startNeonHttpShim();
  useLocalNeonHttp(shim);
  await createNeonHttpStorage({ connectionString: server.url, agentId }).init();
});

afterAll(async () => {
  shim?.hang(false);
  await shim?.stop();
  await server?.stop();
});

/** Runs `work` while the endpoint hangs; returns what it threw once the client gave up. */
async function whileHung(work: () => Promise<unknown>): Promise<unknown> {
  shim.hang(true);
  const before = shim.requests();
  try {
    const error = await work().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(shim.requests()).toBeGreaterThan(before);
    return error;
  } finally {
    shim.hang(false);
  }
}

let abandoned = 0;

/**
 * The deadline under test. A hung request waits all of it, so it is short; but a healthy
 * request through the shim and PGlite must always beat it, even on a loaded 2-core CI box
 * (150 ms did not: a query after the hang was aborted as timed out now and then). A deadline
 * reused from an earlier request would fail the next request at once whatever its length.
 */
const DEADLINE_MS = 1_500;

describe("Neon HTTP query timeout", () => {
  it("aborts a hung query as UNAVAILABLE naming the configured timeout, then works again", async () => {
    const storage = createNeonHttpStorage({
      connectionString: server.url,
      agentId,
      migrate: false,
      queryTimeoutMs: DEADLINE_MS,
    });
    await storage.ping();

    for (let round = 0; round < 2; round++) {
      const error = await whileHung(() => storage.getAgents());
      expect(error).toBeInstanceOf(StorageError);
      expect((error as StorageError).code).toBe("UNAVAILABLE");
      expect((error as Error).message).toContain(`no answer within ${DEADLINE_MS} ms`);
      // The request itself was aborted: the server saw the client close it.
      await shim.abandoned(++abandoned);
      // A fresh deadline for the next query: it is answered, not aborted on the spot.
      await storage.ping();
      expect(Array.isArray(await storage.getAgents())).toBe(true);
    }
  });

  it("aborts a hung batch (one atomic unit) the same way", async () => {
    const driver = neonHttpDriver(server.url, { queryTimeoutMs: DEADLINE_MS });
    const error = await whileHung(() =>
      driver.atomic([
        (db) => db.execute("SELECT 1") as never,
        (db) => db.execute("SELECT 2") as never,
      ]),
    );
    expect(String((error as Error).message ?? error)).toContain(
      `no answer within ${DEADLINE_MS} ms`,
    );
    await shim.abandoned(++abandoned);
    expect(await driver.atomic([(db) => db.execute("SELECT 1") as never])).toHaveLength(1);
  });

  it("makes a new signal for every request and refuses a timeout that is not positive", () => {
    const options = perRequestTimeout(1000);
    expect(options.signal).not.toBe(options.signal);
    expect(options.signal.aborted).toBe(false);
    expect(() => neonHttpDriver(server.url, { queryTimeoutMs: 0 })).toThrow(/positive/);
  });
});

describe("Vercel target: DATABASE_QUERY_TIMEOUT_MS", () => {
  it("reaches the Neon HTTP request, and the API answers 503 while the database hangs", async () => {
    const env = {
      DATABASE_URL: server.url,
      DATABASE_QUERY_TIMEOUT_MS: "2000",
      API_TOKEN: "vercel-timeout-token",
      LOG_LEVEL: "silent",
    };
    const storage = await neonStorageFromEnv(env, agent);
    const error = await whileHung(() => storage.ping());
    expect((error as StorageError).code).toBe("UNAVAILABLE");
    expect((error as Error).message).toContain("no answer within 2000 ms");
    await shim.abandoned(++abandoned);

    const background: Promise<unknown>[] = [];
    const handler = createVercelHandler({ env, waitUntil: (work) => background.push(work) });
    const send = () =>
      handler(
        new Request("https://eliza-edge.vercel.app/api/messages", {
          method: "POST",
          headers: {
            authorization: `Bearer ${env.API_TOKEN}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({ text: "hello", userId: "ada" }),
        }),
      );
    expect((await send()).status).toBe(200);
    shim.hang(true);
    const response = await send();
    shim.hang(false);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: "storage_unavailable" } });
    expect((await send()).status).toBe(200);
    await Promise.allSettled(background);
  });

  it("defaults to the Node target's DATABASE_QUERY_TIMEOUT_MS default (10000 ms) per request", async () => {
    const deadlines = vi.spyOn(AbortSignal, "timeout");
    try {
      const storage = await neonStorageFromEnv({ DATABASE_URL: server.url }, agent);
      await storage.ping();
      await storage.ping();
      expect(DEFAULT_QUERY_TIMEOUT_MS).toBe(10_000);
      expect(deadlines.mock.calls).toEqual([
        [DEFAULT_QUERY_TIMEOUT_MS],
        [DEFAULT_QUERY_TIMEOUT_MS],
      ]);
    } finally {
      deadlines.mockRestore();
    }
  });

  it("refuses a DATABASE_QUERY_TIMEOUT_MS that is not a positive whole number", () => {
    expect(() =>
      neonStorageFromEnv({ DATABASE_URL: server.url, DATABASE_QUERY_TIMEOUT_MS: "soon" }, agent),
    ).toThrow(/DATABASE_QUERY_TIMEOUT_MS must be a positive integer/);
  });
});
