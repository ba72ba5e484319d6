// What a Lambda cold start loads, per storage configuration (issue 32): the start bundle holds
// what every configuration needs, and each driver is a chunk only its configuration imports.
// Read two ways: from esbuild's metafile (which outputs the start imports statically, which
// a driver's dynamic import adds), and from the built bundle run in a process of its own as
// Lambda runs it, with a module hook recording every file Node loads.
// (The file name carries "dynamodb" so the global setup starts DynamoDB Local for it.)
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTable } from "../../adapters/dynamodb/index.ts";
import { bytesOf, inputsOf } from "../../targets/bundling/node-bundle.ts";
import {
  type LambdaBundle,
  type LambdaStorage,
  lambdaFilesFor,
  writeLambdaBundle,
} from "../../targets/lambda/build.ts";
import { localClient } from "../support/dynamodb-local.ts";
import { v2Event } from "../support/lambda-events.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const endpoint = inject("dynamodbEndpoint");
const TABLE = "lambda-start-bundle";
const API_TOKEN = "start-bundle-token";

/**
 * What a cold start loads, whatever the storage: the handler, the app, the runtime. 802 KiB
 * before issue 32 (the AWS SDK's DynamoDB and Lambda clients were in it), 460 KiB without
 * them, 425 KiB with the OpenAPI document loaded only by GET /openapi.json.
 */
const START_BUDGET = 448 * 1024;
/** The start and one storage driver's chunks: 686 KiB with DynamoDB, 688 KiB with Neon. */
const CONFIGURED_BUDGET = 760 * 1024;
/** Code every start could carry but only a rare request needs, each loaded when reached. */
const LATER_CODE = { openApiDocument: /^openapi\.json$/ };

/** The packages and folders that are one storage driver's alone. */
const DRIVER_CODE = {
  awsSdk: /node_modules\/@(?:aws-sdk|smithy)\//,
  dynamodbClient: /node_modules\/@aws-sdk\/client-dynamodb\//,
  lambdaClient: /node_modules\/@aws-sdk\/client-lambda\//,
  dynamodbAdapter: /^adapters\/dynamodb\//,
  neon: /node_modules\/@neondatabase\/serverless\//,
  postgresAdapter: /^adapters\/postgres\//,
};
const has = (inputs: string[], code: RegExp) => inputs.some((input) => code.test(input));

let dir: string;
let bundle: LambdaBundle;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "eliza-edge-lambda-start-"));
  bundle = await writeLambdaBundle(join(dir, "lambda"));
  await createTable(localClient(endpoint), TABLE);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the Lambda start bundle, by its metafile", () => {
  it("holds no storage driver (no AWS SDK, no Neon driver, no DynamoDB or Postgres adapter) and no OpenAPI document", () => {
    const inputs = inputsOf(bundle, bundle.loadedAtStart);
    expect(inputs.length).toBeGreaterThan(0);
    for (const [name, code] of Object.entries({ ...DRIVER_CODE, ...LATER_CODE })) {
      expect(has(inputs, code), name).toBe(false);
    }
    expect(bundle.bytes).toBeLessThanOrEqual(START_BUDGET);
  });

  it("adds DynamoDB's adapter and the SDK's DynamoDB client with DynamoDB, and nothing of Neon", () => {
    const files = lambdaFilesFor(bundle, "dynamodb");
    const inputs = inputsOf(bundle, files);
    expect(has(inputs, DRIVER_CODE.dynamodbAdapter)).toBe(true);
    expect(has(inputs, DRIVER_CODE.dynamodbClient)).toBe(true);
    expect(has(inputs, DRIVER_CODE.lambdaClient)).toBe(false);
    expect(has(inputs, DRIVER_CODE.neon)).toBe(false);
    expect(has(inputs, DRIVER_CODE.postgresAdapter)).toBe(false);
    expect(bytesOf(bundle, files)).toBeLessThanOrEqual(CONFIGURED_BUDGET);
  });

  it("adds the Neon driver with Postgres, and nothing of the AWS SDK", () => {
    const files = lambdaFilesFor(bundle, "neon");
    const inputs = inputsOf(bundle, files);
    expect(has(inputs, DRIVER_CODE.neon)).toBe(true);
    expect(has(inputs, DRIVER_CODE.awsSdk)).toBe(false);
    expect(has(inputs, DRIVER_CODE.dynamodbAdapter)).toBe(false);
    expect(bytesOf(bundle, files)).toBeLessThanOrEqual(CONFIGURED_BUDGET);
  });

  it("keeps the SDK's Lambda client (the async self-invoke) in a chunk of its own", () => {
    const outputs = bundle.metafile.outputs;
    const holding = Object.keys(outputs).filter((path) =>
      has(Object.keys(outputs[path]!.inputs), DRIVER_CODE.lambdaClient),
    );
    expect(holding.length).toBeGreaterThan(0);
    for (const path of holding) {
      expect(lambdaFilesFor(bundle, "memory")).not.toContain(path);
      expect(lambdaFilesFor(bundle, "dynamodb")).not.toContain(path);
    }
  });
});

