// The storage conformance suite: written once, run by every backend's test file with its own
// setup. Fresh storage per test:
//   describeStorageConformance("d1", { create: ({ now }) => createD1Storage({ db, now }) });
// Slow to create (PGlite): one storage, emptied before each test, plus racing clients:
//   describeStorageConformance("pglite", {
//     create: ({ now }) => ..., reset: (s) => truncateAll(s),
//     capabilities: { concurrentClients: (s, n, { now }) => ..., maxRowBytes: 1_000_000 },
//   });
// Every test starts with the fake clock at FakeClock.START and the width pinned to DIMENSION.
import { afterAll, afterEach, beforeAll, beforeEach, describe } from "vitest";
import type { StorageAdapter } from "../../core/kernel/storage/contract.ts";
import { describeAgentScopeCases } from "./agent-scope-cases.ts";
import { describeAgentAndEntityCases } from "./agents-entities-cases.ts";
import { describeBatchCases } from "./batch-cases.ts";
import { describeCacheAndLogCases } from "./cache-logs-cases.ts";
import { describeClaimCases } from "./claims-cases.ts";
import {
  type ConformanceContext,
  type ConformanceSetup,
  DIMENSION,
  FakeClock,
} from "./fixtures.ts";
import { describeHostileInputCases } from "./hostile-input-cases.ts";
import { describeMemoryCases } from "./memories-cases.ts";
import { describeRoomCases } from "./rooms-cases.ts";
import { describeSearchCases } from "./search-cases.ts";
import { describeSweepAndPingCases } from "./sweep-ping-cases.ts";
import { describeTaskReleaseCases } from "./task-release-cases.ts";
import { describeTaskCases } from "./tasks-cases.ts";

export type { ConformanceSetup, ConformanceStorageOptions } from "./fixtures.ts";

export function describeStorageConformance(name: string, setup: ConformanceSetup): void {
  describe(`storage conformance: ${name}`, () => {
    const clock = new FakeClock();
    let current: StorageAdapter | undefined;
    const racerClients: StorageAdapter[] = [];

    const tearDown = async (storage: StorageAdapter) => {
      if (setup.destroy) await setup.destroy(storage);
      else await storage.close();
    };

    // With reset: one storage for the whole suite, emptied before each test. Without: a
    // fresh storage per test.
    beforeAll(async () => {
      if (!setup.reset) return;
      current = await setup.create({ now: clock.now });
      await current.init();
    });
    beforeEach(async () => {
      clock.reset();
      if (setup.reset) {
        await setup.reset(current!);
      } else {
        current = await setup.create({ now: clock.now });
        await current.init();
      }
      await current!.ensureEmbeddingDimension(DIMENSION);
    });
    afterEach(async () => {
      const clients = racerClients.splice(0);
      await Promise.all(clients.map((client) => client.close()));
      if (!setup.reset && current) {
        await tearDown(current);
        current = undefined;
      }
    });
    afterAll(async () => {
      if (current) await tearDown(current);
      current = undefined;
    });

    const context: ConformanceContext = {
      clock,
      setup,
      storage() {
        if (!current) throw new Error("conformance: no storage; did create() fail?");
        return current;
      },
      async racers(count) {
        const storage = context.storage();
        const make = setup.capabilities?.concurrentClients;
        if (!make) return new Array<StorageAdapter>(count).fill(storage);
        const clients = await make(storage, count, { now: clock.now });
        racerClients.push(...clients);
        return clients;
      },
      async agentClient(agentId) {
        const make = setup.capabilities?.agentClient;
        if (!make) return undefined;
        const client = await make(context.storage(), agentId, { now: clock.now });
        racerClients.push(client);
        return client;
      },
    };

    describeAgentAndEntityCases(context);
    describeMemoryCases(context);
    describeSearchCases(context);
    describeRoomCases(context);
    describeCacheAndLogCases(context);
    describeTaskCases(context);
    describeClaimCases(context);
    describeTaskReleaseCases(context);
    describeBatchCases(context);
    describeHostileInputCases(context);
    describeAgentScopeCases(context);
    describeSweepAndPingCases(context);
  });
}
