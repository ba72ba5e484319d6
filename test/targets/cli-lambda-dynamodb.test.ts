// A Lambda project's local loop, through the `eliza-edge` CLI as a user runs it: `build lambda`
// bundles the entry (split, its cold-start size printed against the budget), `invoke` sends the
// AWS sample HTTP API v2 and EventBridge events to the bundle (on memory, then on DynamoDB
// Local after `dynamodb:create-table`, where a second invoke finds the first one's run), and
// `dynamodb:local` serves DynamoDB Local until it is stopped.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { sampleHttpEvent } from "../../targets/lambda/sample-events.ts";
import { root, runCli } from "../support/run-cli.ts";

vi.setConfig({ testTimeout: 300_000 });

const endpoint = inject("dynamodbEndpoint");
const entry = join(root, "test/fixtures/lambda-dice.ts");
let dir: string;
let handler: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "eliza-edge-invoke-"));
  handler = join(dir, "lambda/index.js");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("eliza-edge build lambda, invoke, dynamodb:*", () => {
  it("builds the entry into a split bundle and says what a cold start loads", async () => {
    const run = await runCli(["build", "lambda", "--entry", entry, "--out", join(dir, "lambda")]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const kib = /: ([\d.]+) KiB loaded at a cold start \(budget 1024\.0 KiB\), (\d+) files/.exec(
      run.stdout,
    );
    expect(kib, run.stdout).not.toBeNull();
    expect(Number(kib![1])).toBeLessThanOrEqual(1024);
    expect(Number(kib![2])).toBeGreaterThan(2); // index.js, package.json and chunks
  });

  it("refuses a build without a kind, and an invoke without a built handler", async () => {
    expect((await runCli(["build"])).code).toBe(2);
    const missing = await runCli(["invoke", "--handler", join(dir, "nothing.js")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("build it first (eliza-edge build lambda)");
  });

  it("invokes the bundle on memory: the message event answers, the schedule event ticks", async () => {
    const run = await runCli(["invoke", "--handler", handler, "--text", "Roll a die"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("storage: memory for this run");
    expect(run.stdout).toContain('-> POST /api/messages {"text":"Roll a die","userId":"invoke"}');
    expect(run.stdout).toContain('<- 200 replies: "You rolled a 4."');
    expect(run.stdout).toContain("-> EventBridge scheduled event");
    expect(run.stdout).toMatch(/<- \{"ran":0,"succeeded":0,/);
  });

  it("creates the table in DynamoDB Local, and invokes keep their rows there", async () => {
    const env = {
      DYNAMODB_ENDPOINT: endpoint,
      DYNAMODB_TABLE: "invoke-local",
      API_TOKEN: "invoke-token-0123456789",
    };
    const created = await runCli(["dynamodb:create-table"], env);
    expect(created.stdout).toContain(`created table invoke-local (${endpoint})`);
    const first = await runCli(["invoke", "--handler", handler, "--text", "Roll a die"], env);
    expect(first.code).toBe(0);
    expect(first.stdout).not.toContain("storage: memory");
    expect(first.stdout).toContain('<- 200 replies: "You rolled a 4."');
    // Another process, another cold start: the first one's run is in the table.
    const event = join(dir, "runs.json");
    writeFileSync(
      event,
      JSON.stringify(
        sampleHttpEvent({
          method: "GET",
          path: "/api/runs",
          headers: { authorization: `Bearer ${env.API_TOKEN}` },
        }),
      ),
    );
    const second = await runCli(["invoke", "--handler", handler, "--event", event], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/<- 200 \{"runs":\[\{.*"status":"completed"/);
  });

  it("dynamodb:local serves DynamoDB Local until it is stopped", async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--",
        join(root, "targets/node/cli/bin.ts"),
        "dynamodb:local",
        "--port",
        String(port),
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", () => {}); // java's own banner
    const exited = new Promise<number | null>((done) => child.once("exit", done));
    try {
      await vi.waitFor(
        () => expect(out).toContain(`DynamoDB Local is on http://127.0.0.1:${port}`),
        {
          timeout: 120_000,
          interval: 200,
        },
      );
      const created = await runCli(["dynamodb:create-table"], {
        DYNAMODB_ENDPOINT: `http://127.0.0.1:${port}`,
        DYNAMODB_TABLE: "local-served",
      });
      expect(created.stdout).toContain("created table local-served");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
