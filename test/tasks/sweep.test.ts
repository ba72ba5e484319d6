// Ticks sweep expired dedupe claims and cache entries (issue: after 300 Telegram updates and
// 25 h, 300 expired claims stayed in Postgres for ever). On PGlite, the Node default.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPgliteStorage, type PostgresStorage } from "../../adapters/postgres/index.ts";
import type { AgentRuntime } from "../../core/agent/agent-runtime.ts";
import { createAgent, parseCharacter, runDueTasks } from "../../core/index.ts";

const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2030, 0, 1);
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

let storage: PostgresStorage;
let runtime: AgentRuntime;

async function rows(table: "claims" | "cache"): Promise<number> {
  const result = await storage.driver.db.execute(`select count(*)::int as n from ${table}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

beforeAll(async () => {
  storage = await createPgliteStorage({ now: () => T0 });
  await storage.init();
  runtime = await createAgent({
    character: parseCharacter({ name: "Sweeper" }),
    storage,
    logger: quiet,
  });
});

afterAll(async () => {
  await storage?.close();
});

beforeEach(async () => {
  await storage.reset();
});

/** What the Telegram webhook leaves behind: one day-long claim per update. */
async function telegramUpdates(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    expect(await storage.claimOnce(`inbox:${runtime.agentId}:telegram:${i}`, 24 * HOUR, T0)).toBe(
      true,
    );
  }
}

describe("tick sweep", () => {
  it("deletes the claims of 300 updates once they expired, and reports the count", async () => {
    const before = await rows("claims");
    await telegramUpdates(300);
    await storage.setCache("idempotency:old", { done: true }, { ttlMs: 24 * HOUR });
    await storage.setCache("kept", 1);

    // A day later nothing has expired yet: the tick deletes nothing.
    const early = await runDueTasks(runtime, { now: T0 + 23 * HOUR });
    expect(early.swept).toBe(0);
    expect(await rows("claims")).toBe(before + 300);

    const report = await runDueTasks(runtime, { now: T0 + 25 * HOUR });
    expect(report.swept).toBe(301);
    expect(await rows("claims")).toBe(before);
    expect(await rows("cache")).toBe(1);
    // Dedupe still works for new updates after the sweep.
    expect(await storage.claimOnce("inbox:x:telegram:1", HOUR, T0 + 25 * HOUR)).toBe(true);
    expect(await storage.claimOnce("inbox:x:telegram:1", HOUR, T0 + 25 * HOUR)).toBe(false);
  });

  it("spreads a large backlog over several ticks, sweepLimit at a time", async () => {
    await telegramUpdates(250);
    const now = T0 + 25 * HOUR;
    const swept: number[] = [];
    for (let tick = 0; tick < 4; tick++) {
      swept.push((await runDueTasks(runtime, { now, sweepLimit: 100 })).swept);
    }
    expect(swept).toEqual([100, 100, 50, 0]);
    expect(await rows("claims")).toBe(0);
  });

  it("does not sweep with sweepLimit 0, nor on a duplicate occurrence", async () => {
    await telegramUpdates(3);
    const now = T0 + 25 * HOUR;
    expect((await runDueTasks(runtime, { now, sweepLimit: 0 })).swept).toBe(0);
    expect(await rows("claims")).toBe(3);
    await runDueTasks(runtime, { now, occurrence: "cron:1", sweepLimit: 0 });
    const duplicate = await runDueTasks(runtime, { now, occurrence: "cron:1" });
    expect(duplicate).toMatchObject({ duplicate: true, swept: 0 });
    expect(await rows("claims")).toBe(4);
  });

  it("finishes the tick when the sweep fails, with a log line", async () => {
    const warnings: string[] = [];
    const failing = await createAgent({
      character: parseCharacter({ name: "Sweeper" }),
      storage: Object.assign(Object.create(storage) as PostgresStorage, {
        sweepExpired: () => Promise.reject(new Error("sweep refused")),
      }),
      logger: { ...quiet, warn: (message: string) => void warnings.push(message) },
    });
    const report = await runDueTasks(failing, { now: T0 + 25 * HOUR });
    expect(report).toMatchObject({ ran: 0, swept: 0 });
    expect(warnings).toEqual([expect.stringContaining("sweep refused")]);
  });
});
