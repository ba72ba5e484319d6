// plugin-bootstrap and plugin-starter 1.7.2, unchanged from npm, in the Vercel target on
// Postgres through the real Neon HTTP driver (a local /sql shim in front of PGlite), migrated
// beforehand as `npm run db:migrate` does at deploy time: the same matrix, parity, message
// loop and routes as the other legs.
import { afterAll, beforeAll } from "vitest";
import { createNeonHttpStorage } from "../../adapters/postgres/neon-http.ts";
import { type AgentRuntime, characterAgentId, parseCharacter } from "../../core/index.ts";
import { createVercelAgent, createVercelHandler } from "../../targets/vercel/index.ts";
import { ELIZA_PLUGINS_FOR_EDGE } from "../support/elizaos-plugins.ts";
import { EMBEDDING_WIDTH, elizaScriptedModel } from "../support/elizaos-scripted-model.ts";
import {
  type NeonHttpShim,
  startNeonHttpShim,
  useLocalNeonHttp,
} from "../support/neon-http-shim.ts";
import { type PgliteServer, startPgliteServer } from "../support/pglite-server.ts";
import { describeInProcessLeg, type Fetch } from "./expectations.ts";

const API_TOKEN = "elizaos-vercel-token";
const CHARACTER = { name: "Eliza", bio: "An agent that lives at the edge." };
const model = elizaScriptedModel();
const plugins = [model.plugin, ...ELIZA_PLUGINS_FOR_EDGE];
const background: Promise<unknown>[] = [];
let server: PgliteServer | undefined;
let shim: NeonHttpShim | undefined;
let agent: AgentRuntime | undefined;
let fetchVercel: Fetch;

beforeAll(async () => {
  server = await startPgliteServer();
  shim = await startNeonHttpShim();
  useLocalNeonHttp(shim);
  const agentId = characterAgentId(parseCharacter(CHARACTER));
  // `npm run db:migrate` before the deploy: the function itself never migrates.
  const migrate = createNeonHttpStorage({ connectionString: server.url, agentId });
  await migrate.init();
  const env = {
    DATABASE_URL: server.url,
    API_TOKEN,
    CHARACTER_JSON: JSON.stringify(CHARACTER),
    EMBEDDING_DIMENSION: String(EMBEDDING_WIDTH),
    LOG_LEVEL: "error",
  };
  const handler = createVercelHandler({ env, plugins, waitUntil: (work) => background.push(work) });
  fetchVercel = (path, init) => handler(new Request(`https://eliza-edge.vercel.app${path}`, init));
  agent = await createVercelAgent(env, { plugins });
});

afterAll(async () => {
  await Promise.allSettled(background);
  await shim?.stop();
  await server?.stop();
});

describeInProcessLeg({
  where: "in the Vercel target on Neon over HTTP",
  apiVia: "through the Vercel function",
  runtime: () => agent,
  modelCalls: () => model.calls,
  fetch: (path, init) => fetchVercel(path, init),
  token: API_TOKEN,
});
