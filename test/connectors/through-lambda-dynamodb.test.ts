// The connector scenarios through the deployable Lambda handler: createLambdaHandler configured
// by its env (as serverless.yml configures it), DynamoDB storage on a fresh table in DynamoDB
// Local, each request delivered as the API Gateway HTTP API (v2) event it would be, headers
// lower-case and the raw body base64-encoded, so the signature checks see the exact bytes sent.
//
// Background work goes the way it goes on Lambda with LAMBDA_SELF_INVOKE=true: the request
// only records the webhook message (due, unleased) and the handler invokes the function
// asynchronously through @aws-sdk/client-lambda, answered here by a local Invoke API, to run a
// tick that answers it; `settle` waits for every such continuation. Lambda may run it in
// either of two places, and every scenario runs both ways:
// - the same container, warm and idle again;
// - another container, while the request's stays frozen (its storage calls wait from the
//   moment an invocation returns until the next one starts). When the test ends the frozen
//   container wakes, and must not answer a second time.
//
// Time moves through the handler's `now` option (the real clock plus an offset), so the
// scenarios that fire reminders on a later tick (an EventBridge scheduled event) run here too.
// (The file name carries "dynamodb" so the global setup starts DynamoDB Local.)
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDynamoStorage, createTable } from "../../adapters/dynamodb/index.ts";
import characterJson from "../../character.json" with { type: "json" };
import { characterAgentId, parseCharacter, type StorageAdapter } from "../../core/index.ts";
import {
  createLambdaHandler,
  dynamoStorageFromEnv,
  type LambdaEnv,
  type LambdaInvocation,
} from "../../targets/lambda/index.ts";
import { startFakeDiscord } from "../fakes/discord-server.ts";
import { startFakeTelegram } from "../fakes/telegram-server.ts";
import { RFC8032_TEST1 } from "../fixtures/discord/signer.ts";
import { localClient } from "../support/dynamodb-local.ts";
import {
  type LambdaInvokeServer,
  startLambdaInvokeServer,
} from "../support/lambda-invoke-server.ts";
import { type ConnectorDriver, connectorEnv } from "./driver.ts";
import {
  APPLICATION_ID,
  BOT_ID,
  BOT_USERNAME,
  TELEGRAM_SECRET,
  telegramRequest,
  textUpdate,
} from "./requests.ts";
import { describeConnectorScenarios } from "./scenarios.ts";

const endpoint = inject("dynamodbEndpoint");
const FUNCTION = "eliza-edge-connectors-api";
const API_TOKEN = "lambda-connectors-token";
const agentId = characterAgentId(parseCharacter(characterJson));

let invoke: LambdaInvokeServer;
/** The container the Invoke API runs async events on: the current test's handler. */
let container: LambdaInvocation | undefined;
let tables = 0;
let requests = 0;
let scheduledAt = Math.floor(Date.now() / 60_000) * 60_000;

beforeAll(async () => {
  invoke = await startLambdaInvokeServer((_name, payload) => {
    if (!container) throw new Error("no function deployed");
    return container(payload, { awsRequestId: `async-${++requests}` });
  });
});

afterAll(async () => {
  await invoke?.stop();
});

