// The Lambda handler (targets/lambda) against DynamoDB Local: API Gateway REST (v1) and HTTP
// API (v2) events as API Gateway sends them, EventBridge scheduled events, and the async
// self-invoke that finishes a webhook's background work, through a local Lambda Invoke API.
// (The file name carries "dynamodb" so the global setup starts DynamoDB Local for it.)
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  createDynamoStorage,
  createTable,
  tableDefinition,
} from "../../adapters/dynamodb/index.ts";
import characterJson from "../../character.json" with { type: "json" };
import {
  type AppEnv,
  characterAgentId,
  parseCharacter,
  REMINDER_TASK,
  type StorageAdapter,
  type TickReport,
  type UUID,
} from "../../core/index.ts";
import { writeLambdaBundle } from "../../targets/lambda/build.ts";
import { createLambdaHandler, dynamoStorageFromEnv } from "../../targets/lambda/index.ts";
import { localClient } from "../support/dynamodb-local.ts";
import {
  type HttpResult,
  json,
  scheduledEvent,
  v1Event,
  v2Event,
} from "../support/lambda-events.ts";
import {
  type LambdaInvokeServer,
  startLambdaInvokeServer,
} from "../support/lambda-invoke-server.ts";

const endpoint = inject("dynamodbEndpoint");
const table = `lambda-target-${Date.now()}`;
const API_TOKEN = "lambda-test-token";
const agentId = characterAgentId(parseCharacter(characterJson));
const baseEnv = {
  DYNAMODB_TABLE: table,
  DYNAMODB_ENDPOINT: endpoint,
  API_TOKEN,
  LOG_LEVEL: "silent",
};

// A route that shows what the app received: the exact body bytes, cookies, repeated headers.
const echo = new Hono<AppEnv>().post("/", async (c) => {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  return c.json({
    bodyHex: Buffer.from(bytes).toString("hex"),
    cookie: c.req.header("cookie") ?? null,
    forwardedFor: c.req.header("x-forwarded-for") ?? null,
    query: c.req.queries(),
  });
});
const echoConnectors = { connectors: [{ name: "echo", routes: echo }], plugins: [] };

let storage: StorageAdapter;

beforeAll(async () => {
  await createTable(localClient(endpoint), table);
  storage = createDynamoStorage({ tableName: table, endpoint, agentId });
});

afterAll(async () => {
  await storage?.close();
});

