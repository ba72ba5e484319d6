import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { upstreamElizaTests } from "./test/elizaos/upstream/upstream-plugin.ts";

// Published elizaOS plugins import `@elizaos/core`; tests run them unchanged against
// eliza-edge's compat entry, the way a user's bundler alias does. The alias only reaches a
// dependency's imports when vite transforms it, so the plugins' dist is inlined.
const elizaCompat = fileURLToPath(new URL("./core/elizaos/index.ts", import.meta.url));

export default defineConfig({
  plugins: [upstreamElizaTests()],
  resolve: {
    alias: [{ find: /^@elizaos\/core$/, replacement: elizaCompat }],
  },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/dynamodb-global-setup.ts"],
    // Limits for a hung test, not a speed requirement: a busy machine (2 cores shared by
    // several runs) takes many times longer than an idle one to start workerd, PGlite or
    // DynamoDB Local, so the margins are wide. No test asserts how long anything took.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    server: {
      deps: { inline: [/@elizaos\/plugin-/] },
    },
  },
});
