// `npm run bench:dynamodb-client`: the AWS SDK's DynamoDB client (what adapters/dynamodb uses)
// against a fetch-based one signed by aws4fetch (bench/dynamodb-client/fetch-client.ts), the
// measurement issue 32 asked for before choosing: each client's bundle (minified, alone), the
// cold start of a process that loads it and makes its first put, get and query against
// DynamoDB Local, and the CPU of each later round. Each process is its own, alternating, so a
// busy moment on the shared machine lands on both. aws4fetch is installed into
// bench/dynamodb-client on first use (its own lockfile), like elizaOS for the other benches.
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { createTable } from "../adapters/dynamodb/index.ts";
import { localClient, startDynamoDbLocal } from "../test/support/dynamodb-local.ts";
import { bundleChild, cpuMs } from "./compare/children.ts";
import { median, ms, percentile, times } from "./compare/stats.ts";
import { machineLine } from "./machine.ts";

const dir = fileURLToPath(new URL("./dynamodb-client/", import.meta.url));
const TABLE = "eliza-edge-bench-client";
const CLIENTS = { sdk: "@aws-sdk/client-dynamodb 3.1162.0", fetch: "aws4fetch 1.0.20 + fetch" };
type Client = keyof typeof CLIENTS;

interface Run {
  coldMs: number;
  coldCpuMs: number;
  wallMs: number[];
  cpuMs: number[];
}

/** Minified bytes (and gzip) of a client: its child bundled (the rounds, under 1 KiB, included). */
async function clientBytes(client: Client): Promise<{ raw: number; gzip: number }> {
  const result = await build({
    entryPoints: [`${dir}child-${client}.ts`],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    minify: true,
    legalComments: "none",
    // As the Lambda bundle is built (targets/bundling/node-bundle.ts).
    mainFields: ["module", "main"],
    external: ["bowser"],
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.contents;
  return { raw: code.byteLength, gzip: gzipSync(code).byteLength };
}

function runOnce(file: string, env: Record<string, string>, calls: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [file], {
      env: { PATH: process.env.PATH ?? "", BENCH_CALLS: String(calls), ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let cold: Pick<Run, "coldMs" | "coldCpuMs"> | undefined;
    let out = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (!cold && out.includes("BENCH first\n")) {
        cold = { coldMs: performance.now() - started, coldCpuMs: cpuMs(child.pid) };
        child.stdin.write("go\n");
      }
      const done = /BENCH done (\{.*\})\n/.exec(out);
      if (done && cold)
        resolve({ ...cold, ...(JSON.parse(done[1]!) as Omit<Run, keyof typeof cold>) });
    });
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`${file} exited with ${code}:\n${stderr}`));
    });
  });
}

export async function benchDynamoClient(
  runs = Number(process.env.BENCH_RUNS ?? 9),
  calls = Number(process.env.BENCH_CALLS ?? 100),
): Promise<string> {
  if (!existsSync(`${dir}node_modules/aws4fetch/package.json`)) {
    console.error("Installing aws4fetch into bench/dynamodb-client (first run only)...");
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
  }
  const local = await startDynamoDbLocal();
  try {
    await createTable(localClient(local.endpoint), TABLE);
    const env = { BENCH_ENDPOINT: local.endpoint, BENCH_TABLE: TABLE };
    const files = {
      sdk: await bundleChild(`${dir}child-sdk.ts`, "dynamodb-client-sdk"),
      fetch: await bundleChild(`${dir}child-fetch.ts`, "dynamodb-client-fetch"),
    };
    const samples: Record<Client, Run[]> = { sdk: [], fetch: [] };
    for (let run = -1; run < runs; run++) {
      for (const client of ["sdk", "fetch"] as const) {
        const sample = await runOnce(files[client], env, calls);
        if (run >= 0) samples[client].push(sample);
      }
    }
    const sizes = { sdk: await clientBytes("sdk"), fetch: await clientBytes("fetch") };
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    const rows = (Object.keys(CLIENTS) as Client[]).map((client) => {
      const values = samples[client];
      const cpu = values.flatMap((v) => v.cpuMs);
      return `| ${CLIENTS[client]} | ${kib(sizes[client].raw)} / ${kib(sizes[client].gzip)} | ${ms(median(values.map((v) => v.coldMs)))} | ${ms(median(values.map((v) => v.coldCpuMs)))} | ${ms(median(values.flatMap((v) => v.wallMs)))} | ${ms(median(cpu))} | ${ms(percentile(cpu, 90))} |`;
    });
    const cold = (client: Client) => median(samples[client].map((v) => v.coldCpuMs));
    const warm = (client: Client) => median(samples[client].flatMap((v) => v.cpuMs));
    return [
      `DynamoDB clients against DynamoDB Local: a process loads one, then a put, a get and a query (a round); its first round is the cold start, then ${calls} rounds after 10 untimed; ${runs} processes each, alternating (${machineLine()})`,
      "",
      "| client | bundle, minified / gzip | cold start (spawn → first round), median | its CPU, median | warm round p50 | its CPU, p50 | CPU, p90 |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows,
      "",
      `SDK ÷ fetch, medians by CPU: cold start ${times(cold("sdk"), cold("fetch"))}, warm round ${times(warm("sdk"), warm("fetch"))}`,
    ].join("\n");
  } finally {
    await local.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await benchDynamoClient());
}