describe("HTTP events", () => {
  const handler = createLambdaHandler({
    env: baseEnv,
    connectors: echoConnectors,
    selfInvoke: null,
  });

  it("answers /health from DynamoDB for v1 and v2 events", async () => {
    for (const event of [
      v1Event({ method: "GET", path: "/health" }),
      v2Event({ method: "GET", path: "/health" }),
    ]) {
      const result = (await handler(event)) as HttpResult;
      expect(result.statusCode).toBe(200);
      expect(json(result)).toMatchObject({ status: "ok", name: "Eliza", storage: "dynamodb" });
    }
  });

  it("round-trips /api/messages from a base64 v1 body with the token in multi-value headers", async () => {
    const body = new TextEncoder().encode(
      JSON.stringify({ text: "I need some help", userId: "ada" }),
    );
    const result = (await handler(
      v1Event({
        method: "POST",
        path: "/api/messages",
        headers: {
          authorization: [`Bearer ${API_TOKEN}`],
          "content-type": ["application/json"],
        },
        body,
      }),
    )) as HttpResult;
    expect(result.statusCode).toBe(200);
    const reply = json(result) as { roomUuid: UUID; replies: { text: string }[] };
    expect(reply.replies[0]?.text).toMatch(/help/i);
    // The v1 answer comes back in the shape the request used.
    expect(result.multiValueHeaders?.["content-type"]?.[0]).toMatch(/application\/json/);

    const stored = await storage.getMemories({ tableName: "messages", roomId: reply.roomUuid });
    expect(stored.map((m) => m.content.text)).toContain("I need some help");

    const history = (await handler(
      v2Event({
        method: "GET",
        path: "/api/rooms/dm:ada/messages",
        rawQueryString: "limit=10",
        headers: { authorization: `Bearer ${API_TOKEN}` },
      }),
    )) as HttpResult;
    expect(history.statusCode).toBe(200);
    expect((json(history).messages as unknown[]).length).toBe(2);
  });

  it("refuses a missing token and gives unknown routes a 404 JSON error", async () => {
    const denied = (await handler(
      v2Event({ method: "POST", path: "/api/messages", body: '{"text":"hi"}' }),
    )) as HttpResult;
    expect(denied.statusCode).toBe(401);
    for (const event of [
      v1Event({ method: "GET", path: "/nowhere" }),
      v2Event({ method: "DELETE", path: "/api/nowhere" }),
    ]) {
      const result = (await handler(event)) as HttpResult;
      expect(result.statusCode).toBe(404);
      expect(json(result)).toEqual({
        error: { code: "not_found", message: expect.stringContaining("No route for") },
      });
    }
  });

  it("passes exact body bytes, v2 cookies, repeated headers and repeated query values to the app", async () => {
    const bytes = new Uint8Array([0x7b, 0x00, 0xff, 0xfe, 0x7d]);
    const v2 = json(
      await handler(
        v2Event({
          method: "POST",
          path: "/webhooks/echo",
          rawQueryString: "tag=a&tag=b",
          cookies: ["session=abc", "theme=dark"],
          headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.1" },
          body: bytes,
        }),
      ),
    );
    expect(v2).toEqual({
      bodyHex: "7b00fffe7d",
      cookie: "session=abc; theme=dark",
      forwardedFor: "198.51.100.1, 203.0.113.1",
      query: { tag: ["a", "b"] },
    });

    const v1 = json(
      await handler(
        v1Event({
          method: "POST",
          path: "/webhooks/echo",
          query: { tag: ["a", "b"] },
          headers: { "x-forwarded-for": ["198.51.100.1", "203.0.113.1"], cookie: ["session=abc"] },
          body: bytes,
        }),
      ),
    );
    expect(v1).toEqual({
      bodyHex: "7b00fffe7d",
      cookie: "session=abc",
      forwardedFor: "198.51.100.1, 203.0.113.1",
      query: { tag: ["a", "b"] },
    });
  });

  it("answers 503 when DynamoDB is unreachable, so API Gateway's caller retries", async () => {
    const down = createLambdaHandler({
      env: { ...baseEnv, DYNAMODB_ENDPOINT: "http://127.0.0.1:9" },
      selfInvoke: null,
    });
    const result = (await down(v2Event({ method: "GET", path: "/health" }))) as HttpResult;
    expect(result.statusCode).toBe(503);
  });
});

