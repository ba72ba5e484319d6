// `npm run test:quick`'s vitest run: only the test files that stay inside the test process
// (test/support/quick-suite.ts decides, from what each file imports). No DynamoDB Local, no
// workerd, no PGlite, no packing, no browser, no child processes; `npm test` runs them all.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { quickTestFiles } from "./test/support/quick-suite.ts";
import base from "./vitest.config.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

// Replaced rather than merged: mergeConfig would append to `include`, and the DynamoDB Local
// global setup is left out, not just idle.
export default defineConfig({
  ...base,
  test: { ...base.test, include: quickTestFiles(root), globalSetup: [] },
});
