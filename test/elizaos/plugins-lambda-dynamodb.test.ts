// plugin-bootstrap and plugin-starter 1.7.2, unchanged from npm, in the Lambda target over
// DynamoDB Local: the same matrix, parity, message loop and routes as the PGlite and D1 legs,
// on the third storage backend. (The file name carries "dynamodb" so the global setup starts
// DynamoDB Local for it.)
import type { IAgentRuntime } from "@elizaos/core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTable } from "../../adapters/dynamodb/index.ts";
import type { AgentRuntime } from "../../core/index.ts";
import { createLambdaAgent, createLambdaHandler } from "../../targets/lambda/index.ts";
import { localClient } from "../support/dynamodb-local.ts";
import { type MessageProbe, probeMessage } from "../support/elizaos-message-probe.ts";
import { type MatrixReport, runPluginMatrix } from "../support/elizaos-plugin-matrix.ts";
import { ELIZA_PLUGINS, ELIZA_PLUGINS_FOR_EDGE } from "../support/elizaos-plugins.ts";
import { EMBEDDING_WIDTH, elizaScriptedModel } from "../support/elizaos-scripted-model.ts";
import { lambdaFetch } from "../support/lambda-fetch.ts";
import {
  expectAnsweredThroughReply,
  expectApiMessageAnswered,
  expectElizaosParity,
  expectMatrixAllOk,
  expectMatrixCovers,
  expectReplyStoredOnce,
  expectStarterRoutes,
} from "./expectations.ts";

const endpoint = inject("dynamodbEndpoint");
const API_TOKEN = "elizaos-lambda-token";
const env = {
  DYNAMODB_TABLE: `elizaos-plugins-${Date.now()}`,
  DYNAMODB_ENDPOINT: endpoint,
  API_TOKEN,
  EMBEDDING_DIMENSION: String(EMBEDDING_WIDTH),
  LOG_LEVEL: "error",
};
const model = elizaScriptedModel();
const plugins = [model.plugin, ...ELIZA_PLUGINS_FOR_EDGE];
const fetchLambda = lambdaFetch(createLambdaHandler({ env, plugins, selfInvoke: null }));
let agent: AgentRuntime | undefined;
let probe: Promise<MessageProbe> | undefined;
let report: Promise<MatrixReport> | undefined;

beforeAll(async () => {
  await createTable(localClient(endpoint), env.DYNAMODB_TABLE);
  agent = await createLambdaAgent(env, { plugins });
});

afterAll(async () => {
  await agent?.storage.close();
});

const eliza = () => agent as unknown as IAgentRuntime;
const probed = () => {
  probe ??= probeMessage(eliza());
  return probe;
};
const matrix = () => {
  report ??= runPluginMatrix(eliza(), ELIZA_PLUGINS);
  return report;
};

describe("published elizaOS plugins in the Lambda target on DynamoDB", () => {
  it("answers a message through runtime.messageService with bootstrap's REPLY action and evaluator", async () => {
    expectAnsweredThroughReply(await probed());
    // bootstrap's REPLY action and reflection evaluator each asked the model with their prompt.
    expect(model.calls.map((call) => call.template)).toEqual(
      expect.arrayContaining(["messageHandler", "reply", "reflection"]),
    );
  });

  it("stores the reply once when the connector's callback stores it, as in elizaOS", async () => {
    expectReplyStoredOnce(await probed());
  });

  it("answers POST /api/messages through the Lambda handler", async () => {
    await expectApiMessageAnswered(fetchLambda, API_TOKEN);
  });

  it("serves plugin-starter's routes behind the API token", async () => {
    await expectStarterRoutes(fetchLambda, API_TOKEN);
  });

  // After the HTTP tests: the walk stops the plugins' services at its end.
  it("runs every action, provider, evaluator, event handler and service of both plugins", async () => {
    const walked = await matrix();
    expectMatrixCovers(walked);
    expectMatrixAllOk(walked);
  });

  it("answers in the seeded scene as elizaOS 1.7.2's own runtime does", async () => {
    expectElizaosParity(await matrix());
  });
});
