// plugin-bootstrap and plugin-starter 1.7.2, unchanged from npm, on an agent built the way a
// Node user builds one: the Node target's storage (embedded PGlite in a directory), createAgent
// with the plugins, the shared app. Every plugin item runs (the matrix), a message is answered
// by elizaOS's loop through bootstrap's REPLY action, and plugin-starter's routes answer.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IAgentRuntime } from "@elizaos/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AgentRuntime,
  characterAgentId,
  createAgent,
  createApp,
  parseCharacter,
  type StorageAdapter,
} from "../../core/index.ts";
import { storageFromEnv } from "../../targets/node/index.ts";
import { probeMessage } from "../support/elizaos-message-probe.ts";
import { runPluginMatrix } from "../support/elizaos-plugin-matrix.ts";
import { ELIZA_PLUGINS, ELIZA_PLUGINS_FOR_EDGE } from "../support/elizaos-plugins.ts";
import { EMBEDDING_WIDTH, elizaScriptedModel } from "../support/elizaos-scripted-model.ts";
import {
  expectAnsweredThroughReply,
  expectApiMessageAnswered,
  expectMatrixAllOk,
  expectMatrixCovers,
  expectStarterRoutes,
  type Fetch,
} from "./expectations.ts";

const API_TOKEN = "elizaos-pglite-token";
const dir = mkdtempSync(join(tmpdir(), "eliza-edge-elizaos-"));
const env = {
  PGLITE_DIR: dir,
  API_TOKEN,
  EMBEDDING_DIMENSION: String(EMBEDDING_WIDTH),
  LOG_LEVEL: "error",
};
let storage: StorageAdapter | undefined;
let runtime: AgentRuntime;
let fetchApp: Fetch;
const model = elizaScriptedModel();

beforeAll(async () => {
  const character = parseCharacter({
    name: "Eliza",
    bio: "An agent that lives at the edge.",
    plugins: ["@elizaos/plugin-bootstrap", "@elizaos/plugin-starter"],
  });
  storage = await storageFromEnv(env, { agentId: characterAgentId(character), command: "test" });
  runtime = await createAgent({
    character,
    storage,
    env,
    plugins: [model.plugin, ...ELIZA_PLUGINS_FOR_EDGE],
  });
  const app = createApp({ getAgent: async () => runtime, env: () => env });
  fetchApp = async (path, init) => app.fetch(new Request(`http://localhost${path}`, init));
});

afterAll(async () => {
  await storage?.close();
  rmSync(dir, { recursive: true, force: true });
});

const eliza = () => runtime as unknown as IAgentRuntime;

describe("published elizaOS plugins on PGlite", () => {
  it("answers a message through runtime.messageService with bootstrap's REPLY action", async () => {
    const probe = await probeMessage(eliza());
    expectAnsweredThroughReply(probe);
    expect(model.calls.map((call) => call.template)).toContain("reply");
  });

  it("answers POST /api/messages through the same loop", async () => {
    await expectApiMessageAnswered(fetchApp, API_TOKEN);
  });

  it("serves plugin-starter's routes behind the API token", async () => {
    await expectStarterRoutes(fetchApp, API_TOKEN);
  });

  // Last: the matrix stops the plugins' services at its end.
  it("runs every action, provider, evaluator and service of both plugins", async () => {
    const report = await runPluginMatrix(eliza(), ELIZA_PLUGINS);
    expectMatrixCovers(report);
    expectMatrixAllOk(report);
  });
});