describe("scheduled events", () => {
  const handler = createLambdaHandler({ env: baseEnv, selfInvoke: null });

  it("runs due tasks on an EventBridge event, once per scheduled time", async () => {
    // A room to speak in, made by a conversation.
    const sent = json(
      await handler(
        v2Event({
          method: "POST",
          path: "/api/messages",
          headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ text: "Hello", userId: "grace" }),
        }),
      ),
    ) as { roomUuid: UUID };
    const remind = (text: string) =>
      storage.createTask({
        name: REMINDER_TASK,
        agentId,
        roomId: sent.roomUuid,
        tags: ["queue"],
        metadata: { text },
        dueAt: Date.now() - 1_000,
      });

    const task = await remind("stretch");
    const time = new Date().toISOString().replace(/\.\d+Z$/, "Z");
    const report = (await handler(scheduledEvent(time))) as TickReport;
    expect(report).toMatchObject({ ran: 1, succeeded: 1, duplicate: false });
    expect(await storage.getTask(task)).toBeNull();

    const again = await remind("drink water");
    expect(await handler(scheduledEvent(time))).toMatchObject({ ran: 0, duplicate: true });
    expect(await storage.getTask(again)).not.toBeNull();

    // An EventBridge Scheduler target with the marker input runs a tick too.
    expect(await handler({ elizaEdge: "tick", occurrence: `${time}/scheduler` })).toMatchObject({
      ran: 1,
    });
    const texts = (await storage.getMemories({ tableName: "messages", roomId: sent.roomUuid })).map(
      (m) => m.content.text,
    );
    expect(texts).toEqual(expect.arrayContaining(["Reminder: stretch", "Reminder: drink water"]));
  });

  it("logs and returns an error for an event it does not know, without throwing", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    // The line goes through the env's logger, which LOG_LEVEL=silent (baseEnv) would silence.
    const logging = createLambdaHandler({
      env: { ...baseEnv, LOG_LEVEL: "error" },
      connectors: echoConnectors,
      selfInvoke: null,
    });
    try {
      expect(await logging({ Records: [] })).toMatchObject({
        error: { code: "unrecognised_event" },
      });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

describe("background work through the async self-invoke", () => {
  const FUNCTION = "eliza-edge-test-api";
  const TELEGRAM_TOKEN = "123456:test-token";
  const SECRET = "telegram-secret";
  let telegram: Server;
  let telegramUrl: string;
  const sent: { method: string; body: Record<string, unknown> }[] = [];
  let invoke: LambdaInvokeServer;
  /** The container the invoke API runs events on: a different one from the request's. */
  let other: ReturnType<typeof createLambdaHandler>;

  beforeAll(async () => {
    telegram = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const method = (req.url ?? "").split("/").at(-1) ?? "";
      sent.push({ method, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ ok: true, result: { message_id: sent.length, date: 0, chat: { id: 1 } } }),
      );
    });
    await new Promise<void>((resolve) => telegram.listen(0, "127.0.0.1", resolve));
    telegramUrl = `http://127.0.0.1:${(telegram.address() as { port: number }).port}`;
    invoke = await startLambdaInvokeServer((_name, payload) => other(payload));
  });

  afterAll(async () => {
    await invoke?.stop();
    await new Promise<void>((resolve) => telegram?.close(() => resolve()));
  });

  const env = () => ({
    ...baseEnv,
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_BASE: telegramUrl,
    AWS_LAMBDA_FUNCTION_NAME: FUNCTION,
    LAMBDA_ENDPOINT: invoke.endpoint,
  });
  const update = (updateId: number, text: string) =>
    v2Event({
      method: "POST",
      path: "/webhooks/telegram",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
      body: JSON.stringify({
        update_id: updateId,
        message: {
          message_id: updateId,
          date: 1767268800,
          from: { id: 42, is_bot: false, first_name: "Ada" },
          chat: { id: 42, type: "private", first_name: "Ada" },
          text,
        },
      }),
    });

  it("acks the webhook and leaves the turn to a second invocation, which replies once", async () => {
    // The request's container records what it touches after the ack: it must not start the
    // turn, or a container frozen mid-turn could wake later and answer a second time.
    const touched: string[] = [];
    const watching: typeof dynamoStorageFromEnv = async (e, agent) => {
      const real = await dynamoStorageFromEnv(e, agent);
      return new Proxy(real, {
        get(target, property) {
          const value = Reflect.get(target, property);
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => {
            touched.push(String(property));
            return value.apply(target, args);
          };
        },
      });
    };
    const request = createLambdaHandler({
      env: { ...env(), LAMBDA_SELF_INVOKE: "true" },
      storage: watching,
    });
    other = createLambdaHandler({ env: { ...env(), LAMBDA_SELF_INVOKE: "true" } });

    const ack = (await request(update(9001, "I feel sad"), {
      awsRequestId: "req-1",
    })) as HttpResult;
    expect(ack.statusCode).toBe(200);
    expect(json(ack)).toEqual({ ok: true });
    expect(touched).toContain("createTask");
    expect(touched).not.toContain("batch");
    expect(sent.filter((s) => s.method === "sendMessage")).toEqual([]);
    // By the time the response is returned, the continuation was queued with Lambda.
    expect(invoke.invocations).toHaveLength(1);
    const [call] = invoke.invocations;
    expect(call).toMatchObject({
      functionName: FUNCTION,
      invocationType: "Event",
      payload: { elizaEdge: "tick" },
    });
    expect(await call!.run).toMatchObject({ ran: 1, succeeded: 1 });
    expect(sent.filter((s) => s.method === "sendMessage")).toEqual([
      {
        method: "sendMessage",
        body: expect.objectContaining({ chat_id: 42, text: expect.any(String) }),
      },
    ]);
    // The request's container runs again later: nothing is left for it to answer.
    expect(await request({ elizaEdge: "tick" })).toMatchObject({ ran: 0 });
    expect(sent.filter((s) => s.method === "sendMessage")).toHaveLength(1);
  });

  it("without LAMBDA_SELF_INVOKE invokes nothing; the next scheduled tick answers", async () => {
    const before = invoke.invocations.length;
    const handler = createLambdaHandler({ env: env() });
    const ack = (await handler(update(9002, "Hello there"))) as HttpResult;
    expect(ack.statusCode).toBe(200);
    expect(invoke.invocations).toHaveLength(before);
    const report = await handler({
      version: "0",
      id: "rule-tick",
      "detail-type": "Scheduled Event",
      source: "aws.events",
      time: "2031-01-01T00:00:00Z",
      region: "us-east-1",
      resources: [],
      detail: {},
    });
    expect(report).toMatchObject({ succeeded: 1 });
    expect(sent.filter((s) => s.method === "sendMessage").length).toBeGreaterThanOrEqual(1);
  });
});

