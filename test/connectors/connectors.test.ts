// The connector scenarios in-process, on the memory adapter, PGlite and D1 (workerd's, through
// Miniflare). The targets' tests run the same scenarios through their real entry points.
import { afterAll, beforeAll } from "vitest";
import { createD1Storage } from "../../adapters/d1/index.ts";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createPgliteStorage, type PostgresStorage } from "../../adapters/postgres/index.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";
import { startHarness } from "./harness.ts";
import { describeConnectorScenarios } from "./scenarios.ts";

describeConnectorScenarios("memory", () =>
  startHarness({ storage: async (now) => createMemoryStorage({ now }) }),
);

let d1: MiniflareD1;
beforeAll(async () => {
  d1 = await startMiniflareD1();
});
afterAll(async () => {
  await d1?.dispose();
});
describeConnectorScenarios("d1 (miniflare)", async () => {
  await d1.reset();
  const harness = await startHarness({ storage: async (now) => createD1Storage(d1.db, { now }) });
  // The database outlives the test; only the storage client is let go.
  return harness;
});

let pglite: PostgresStorage | undefined;
afterAll(async () => {
  await pglite?.close();
});
describeConnectorScenarios("pglite", async () => {
  return startHarness({
    storage: async (now) => {
      // One PGlite for the file (slow to start), emptied before each test.
      pglite ??= await createPgliteStorage({ now: () => currentNow() });
      await pglite.init();
      await pglite.reset();
      clockRef.now = now;
      return keepOpen(pglite);
    },
  });
});

const clockRef = { now: () => Date.now() };
const currentNow = () => clockRef.now();
/** The shared PGlite must survive each harness's close(). */
function keepOpen<T extends { close(): Promise<void> }>(storage: T): T {
  return new Proxy(storage, {
    get(target, key, receiver) {
      if (key === "close") return async () => {};
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
