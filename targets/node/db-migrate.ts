// `npm run db:migrate`: the Postgres/PGlite half of `eliza-edge migrate` (migrate.ts), with the
// same checks and the same one-line failure; DYNAMODB_TABLE plays no part here.
import { failureLine } from "./failure-line.ts";
import { migratePostgresFromEnv } from "./migrate.ts";

try {
  console.log(await migratePostgresFromEnv(process.env));
} catch (error) {
  console.error(failureLine("db:migrate failed", error, process.env));
  process.exitCode = 1;
}
