// drizzle-kit generates adapters/postgres/migrations/ from schema.ts:
// `npm run db:generate:postgres`. The SQL is committed and applied by migrate.ts.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./adapters/postgres/schema.ts",
  out: "./adapters/postgres/migrations",
});
