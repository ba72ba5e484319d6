// plugin-bootstrap and plugin-starter 1.7.2, unchanged from npm, in the Lambda target over
// DynamoDB Local: the same matrix, parity, message loop and routes as the PGlite and D1 legs,
// on the third storage backend. (The file name carries "dynamodb" so the global setup starts
// DynamoDB Local for it.)
import { afterAll, beforeAll, inject } from "vitest";
import { createTable } from "../../adapters/dynamodb/index.ts";
import type { AgentRuntime } from "../../core/index.ts";
import { createLambdaAgent, createLambdaHandler } from "../../targets/lambda/index.ts";
import { localClient } from "../support/dynamodb-local.ts";
import { ELIZA_PLUGINS_FOR_EDGE } from "../support/elizaos-plugins.ts";
import { EMBEDDING_WIDTH, elizaScriptedModel } from "../support/elizaos-scripted-model.ts";
import { lambdaFetch } from "../support/lambda-fetch.ts";
import { describeInProcessLeg } from "./expectations.ts";

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

beforeAll(async () => {
  await createTable(localClient(endpoint), env.DYNAMODB_TABLE);
  agent = await createLambdaAgent(env, { plugins });
});

afterAll(async () => {
  await agent?.storage.close();
});

describeInProcessLeg({
  where: "in the Lambda target on DynamoDB",
  apiVia: "through the Lambda handler",
  runtime: () => agent,
  modelCalls: () => model.calls,
  fetch: (path, init) => fetchLambda(path, init),
  token: API_TOKEN,
});
