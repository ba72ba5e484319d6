import { loadDriver } from "../../../shared/drivers.ts";
import { migratePostgresFromEnv } from "../../migrate.ts";
import { COMMON_HELP, type Command } from "../command.ts";
import { EXIT_OK } from "../errors.ts";
import { runScript } from "../settings.ts";

export const migrate: Command = {
  name: "migrate",
  summary: "create or update the database schema",
  usage: "eliza-edge migrate",
  help: `Brings the configured storage's schema up to date; safe to run again.
  DYNAMODB_TABLE set   creates the table, its indexes and TTL (DYNAMODB_ENDPOINT, AWS_REGION)
  DATABASE_URL set     applies the Postgres migrations (a neon.tech URL goes over Neon's HTTP API)
  otherwise            applies them to embedded PGlite in PGLITE_DIR (.eliza-edge/db);
                       refused while \`start\` has that directory open (it migrated at startup)
D1 is migrated by wrangler: npx wrangler d1 migrations apply <database> --remote

${COMMON_HELP}`,
  options: {},
  async run() {
    const env = process.env;
    if (!env.DYNAMODB_TABLE) {
      // The same path as `npm run db:migrate`: DATABASE_URL checked, PGlite directory locked.
      console.log(await migratePostgresFromEnv(env));
      return EXIT_OK;
    }
    await runScript(
      "dynamodb:create-table",
      () =>
        loadDriver("dynamodb", () => import("../../../../adapters/dynamodb/cli/create-table.ts")),
      [],
    );
    return typeof process.exitCode === "number" ? process.exitCode : EXIT_OK;
  },
};
