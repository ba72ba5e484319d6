// The Lambda handler with the agent defined in code, called with API Gateway HTTP API (v2) and
// REST API (v1) events and an EventBridge schedule, each typed with @types/aws-lambda as CDK,
// SAM or Serverless code types them, without a cast.
import type {
  ALBHandler,
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyHandler,
  APIGatewayProxyHandlerV2,
  APIGatewayProxyResultV2,
  Handler,
  ScheduledEvent,
  ScheduledHandler,
  SQSHandler,
} from "aws-lambda";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { CharacterError } from "../../core/index.ts";
import { createLambdaHandler, type LambdaHandler } from "../../targets/lambda/index.ts";
import {
  ADA,
  ADA_REPLY,
  BAD_CHARACTER,
  BAD_CHARACTER_ERROR,
  notesPlugin,
  promptModel,
} from "../support/code-agent.ts";

const API_TOKEN = "lambda-code-token";
const body = JSON.stringify({ text: "What are you working on?", userId: "charles" });
const headers = {
  authorization: `Bearer ${API_TOKEN}`,
  "content-type": "application/json",
  host: "api.example",
};

/** An HTTP API (payload 2.0) event, as API Gateway or a Function URL sends it. */
function httpApiEvent(path: string, method: string): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: path,
    rawQueryString: "",
    headers,
    requestContext: {
      accountId: "123456789012",
      apiId: "api",
      domainName: "api.example",
      domainPrefix: "api",
      http: { method, path, protocol: "HTTP/1.1", sourceIp: "203.0.113.1", userAgent: "test" },
      requestId: "v2-request",
      routeKey: "$default",
      stage: "$default",
      time: "01/Jan/2031:00:00:00 +0000",
      timeEpoch: 1924992000000,
    },
    body: method === "POST" ? body : undefined,
    isBase64Encoded: false,
  };
}

/** A REST API (payload 1.0) proxy event. */
function restApiEvent(path: string, method: string): APIGatewayProxyEvent {
  return {
    resource: "/{proxy+}",
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { proxy: path.slice(1) },
    stageVariables: null,
    body: method === "POST" ? body : null,
    isBase64Encoded: false,
    requestContext: {
      accountId: "123456789012",
      apiId: "api",
      authorizer: undefined,
      protocol: "HTTP/1.1",
      httpMethod: method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: "203.0.113.1",
        user: null,
        userAgent: "test",
        userArn: null,
      },
      path: `/prod${path}`,
      stage: "prod",
      requestId: "v1-request",
      requestTimeEpoch: 1924992000000,
      resourceId: "abc123",
      resourcePath: "/{proxy+}",
    },
  };
}

const schedule: ScheduledEvent = {
  version: "0",
  id: "rule-tick",
  "detail-type": "Scheduled Event",
  source: "aws.events",
  account: "123456789012",
  time: "2031-01-01T00:00:00Z",
  region: "us-east-1",
  resources: ["arn:aws:events:us-east-1:123456789012:rule/tick"],
  detail: {},
};

function adaHandler(): LambdaHandler {
  return createLambdaHandler({
    env: { API_TOKEN, LOG_LEVEL: "silent" },
    selfInvoke: null,
    character: ADA,
    plugins: [notesPlugin],
    models: [promptModel()],
    storage: createMemoryStorage(),
  });
}

const replies = (text: string | undefined) =>
  (JSON.parse(text ?? "{}") as { replies: { text: string }[] }).replies.map((r) => r.text);

describe("createLambdaHandler with the agent defined in code", () => {
  it("answers an HTTP API (v2) event as the code's character", async () => {
    const handler = adaHandler();
    const health = await handler(httpApiEvent("/health", "GET"));
    expect(JSON.parse(health.body ?? "{}")).toMatchObject({ name: "Ada", storage: "memory" });
    const result = await handler(httpApiEvent("/api/messages", "POST"));
    expect(result.statusCode).toBe(200);
    expect(replies(result.body)).toEqual([ADA_REPLY]);
  });

  it("answers a REST API (v1) event as the code's character", async () => {
    const result = await adaHandler()(restApiEvent("/api/messages", "POST"));
    expect(result.statusCode).toBe(200);
    expect(replies(result.body)).toEqual([ADA_REPLY]);
  });

  it("still runs its own ticks: an EventBridge schedule and the tick event", async () => {
    const handler = adaHandler();
    expect(await handler(schedule)).toMatchObject({ ran: 0, failed: 0 });
    expect(await handler({ elizaEdge: "tick" })).toMatchObject({ ran: 0, failed: 0 });
  });

  it("takes the character from the env when the code gives none", async () => {
    const handler = createLambdaHandler({
      env: { API_TOKEN, LOG_LEVEL: "silent", CHARACTER_JSON: '{"name":"Grace"}' },
      selfInvoke: null,
      models: [promptModel()],
      storage: createMemoryStorage(),
    });
    const result = await handler(httpApiEvent("/api/messages", "POST"));
    expect(replies(result.body)).toEqual(["Grace here. No notes."]);
  });

  it("fails at creation with the field-naming error for an invalid character", () => {
    const create = () => createLambdaHandler({ env: {}, character: BAD_CHARACTER });
    expect(create).toThrow(CharacterError);
    expect(create).toThrow(BAD_CHARACTER_ERROR);
  });

  it("is the handler type CDK, SAM and Serverless code declares, without a cast", () => {
    const handler = createLambdaHandler({ env: {}, selfInvoke: null });
    const httpApi: Handler<APIGatewayProxyEventV2, APIGatewayProxyResultV2> = handler;
    const httpApiShort: APIGatewayProxyHandlerV2 = handler;
    const restApi: APIGatewayProxyHandler = handler;
    const alb: ALBHandler = handler;
    const scheduled: ScheduledHandler = handler;
    expect([httpApi, httpApiShort, restApi, alb, scheduled]).toHaveLength(5);
    expectTypeOf(handler).toExtend<Handler<APIGatewayProxyEventV2, APIGatewayProxyResultV2>>();
    // An SQS consumer it is not: the types say so instead of failing at run time.
    expectTypeOf(handler).not.toExtend<SQSHandler>();
  });
});
