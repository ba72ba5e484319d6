// plugin-bootstrap and plugin-starter 1.7.2, unchanged from npm, in the Node target as a user
// starts it: startNodeServer with the plugins, embedded PGlite in a data directory, a character
// naming the plugins, the API token set. Every plugin item runs (the matrix) and answers as it
// does on elizaOS's own runtime, a message is answered by elizaOS's loop through bootstrap's
// REPLY action, and plugin-starter's routes answer over HTTP.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type NodeServer, startNodeServer } from "../../targets/node/index.ts";
import { ELIZA_PLUGINS_FOR_EDGE } from "../support/elizaos-plugins.ts";
import { EMBEDDING_WIDTH, elizaScriptedModel } from "../support/elizaos-scripted-model.ts";
import { describeInProcessLeg } from "./expectations.ts";

const API_TOKEN = "elizaos-pglite-token";
const dir = mkdtempSync(join(tmpdir(), "eliza-edge-elizaos-"));
const model = elizaScriptedModel();
let server: NodeServer | undefined;

beforeAll(async () => {
  server = await startNodeServer({
    port: 0,
    env: {
      PGLITE_DIR: join(dir, "db"),
      API_TOKEN,
      EMBEDDING_DIMENSION: String(EMBEDDING_WIDTH),
      TASK_INTERVAL_MS: "0",
      LOG_LEVEL: "error",
      CHARACTER_JSON: JSON.stringify({
        name: "Eliza",
        bio: "An agent that lives at the edge.",
        plugins: ["@elizaos/plugin-bootstrap", "@elizaos/plugin-starter"],
      }),
    },
    plugins: [model.plugin, ...ELIZA_PLUGINS_FOR_EDGE],
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describeInProcessLeg({
  where: "in the Node target on PGlite",
  apiVia: "through the same loop",
  runtime: () => server!.runtime,
  modelCalls: () => model.calls,
  fetch: (path, init) => fetch(`${server!.url}${path}`, init),
  token: API_TOKEN,
});
