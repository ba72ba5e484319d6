// plugin-bootstrap and plugin-starter 1.7.2, unchanged from npm, in the Node target as a user
// starts it: startNodeServer with the plugins, embedded PGlite in a data directory, a character
// naming the plugins, the API token set. Every plugin item runs (the matrix) and answers as it
// does on elizaOS's own runtime, a message is answered by elizaOS's loop through bootstrap's
// REPLY action, and plugin-starter's routes answer over HTTP.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IAgentRuntime } from "@elizaos/core";
import { afterAll, beforeAll } from "vitest";
import { type NodeServer, startNodeServer } from "../../targets/node/index.ts";
import { type MessageProbe, probeMessage } from "../support/elizaos-message-probe.ts";
import { type MatrixReport, runPluginMatrix } from "../support/elizaos-plugin-matrix.ts";
import { ELIZA_PLUGINS, ELIZA_PLUGINS_FOR_EDGE } from "../support/elizaos-plugins.ts";
import { EMBEDDING_WIDTH, elizaScriptedModel } from "../support/elizaos-scripted-model.ts";
import { describePluginLeg, type Fetch } from "./expectations.ts";

const API_TOKEN = "elizaos-pglite-token";
const dir = mkdtempSync(join(tmpdir(), "eliza-edge-elizaos-"));
const model = elizaScriptedModel();
let server: NodeServer | undefined;
let report: Promise<MatrixReport> | undefined;
let probe: Promise<MessageProbe> | undefined;

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

const eliza = () => server!.runtime as unknown as IAgentRuntime;
const fetchServer: Fetch = (path, init) => fetch(`${server!.url}${path}`, init);
const probed = () => {
  probe ??= probeMessage(eliza());
  return probe;
};
/** One walk for the file, shared by the tests that read it; it stops the services at its end. */
const matrix = () => {
  report ??= runPluginMatrix(eliza(), ELIZA_PLUGINS);
  return report;
};

describePluginLeg({
  where: "in the Node target on PGlite",
  apiVia: "through the same loop",
  probe: async () => ({
    probe: await probed(),
    templates: model.calls.map((call) => call.template),
  }),
  matrix,
  fetch: (path, init) => fetchServer(path, init),
  token: API_TOKEN,
});
