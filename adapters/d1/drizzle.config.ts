// drizzle-kit config for the D1 schema: `npm run db:generate:d1` writes numbered .sql files
// into migrations/, the layout `wrangler d1 migrations apply` reads (it ignores meta/).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./adapters/d1/schema.ts",
  out: "./adapters/d1/migrations",
});