/** A web Request as API Gateway's HTTP API hands it to Lambda (payload format 2.0). */
async function httpApiEvent(request: Request, requestId: string): Promise<Record<string, unknown>> {
  const url = new URL(request.url);
  const bytes = new Uint8Array(await request.arrayBuffer());
  // Header names arrive lower-case; cookies come apart into `cookies`.
  const headers: Record<string, string> = { host: url.host };
  let cookies: string[] | undefined;
  for (const [name, value] of request.headers) {
    if (name === "cookie") cookies = value.split(/;\s*/);
    else headers[name] = value;
  }
  if (bytes.byteLength > 0) headers["content-length"] = String(bytes.byteLength);
  const now = Date.now();
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    requestContext: {
      accountId: "123456789012",
      apiId: "xyz789",
      domainName: url.host,
      domainPrefix: url.host.split(".")[0],
      http: {
        method: request.method,
        path: url.pathname,
        protocol: "HTTP/1.1",
        sourceIp: "203.0.113.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId,
      routeKey: "$default",
      stage: "$default",
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    // API Gateway leaves an empty body out; any other body is passed as base64 of its bytes.
    ...(bytes.byteLength > 0 ? { body: Buffer.from(bytes).toString("base64") } : {}),
    isBase64Encoded: bytes.byteLength > 0,
  };
}

interface HttpApiResult {
  statusCode: number;
  headers?: Record<string, string>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

function toResponse(result: unknown): Response {
  const r = result as HttpApiResult;
  if (typeof r?.statusCode !== "number") {
    throw new Error(`not an HTTP API result: ${JSON.stringify(result)?.slice(0, 300)}`);
  }
  const headers = new Headers(r.headers);
  for (const cookie of r.cookies ?? []) headers.append("set-cookie", cookie);
  const body = r.body ? Buffer.from(r.body, r.isBase64Encoded ? "base64" : "utf8") : null;
  const nullBody = [101, 204, 205, 304].includes(r.statusCode);
  return new Response(nullBody ? null : body, { status: r.statusCode, headers });
}

/**
 * Which container the async self-invoke lands on. "same": the request's own, warm and idle
 * again. "other": a second container, while the request's stays frozen (its storage calls
 * wait) until its next invocation.
 */
type Continuation = "same" | "other";

/** A storage whose calls wait while the container is frozen (between invocations). */
function freezable(
  storage: StorageAdapter,
  container: { thawed: Promise<void> | null },
  onCall?: (method: string) => void,
) {
  return new Proxy(storage, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        onCall?.(String(property));
        while (container.thawed) await container.thawed;
        return value.apply(target, args);
      };
    },
  });
}

interface LambdaDriver extends ConnectorDriver {
  /** The request container's next invocation (a tick): it thaws. */
  wake(): Promise<void>;
}

interface DriverOptions {
  /** Sees every storage call the request container makes. */
  onCall?: (method: string) => void;
}

