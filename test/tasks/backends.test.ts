// The scheduler's guarantees on every backend that runs here in-process or in workerd.
import { afterAll, beforeAll } from "vitest";
import { createD1Storage, D1Storage } from "../../adapters/d1/index.ts";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createPgliteStorage, type PostgresStorage } from "../../adapters/postgres/index.ts";
import type { ConformanceSetup } from "../storage/fixtures.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";
import { describeElizaTaskSemantics } from "./elizaos-semantics.ts";
import { describeTaskGuarantees } from "./guarantees.ts";

const memory = { create: async ({ now }: { now: () => number }) => createMemoryStorage({ now }) };
describeTaskGuarantees("memory", memory);
describeElizaTaskSemantics("memory", memory);

const pglite: ConformanceSetup = {
  create: ({ now }) => createPgliteStorage({ now }),
  reset: (storage) => (storage as PostgresStorage).reset(),
};
describeTaskGuarantees("pglite", pglite);
describeElizaTaskSemantics("pglite", pglite);

let d1: MiniflareD1;
beforeAll(async () => {
  d1 = await startMiniflareD1();
});
afterAll(async () => {
  await d1?.dispose();
});

const d1Setup: ConformanceSetup = {
  create: async (options) => createD1Storage(d1.db, options),
  reset: () => d1.reset(),
  capabilities: {
    concurrentClients: async (_storage, count, options) =>
      Array.from({ length: count }, () => new D1Storage(d1.db, options)),
  },
};
describeTaskGuarantees("d1 (miniflare)", d1Setup);
describeElizaTaskSemantics("d1 (miniflare)", d1Setup);
