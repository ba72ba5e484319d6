// The Postgres adapter on PGlite in a worker thread (the Node server's storage): the
// conformance suite, as for PGlite in-process (postgres-pglite.test.ts).

import { PostgresStorage } from "../../adapters/postgres/index.ts";
import { createPgliteWorkerStorage } from "../../adapters/postgres/pglite-worker-driver.ts";
import { describeStorageConformance } from "../storage/conformance.ts";

describeStorageConformance("postgres (pglite in a worker thread)", {
  create: ({ now }) => createPgliteWorkerStorage({ now }),
  reset: (storage) => (storage as PostgresStorage).reset(),
  capabilities: {
    // A second adapter over the same worker; closing it leaves the database open.
    agentClient: async (storage, agentId, { now }) =>
      new PostgresStorage(
        { ...(storage as PostgresStorage).driver, close: async () => {} },
        { now, agentId, migrate: false },
      ),
  },
});
