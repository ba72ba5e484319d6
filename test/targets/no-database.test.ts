// ALLOW_NO_DATABASE=true on every edge target: with no database configured the agent starts on
// the in-memory storage, answers, and says once at startup that nothing persists; without the
// flag each target keeps its clear error. The Worker runs in workerd too (its real bundle).
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWorker, createWorkerAgent } from "../../targets/cloudflare/index.ts";
import { createLambdaAgent, createLambdaHandler } from "../../targets/lambda/index.ts";
import { createVercelAgent, createVercelHandler } from "../../targets/vercel/index.ts";
import { bundleForWorkers } from "../support/bundle-check.ts";

const API_TOKEN = "no-database-test-token";
const flagged = { ALLOW_NO_DATABASE: "true", API_TOKEN };
let warnings: string[] = [];

beforeEach(() => {
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(" "));
  });
  for (const quiet of ["log", "info", "error"] as const) {
    vi.spyOn(console, quiet).mockImplementation(() => {});
  }
});
afterEach(() => vi.restoreAllMocks());

/** A warning's text: the edge targets log JSON lines by default, whose `msg` is the text. */
const textOf = (line: string): string => {
  try {
    return String((JSON.parse(line) as { msg?: unknown }).msg ?? line);
  } catch {
    return line;
  }
};
const noDatabaseWarnings = () =>
  warnings.map(textOf).filter((w) => w.includes("ALLOW_NO_DATABASE=true"));
const post = (text: string) => ({
  method: "POST",
  headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
  body: JSON.stringify({ text, userId: "ada" }),
});

/** /health, two messages in one room (the second sees the first), /health: one warning. */
async function provesMemoryRun(fetch: (path: string, init?: RequestInit) => Promise<Response>) {
  const health = await fetch("/health");
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", storage: "memory" });
  const first = await fetch("/api/messages", post("I need some help"));
  expect(first.status).toBe(200);
  const { replies } = (await first.json()) as { replies: { text: string }[] };
  expect(replies[0]?.text).toMatch(/help/i);
  // The conversation is kept for the instance's life: its history lists both sides.
  const rooms = await fetch("/api/rooms/dm:ada/messages", {
    headers: { authorization: `Bearer ${API_TOKEN}` },
  });
  expect(rooms.status).toBe(200);
  const history = (await rooms.json()) as { messages: { text: string }[] };
  expect(history.messages).toHaveLength(2);
  expect(JSON.stringify(history)).toContain("I need some help");
  await fetch("/health");
  const said = noDatabaseWarnings();
  expect(said).toHaveLength(1);
  expect(said[0]).toMatch(/in-memory storage and nothing persists/);
}

describe("ALLOW_NO_DATABASE=true", () => {
  it("Workers: no D1 binding starts on memory with one warning", async () => {
    const worker = createWorker();
    const ctx = { waitUntil: () => {} };
    await provesMemoryRun((path, init) =>
      worker.fetch(new Request(`https://worker.test${path}`, init), flagged as never, ctx),
    );
    expect(noDatabaseWarnings()[0]).toContain('the D1 binding "DB" is missing');
  });

  it("Lambda: no DYNAMODB_TABLE starts on memory with one warning", async () => {
    const handler = createLambdaHandler({ env: flagged, selfInvoke: null });
    await provesMemoryRun(async (path, init = {}) => {
      const result = (await handler({
        version: "2.0",
        routeKey: "$default",
        rawPath: path,
        rawQueryString: "",
        headers: { host: "xyz.execute-api.us-east-1.amazonaws.com", ...(init.headers as object) },
        requestContext: {
          http: {
            method: init.method ?? "GET",
            path,
            protocol: "HTTP/1.1",
            sourceIp: "203.0.113.1",
          },
          routeKey: "$default",
          stage: "$default",
          requestId: "r1",
          domainName: "xyz.execute-api.us-east-1.amazonaws.com",
        },
        ...(init.body ? { body: String(init.body) } : {}),
        isBase64Encoded: false,
      } as never)) as { statusCode: number; body: string };
      return new Response(result.body, { status: result.statusCode });
    });
    expect(noDatabaseWarnings()[0]).toContain("neither DYNAMODB_TABLE nor DATABASE_URL is set");
  });

  it("Vercel: no DATABASE_URL starts on memory with one warning", async () => {
    const handler = createVercelHandler({ env: flagged, waitUntil: () => {} });
    await provesMemoryRun((path, init) =>
      handler(new Request(`https://eliza-edge.vercel.app${path}`, init)),
    );
    expect(noDatabaseWarnings()[0]).toContain("DATABASE_URL is not set");
  });

  it("a configured database still wins over the flag, even when it is down", async () => {
    // A DYNAMODB_TABLE that is set means DynamoDB, flag or not: one that cannot be reached
    // fails the start as before instead of quietly falling back to memory.
    await expect(
      createLambdaAgent({
        ...flagged,
        DYNAMODB_TABLE: "t",
        DYNAMODB_ENDPOINT: "http://127.0.0.1:9",
        AWS_REGION: "us-east-1",
        LOG_LEVEL: "silent",
      }),
    ).rejects.toThrow(/DynamoDB is unavailable/);
    expect(noDatabaseWarnings()).toHaveLength(0);
  });
});

describe("without ALLOW_NO_DATABASE", () => {
  it("each target keeps its clear error, for any value but true", async () => {
    for (const env of [{}, { ALLOW_NO_DATABASE: "false" }, { ALLOW_NO_DATABASE: "1" }]) {
      await expect(createWorkerAgent(env as never)).rejects.toThrow(/D1 binding "DB" is missing/);
      await expect(createLambdaAgent(env)).rejects.toThrow(/DYNAMODB_TABLE is not set/);
      await expect(createVercelAgent(env)).rejects.toThrow(/DATABASE_URL is not set/);
    }
    expect(noDatabaseWarnings()).toHaveLength(0);
  });
});

describe("Worker in workerd without a D1 binding", () => {
  let mf: Miniflare | undefined;
  afterAll(async () => {
    await mf?.dispose();
  });

  it("starts on memory with the flag and answers", async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const bundle = await bundleForWorkers(`${root}targets/cloudflare/main.ts`);
    const toml = await readFile(`${root}wrangler.toml`, "utf8");
    const compatibilityDate = /^compatibility_date = "([\d-]+)"$/m.exec(toml)?.[1];
    mf = new Miniflare({
      modules: true,
      script: bundle.code,
      compatibilityDate,
      bindings: { ...flagged, LOG_LEVEL: "silent" },
    });
    const fetchWorker = async (path: string, init?: RequestInit) =>
      (await mf!.dispatchFetch(`http://worker.test${path}`, init as never)) as unknown as Response;
    const health = await fetchWorker("/health");
    expect(await health.json()).toMatchObject({ status: "ok", storage: "memory" });
    const reply = await fetchWorker("/api/messages", post("I need some help"));
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { replies: { text: string }[] };
    expect(body.replies[0]?.text).toMatch(/help/i);
  });
});