describe("the deployable bundle", () => {
  /**
   * The handler with the AWS SDK clients it uses, minified. ~1,013 KiB before issues 19 and 20;
   * chrono-node (~53 KiB minified) and the bots' media, formatting and buttons added ~70 KiB,
   * and taking the SDK's ES build (unused commands drop out) took ~190 KiB off: 915 KiB.
   * zod/mini for the runtime's schemas and the split bundle (issue 18) brought what a cold
   * start loads to 707 KiB (802 KiB by issue 32), and the SDK's clients behind dynamic
   * imports (issue 32) to 460 KiB. Lambda's own limit is 50 MB zipped; the budget is about
   * cold starts, so it counts what one loads: the entry and the chunks it imports statically,
   * not the chunks behind dynamic imports (each storage driver, the self-invoke's client).
   * lambda-start-bundle-dynamodb.test.ts holds what each configuration loads.
   */
  const BUDGET = 512 * 1024;

  it("fits 512 KiB minified at a start, carries its SDK clients, and runs as Lambda loads it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "eliza-edge-lambda-"));
    const saved = { ...process.env };
    try {
      const bundle = await writeLambdaBundle(dir);
      expect(bundle.bytes).toBeLessThanOrEqual(BUDGET);
      const inputs = Object.keys(bundle.metafile.inputs);
      for (const client of ["@aws-sdk/client-dynamodb", "@aws-sdk/client-lambda"]) {
        expect(inputs.some((input) => input.includes(client))).toBe(true);
      }
      expect(JSON.parse(await readFile(join(dir, "package.json"), "utf8"))).toEqual({
        type: "module",
      });
      // As Lambda runs it: configuration in process.env, `index.handler` exported.
      Object.assign(process.env, baseEnv);
      const { handler } = (await import(pathToFileURL(join(dir, "index.js")).href)) as {
        handler: (event: unknown) => Promise<HttpResult>;
      };
      const health = await handler(v2Event({ method: "GET", path: "/health" }));
      expect(health.statusCode).toBe(200);
      expect(json(health)).toMatchObject({ storage: "dynamodb" });
      // The bundled SDK (its ES build, commands tree-shaken) really talks to DynamoDB.
      const sent = await handler(
        v2Event({
          method: "POST",
          path: "/api/messages",
          headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ text: "hello from the bundle", userId: "bundle-user" }),
        }),
      );
      expect(sent.statusCode).toBe(200);
      expect(json(sent)).toMatchObject({ didRespond: true });
      const runs = await handler(
        v2Event({
          method: "GET",
          path: "/api/runs",
          headers: { authorization: `Bearer ${API_TOKEN}` },
        }),
      );
      expect((json(runs) as { runs: unknown[] }).runs.length).toBeGreaterThan(0);
    } finally {
      for (const key of Object.keys(baseEnv)) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("serverless.yml declares the table as the adapter defines it, with TTL", async () => {
    const yml = await readFile(new URL("../../serverless.yml", import.meta.url), "utf8");
    const definition = tableDefinition("t");
    expect(yml).toMatch(/^configValidationMode: error$/m);
    expect(yml).toMatch(/BillingMode: PAY_PER_REQUEST/);
    for (const attribute of definition.AttributeDefinitions ?? []) {
      expect(yml).toContain(`{ AttributeName: ${attribute.AttributeName}, AttributeType: S }`);
    }
    for (const index of definition.GlobalSecondaryIndexes ?? []) {
      expect(yml).toContain(`- IndexName: ${index.IndexName}`);
      for (const key of index.KeySchema ?? []) {
        expect(yml).toContain(`{ AttributeName: ${key.AttributeName}, KeyType: ${key.KeyType} }`);
      }
    }
    expect(yml).toMatch(/TimeToLiveSpecification:\s+AttributeName: ttl\s+Enabled: true/);
    expect(yml).toMatch(/handler: dist\/lambda\/index\.handler/);
  });
});
