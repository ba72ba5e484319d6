// Applies adapters/postgres/migrations to DATABASE_URL, or to the PGlite directory PGLITE_DIR
// when DATABASE_URL is unset: `npm run db:migrate`. A neon.tech URL goes over Neon's HTTP
// endpoint (no socket needed); any other URL over plain `pg`.
import type { PostgresStorage } from "../storage.ts";

const url = process.env.DATABASE_URL;
let storage: PostgresStorage;
if (url && /\.neon\.tech(:\d+)?\//.test(url)) {
  const { createNeonHttpStorage } = await import("../neon-http.ts");
  storage = createNeonHttpStorage({ connectionString: url, migrate: false });
} else if (url) {
  const { createNodePostgresStorage } = await import("../node-postgres.ts");
  storage = createNodePostgresStorage({ connectionString: url, migrate: false });
} else {
  const { createPgliteStorage } = await import("../pglite.ts");
  storage = await createPgliteStorage({
    dataDir: process.env.PGLITE_DIR ?? "./.eliza-edge/db",
    migrate: false,
  });
}

try {
  const { migrateDriver } = await import("../migrate.ts");
  const applied = await migrateDriver(storage.driver);
  console.log(
    applied.length
      ? `applied ${applied.join(", ")} (${storage.kind})`
      : `schema up to date (${storage.kind})`,
  );
} finally {
  await storage.close();
}
