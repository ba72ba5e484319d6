// `npm run bench:lambda` (`npm run bench -- lambda`): the Lambda function as Lambda runs it,
// by CPU beside the clock. Each container is a process of its own (bench/lambda/child.ts)
// that loads the built handler (dist/lambda's bundle, built here into a temporary folder) and
// sends it API Gateway HTTP API events: the cold start is spawn → the first reply (the module
// load, the agent built on the configured storage, one message), then warm invocations one
// after another. Storage: memory (ALLOW_NO_DATABASE), DynamoDB (DynamoDB Local) and Postgres
// on Neon (the Neon HTTP shim over PGlite); the stand-ins' own CPU is theirs, not the
// function's. Beside them, in the same run and alternating, a minimal elizaOS 1.7.2 handler
// (bench/elizaos/lambda-handler.ts: its runtime on the in-memory adapter, one message per
// event) and `node -e 0`, the floor neither goes under.
// BENCH_LAMBDA_BUNDLE=<dir> measures a bundle built elsewhere instead; BENCH_LAMBDA_BEFORE=<dir>
// adds an earlier version's bundle on memory and DynamoDB to the same alternating run.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createTable } from "../adapters/dynamodb/index.ts";
import { lambdaSizes, writeLambdaBundle } from "../targets/lambda/build.ts";
import { migratePostgresFromEnv } from "../targets/node/migrate.ts";
import { localClient, startDynamoDbLocal } from "../test/support/dynamodb-local.ts";
import { startNeonHttpShim } from "../test/support/neon-http-shim.ts";
import { startPgliteServer } from "../test/support/pglite-server.ts";
import { emptyNode } from "./cold-start.ts";
import { bundleChild, cpuMs } from "./compare/children.ts";
import { elizaUrl, elizaVersion } from "./compare/elizaos.ts";
import { median, ms, percentile, times } from "./compare/stats.ts";
import { machineLine } from "./machine.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const API_TOKEN = "bench-token";
const TABLE = "eliza-edge-bench-lambda";

interface Container {
  coldMs: number;
  coldCpuMs: number;
  /** The child's own reading: CPU loading the handler module, then its first invocation. */
  importCpuMs: number;
  firstCpuMs: number;
  wallMs: number[];
  cpuMs: number[];
}

/** One container: spawn → first reply (CPU read then), then `warm` timed invocations. */
function container(child: string, env: Record<string, string>, warm: number): Promise<Container> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, [child], {
      env: { PATH: process.env.PATH ?? "", BENCH_WARM: String(warm), ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let cold: Pick<Container, "coldMs" | "coldCpuMs" | "importCpuMs" | "firstCpuMs"> | undefined;
    let pending = "";
    let stderr = "";
    proc.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    proc.stdout.on("data", (chunk: Buffer) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("BENCH ")) continue;
        const event = JSON.parse(line.slice(6)) as { type: string } & Partial<Container>;
        if (event.type === "first-reply") {
          cold = {
            coldMs: performance.now() - started,
            coldCpuMs: cpuMs(proc.pid),
            importCpuMs: event.importCpuMs ?? Number.NaN,
            firstCpuMs: event.firstCpuMs ?? Number.NaN,
          };
          // The child waits for this line, so the reading above holds the cold start alone.
          proc.stdin.write(warm > 0 ? "go\n" : "stop\n");
        } else if (event.type === "done" && cold) {
          resolve({ ...cold, wallMs: event.wallMs ?? [], cpuMs: event.cpuMs ?? [] });
        }
      }
    });
    proc.once("exit", (code) => {
      if (code !== 0) reject(new Error(`${child} exited with ${code}:\n${stderr}`));
    });
  });
}

