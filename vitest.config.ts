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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: {
      deps: { inline: [/@elizaos\/plugin-/] },
    },
  },
});