async function startLambdaDriver(
  continuation: Continuation,
  options: DriverOptions = {},
): Promise<LambdaDriver> {
  const telegram = await startFakeTelegram({
    token: `${BOT_ID}:TEST-token`,
    username: BOT_USERNAME,
  });
  const discord = await startFakeDiscord();
  const table = `connectors-${Date.now()}-${++tables}`;
  await createTable(localClient(endpoint), table);
  // Configured the way serverless.yml configures the function.
  const env = {
    ...connectorEnv(telegram, discord, TELEGRAM_SECRET, RFC8032_TEST1.publicKey, APPLICATION_ID),
    DYNAMODB_TABLE: table,
    DYNAMODB_ENDPOINT: endpoint,
    API_TOKEN,
    LOG_LEVEL: "silent",
    LAMBDA_SELF_INVOKE: "true",
    AWS_LAMBDA_FUNCTION_NAME: FUNCTION,
    LAMBDA_ENDPOINT: invoke.endpoint,
  };
  // The container API Gateway's requests reach. Frozen from the moment an invocation returns
  // until the next one starts, as Lambda freezes it.
  const freeze: { thawed: Promise<void> | null; thaw: () => void } = {
    thawed: null,
    thaw: () => {},
  };
  let offset = 0;
  const now = () => Date.now() + offset;
  const front = createLambdaHandler({
    env,
    now,
    ...(continuation === "other"
      ? {
          storage: async (e: LambdaEnv, c: Parameters<typeof dynamoStorageFromEnv>[1]) =>
            freezable(await dynamoStorageFromEnv(e, c), freeze, options.onCall),
        }
      : {}),
  });
  const invocation: LambdaInvocation = async (event, context) => {
    freeze.thaw();
    freeze.thawed = null;
    try {
      return await front(event, context);
    } finally {
      if (continuation === "other") {
        freeze.thawed = new Promise<void>((resolve) => {
          freeze.thaw = resolve;
        });
      }
    }
  };
  // Where async invokes and scheduled events run.
  container = continuation === "same" ? invocation : createLambdaHandler({ env, now });
  const backend = container;
  const wake = async () => {
    await invocation({ elizaEdge: "tick" }, { awsRequestId: `wake-${++requests}` });
  };
  const storage = createDynamoStorage({ tableName: table, endpoint, agentId });
  /** Continuations already waited for. */
  let settled = invoke.invocations.length;

  return {
    fetch: async (request) => {
      const requestId = `req-${++requests}`;
      const event = await httpApiEvent(request, requestId);
      return toResponse(await invocation(event, { awsRequestId: requestId }));
    },
    // Every async self-invoke the requests queued has run; those may queue no more, but loop
    // in case one did.
    settle: async () => {
      while (settled < invoke.invocations.length) {
        const pending = invoke.invocations.slice(settled);
        settled = invoke.invocations.length;
        for (const call of pending) {
          if (call.functionName !== FUNCTION || call.invocationType !== "Event") {
            throw new Error(`unexpected invocation ${call.invocationType} of ${call.functionName}`);
          }
          const report = (await call.run) as { error?: unknown };
          if (report?.error) throw new Error(`continuation failed: ${JSON.stringify(report)}`);
        }
      }
    },
    advance: (ms: number) => {
      offset += ms;
    },
    // An EventBridge rule's scheduled event, for a new minute each time.
    tick: async () => {
      scheduledAt += 60_000;
      const time = new Date(scheduledAt).toISOString().replace(/\.\d+Z$/, "Z");
      const report = (await backend(
        {
          version: "0",
          id: `tick-${scheduledAt}`,
          "detail-type": "Scheduled Event",
          source: "aws.events",
          account: "123456789012",
          time,
          region: "us-east-1",
          resources: ["arn:aws:events:us-east-1:123456789012:rule/eliza-edge-tick"],
          detail: {},
        },
        { awsRequestId: `tick-${++requests}` },
      )) as { error?: unknown; duplicate?: boolean };
      if (report?.error || report?.duplicate) {
        throw new Error(`tick did not run: ${JSON.stringify(report)}`);
      }
    },
    telegram,
    discord,
    storage,
    agentId,
    wake,
    close: async () => {
      try {
        if (continuation === "other") {
          // The frozen container wakes up at last (its next invocation). Whatever it still
          // held must not answer a second time.
          const sent = [telegram.sent().length, discord.messages().length];
          await wake();
          const after = [telegram.sent().length, discord.messages().length];
          if (after.join() !== sent.join()) {
            throw new Error(
              `the woken container sent more: ${sent} messages before, ${after} after`,
            );
          }
        }
      } finally {
        if (container === backend) container = undefined;
        await Promise.allSettled([telegram.close(), discord.close()]);
        await storage.close();
      }
    },
  };
}

describeConnectorScenarios(
  "lambda (http api v2, dynamodb), self-invoke to the same container",
  () => startLambdaDriver("same"),
);

describe("self-invoke to another container, the request's frozen", () => {
  describeConnectorScenarios(
    "lambda (http api v2, dynamodb), self-invoke to another container",
    () => startLambdaDriver("other"),
  );

  it("runs no part of the turn in the request, so a container that freezes and wakes later answers nothing", async () => {
    const calls: string[] = [];
    const d = await startLambdaDriver("other", { onCall: (method) => void calls.push(method) });
    try {
      // The container's cold start first (its first one writes the agent's own rows in a
      // batch), so what is counted is the webhook request alone.
      expect((await d.fetch(new Request("http://lambda.test/health"))).status).toBe(200);
      calls.length = 0;
      const update = textUpdate("I feel a bit tired today");
      expect((await d.fetch(telegramRequest(update))).status).toBe(200);
      // The request recorded the message and did nothing else with it.
      expect(calls).toContain("createTask");
      expect(calls).not.toContain("batch");
      expect(calls).not.toContain("createMemory");
      await d.settle();
      expect(d.telegram.sent().map((m) => m.reply_parameters?.message_id)).toEqual([
        update.message?.message_id,
      ]);
      await d.wake();
      expect(d.telegram.sent()).toHaveLength(1);
    } finally {
      await d.close().catch(() => {});
    }
  });
});