export async function benchLambda(
  runs = Number(process.env.BENCH_RUNS ?? 7),
  warm = Number(process.env.BENCH_LAMBDA_WARM ?? 100),
): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), "eliza-edge-bench-lambda-"));
  const dynamo = await startDynamoDbLocal();
  const pglite = await startPgliteServer();
  const shim = await startNeonHttpShim();
  try {
    const given = process.env.BENCH_LAMBDA_BUNDLE;
    const before = process.env.BENCH_LAMBDA_BEFORE;
    const bundle = given ? undefined : await writeLambdaBundle(join(scratch, "lambda"));
    const handlerUrl = pathToFileURL(join(given ?? join(scratch, "lambda"), "index.js")).href;
    const child = await bundleChild(here("./lambda/child.ts"), "lambda-child");
    const elizaHandler = await bundleChild(
      here("./elizaos/lambda-handler.ts"),
      "elizaos-lambda-handler",
    );
    await createTable(localClient(dynamo.endpoint), TABLE);
    await migratePostgresFromEnv({ DATABASE_URL: pglite.url });

    const ours = {
      BENCH_HANDLER: handlerUrl,
      API_TOKEN,
      LOG_LEVEL: "error",
      // One user sends every message: the per-user and per-room limits would answer 429.
      RATE_LIMIT_USER_PER_MINUTE: "0",
      RATE_LIMIT_ROOM_PER_MINUTE: "0",
    };
    const elizaName = `elizaOS ${elizaVersion("@elizaos/core")}, a minimal handler, memory`;
    const variants: Record<string, Record<string, string>> = {
      "eliza-edge, memory (ALLOW_NO_DATABASE)": { ...ours, ALLOW_NO_DATABASE: "true" },
      "eliza-edge, DynamoDB": {
        ...ours,
        DYNAMODB_TABLE: TABLE,
        DYNAMODB_ENDPOINT: dynamo.endpoint,
      },
      "eliza-edge, Postgres on Neon (HTTP)": {
        ...ours,
        DATABASE_URL: pglite.url,
        BENCH_NEON_SQL_URL: `http://127.0.0.1:${shim.port}/sql`,
      },
      ...(before
        ? {
            "eliza-edge before, memory": {
              ...ours,
              BENCH_HANDLER: pathToFileURL(join(before, "index.js")).href,
              ALLOW_NO_DATABASE: "true",
            },
            "eliza-edge before, DynamoDB": {
              ...ours,
              BENCH_HANDLER: pathToFileURL(join(before, "index.js")).href,
              DYNAMODB_TABLE: TABLE,
              DYNAMODB_ENDPOINT: dynamo.endpoint,
            },
          }
        : {}),
      [elizaName]: {
        BENCH_HANDLER: pathToFileURL(elizaHandler).href,
        BENCH_CHARACTER: here("../character.json"),
        ELIZAOS_CORE_URL: elizaUrl("@elizaos/core"),
        LOG_LEVEL: "error",
      },
    };
    const samples = Object.fromEntries(
      Object.keys(variants).map((name) => [name, [] as Container[]]),
    );
    const node: number[] = [];
    // One unmeasured round first: the page cache then holds every file for every variant.
    for (let run = -1; run < runs; run++) {
      for (const [name, env] of Object.entries(variants)) {
        const sample = await container(child, env, run < 0 ? 0 : warm);
        if (run >= 0) samples[name]!.push(sample);
      }
      const floor = await emptyNode();
      if (run >= 0) node.push(floor.cpu);
    }

    const rows = Object.entries(samples).map(([name, values]) => {
      const cold = values.map((v) => v.coldMs);
      const coldCpu = values.map((v) => v.coldCpuMs);
      const wall = values.flatMap((v) => v.wallMs);
      const cpu = values.flatMap((v) => v.cpuMs);
      const phase = (pick: (c: Container) => number) => ms(median(values.map(pick)));
      return `| ${name} | ${ms(median(cold))} | ${ms(median(coldCpu))} | ${phase((v) => v.importCpuMs)} | ${phase((v) => v.firstCpuMs)} | ${ms(median(wall))} | ${ms(median(cpu))} | ${ms(percentile(cpu, 90))} |`;
    });
    const of = (name: string, pick: (c: Container) => number[]) =>
      median(samples[name]!.flatMap(pick));
    const memory = "eliza-edge, memory (ALLOW_NO_DATABASE)";
    const coldCpu = (name: string) => of(name, (c) => [c.coldCpuMs]);
    const warmCpu = (name: string) => of(name, (c) => c.cpuMs);
    const warmWall = (name: string) => of(name, (c) => c.wallMs);
    const sizes = bundle && lambdaSizes(bundle);
    return [
      `Lambda containers, the built handler loaded as Lambda loads it (API Gateway HTTP API events, POST /api/messages; one user, eliza-edge's rate limits off; offline model on eliza-edge, scripted on elizaOS; ${runs} cold starts each, alternating, and ${warm} warm invocations after each (20 untimed first); ${machineLine()})`,
      "",
      "| container, storage | cold start (spawn → first reply), median | its CPU, median | of which loading the handler | and the first invocation | warm invoke p50 | its CPU, p50 | CPU, p90 |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...rows,
      `| \`node -e 0\` (CPU: a node that has started) | | ${ms(median(node))} | | | | | |`,
      "",
      `${elizaName.split(",")[0]} ÷ eliza-edge on memory, medians: cold start ${times(coldCpu(elizaName), coldCpu(memory))} by CPU (${times(Math.max(0.1, coldCpu(elizaName) - median(node)), Math.max(0.1, coldCpu(memory) - median(node)))} above \`node -e 0\`), warm invoke ${times(warmCpu(elizaName), warmCpu(memory))} by CPU and ${times(warmWall(elizaName), warmWall(memory))} by the clock`,
      ...(sizes
        ? [
            "",
            `What a container loads (minified): ${sizes.memory.toFixed(0)} KiB on memory, the start alone; ${sizes.dynamodb.toFixed(0)} KiB with DynamoDB's chunk (the adapter and the AWS SDK); ${sizes.neon.toFixed(0)} KiB with Neon's`,
          ]
        : []),
    ].join("\n");
  } finally {
    await shim.stop();
    await pglite.stop();
    await dynamo.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await benchLambda());
}
