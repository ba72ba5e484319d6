// Neon over HTTP (`neon()`): one fetch per query, no connection to keep, so it suits Workers,
// Vercel and Lambda. Atomic units are non-interactive transactions (drizzle's db.batch, sent
// as one request).
import { neon } from "@neondatabase/serverless";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/neon-http";
import type { Db, PostgresDriver } from "./driver.ts";
import { PostgresStorage, type PostgresStorageOptions } from "./storage.ts";

export interface NeonHttpStorageOptions extends PostgresStorageOptions {
  connectionString: string;
}

export function neonHttpDriver(connectionString: string): PostgresDriver {
  const database = drizzle({ client: neon(connectionString) });
  const db = database as unknown as Db;
  return {
    kind: "neon-http",
    db,
    atomic: (statements) => {
      const items = statements.map((statement) => statement(db)) as [
        BatchItem<"pg">,
        ...BatchItem<"pg">[],
      ];
      return database.batch(items) as Promise<unknown[]>;
    },
    // Stateless: nothing to close.
    close: async () => {},
  };
}

export function createNeonHttpStorage(options: NeonHttpStorageOptions): PostgresStorage {
  return new PostgresStorage(neonHttpDriver(options.connectionString), options);
}