// Runs in the child: records every file: URL Node loads, one a line (hooks run off the main
// thread, so they append to a file rather than keep a list).
const HOOKS = `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  if (url.startsWith("file:")) appendFileSync(process.env.LOADED_LOG, url + "\\n");
  return next(url, context);
}
`;
const REGISTER = `import { register } from "node:module";
register(new URL("./hooks.mjs", import.meta.url));
`;
// Loads the handler as Lambda's runtime does and sends it the events it is given. No network
// outside 127.0.0.1: a driver that reaches for one fails at once (a 503), having loaded.
const INVOKE = `const local = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  return /^https?:\\/\\/(127\\.0\\.0\\.1|localhost)[:/]/.test(url)
    ? local(input, init)
    : Promise.reject(new TypeError("fetch failed: no network in this test"));
};
const { handler } = await import(process.env.HANDLER);
const answers = [];
for (const event of JSON.parse(process.env.EVENTS)) {
  const result = await handler(event);
  answers.push({ status: result.statusCode, body: JSON.parse(result.body ?? "null") });
}
process.stdout.write(JSON.stringify(answers));
`;

interface Answer {
  status: number;
  body: { storage?: string; didRespond?: boolean } | null;
}

/** Runs the built handler in a fresh node on `env`; what it answered and the bundle files it loaded. */
async function runBundle(
  env: Record<string, string>,
): Promise<{ answers: Answer[]; loaded: string[] }> {
  const scripts = join(dir, `run-${Math.random().toString(36).slice(2)}`);
  await mkdir(scripts, { recursive: true });
  await writeFile(join(scripts, "hooks.mjs"), HOOKS);
  await writeFile(join(scripts, "register.mjs"), REGISTER);
  await writeFile(join(scripts, "invoke.mjs"), INVOKE);
  const log = join(scripts, "loaded.log");
  await writeFile(log, "");
  const events = [
    v2Event({ method: "GET", path: "/health" }),
    v2Event({
      method: "POST",
      path: "/api/messages",
      headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "hello from a cold start", userId: "start-user" }),
    }),
  ];
  const stdout = await new Promise<string>((done, fail) => {
    const child = spawn(
      process.execPath,
      ["--import", pathToFileURL(join(scripts, "register.mjs")).href, join(scripts, "invoke.mjs")],
      {
        env: {
          PATH: process.env.PATH ?? "",
          HANDLER: pathToFileURL(join(dir, "lambda/index.js")).href,
          EVENTS: JSON.stringify(events),
          LOADED_LOG: log,
          API_TOKEN,
          LOG_LEVEL: "silent",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.once("error", fail);
    child.once("exit", (code) =>
      code === 0 ? done(out) : fail(new Error(`exited ${code}:\n${err}`)),
    );
  });
  const bundleDir = join(dir, "lambda");
  const loaded = (await readFile(log, "utf8"))
    .split("\n")
    .filter((url) => url.startsWith("file:"))
    .map((url) => fileURLToPath(url))
    .filter((path) => path.startsWith(`${bundleDir}/`))
    .map((path) => relative(bundleDir, path));
  return { answers: JSON.parse(stdout) as Answer[], loaded: [...new Set(loaded)] };
}

/** The metafile's name of each loaded file, and the source files those carry. */
function loadedInputs(loaded: string[]): string[] {
  const outputs = Object.keys(bundle.metafile.outputs);
  const byPath = new Map(outputs.map((path) => [relative("/bundle", resolve(root, path)), path]));
  const names = loaded.map((file) => {
    const name = byPath.get(file);
    if (!name) throw new Error(`${file} is not an output of the bundle`);
    return name;
  });
  return inputsOf(bundle, names);
}

describe("the built Lambda, run per configuration, loads only its own driver", () => {
  const expectOnly = (storage: LambdaStorage, loaded: string[]) => {
    // Every file loaded is one the metafile says this configuration loads, the start included.
    const expected = new Set(
      lambdaFilesFor(bundle, storage).map((path) => relative("/bundle", resolve(root, path))),
    );
    for (const file of loaded.filter((f) => f.endsWith(".js"))) {
      if (!expected.has(file)) {
        // Code split out for later (chrono's locale, the secrets cipher) may load too; a
        // driver may not.
        const inputs = loadedInputs([file]);
        for (const code of [DRIVER_CODE.awsSdk, DRIVER_CODE.neon, DRIVER_CODE.dynamodbAdapter]) {
          expect(has(inputs, code), `${file} (${storage})`).toBe(false);
        }
      }
    }
  };

  it("memory (ALLOW_NO_DATABASE): no AWS SDK module, no Neon driver", async () => {
    const { answers, loaded } = await runBundle({ ALLOW_NO_DATABASE: "true" });
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]?.body?.storage).toBe("memory");
    expect(loaded).toContain("index.js");
    const inputs = loadedInputs(loaded.filter((f) => f.endsWith(".js")));
    expect(has(inputs, DRIVER_CODE.awsSdk)).toBe(false);
    expect(has(inputs, DRIVER_CODE.neon)).toBe(false);
    expectOnly("memory", loaded);
  });

  it("DynamoDB: the adapter and the SDK's DynamoDB client, not its Lambda client, no Neon", async () => {
    const { answers, loaded } = await runBundle({
      DYNAMODB_TABLE: TABLE,
      DYNAMODB_ENDPOINT: endpoint,
    });
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]?.body?.storage).toBe("dynamodb");
    expect(answers[1]?.body?.didRespond).toBe(true);
    const inputs = loadedInputs(loaded.filter((f) => f.endsWith(".js")));
    expect(has(inputs, DRIVER_CODE.dynamodbClient)).toBe(true);
    expect(has(inputs, DRIVER_CODE.dynamodbAdapter)).toBe(true);
    expect(has(inputs, DRIVER_CODE.lambdaClient)).toBe(false);
    expect(has(inputs, DRIVER_CODE.neon)).toBe(false);
    expectOnly("dynamodb", loaded);
  });

  it("Postgres on Neon (DATABASE_URL): the Neon driver, no AWS SDK module", async () => {
    // No database answers here (fetch leaves 127.0.0.1 only for the Neon host's /sql): the
    // agent's build fails with a 503 after importing the driver, which is what is counted.
    const { loaded } = await runBundle({
      DATABASE_URL: "postgres://user:pass@db.example.neon.tech/db",
      DYNAMODB_TABLE: TABLE,
    });
    const inputs = loadedInputs(loaded.filter((f) => f.endsWith(".js")));
    expect(has(inputs, DRIVER_CODE.neon)).toBe(true);
    expect(has(inputs, DRIVER_CODE.awsSdk)).toBe(false);
    expectOnly("neon", loaded);
  });
});
