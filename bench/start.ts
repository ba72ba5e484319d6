// `npm run bench:start`: cold start of the Node target as `npm start` runs it, spawn → first
// reply (the "listening on" line, then POST /api/messages answered), before and after the
// package build (issue 16). Before: the TypeScript sources through tsx, as `npm start` ran
// them; after: the built dist/ on plain node (run `npm run build` first). Memory storage
// and the offline model, so the figure is loading and starting the code, not a database or a
// network model. `npm start` itself adds npm's own start-up to both.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { median, ms, percentile } from "./compare/stats.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const root = fileURLToPath(new URL("..", import.meta.url));

const variants = {
  "before: tsx, TypeScript sources": [
    "--import",
    "tsx",
    "--import",
    "./targets/node/register.mjs",
    "targets/node/main.ts",
  ],
  "after: node, built dist/": ["--import", "./dist/register.mjs", "dist/main.mjs"],
} as const;

if (!existsSync(`${root}dist/main.mjs`)) {
  console.error("dist/main.mjs is missing: run `npm run build` first");
  process.exit(1);
}

/** Milliseconds from spawn to the first reply's body. */
function coldStart(args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        ALLOW_NO_DATABASE: "true",
        HOST: "127.0.0.1",
        PORT: "0",
        TASK_INTERVAL_MS: "0",
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let asked = false;
    child.once("exit", (code) => reject(new Error(`exited ${code} before replying:\n${out}`)));
    child.stdout.on("data", async (chunk) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (asked || !url) return;
      asked = true;
      try {
        const response = await fetch(`${url}/api/messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ text: "I feel sad" }),
        });
        const body = (await response.json()) as { replies?: { text: string }[] };
        if (!body.replies?.[0]?.text) throw new Error(`no reply: ${JSON.stringify(body)}`);
        const elapsed = performance.now() - started;
        child.removeAllListeners("exit");
        child.kill("SIGKILL");
        resolve(elapsed);
      } catch (error) {
        child.kill("SIGKILL");
        reject(error);
      }
    });
  });
}

// The parent's own first fetch pays undici's start-up once; keep it out of the first sample.
await fetch("data:,warm").catch(() => undefined);
const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, [] as number[]]));
for (let i = 0; i < RUNS; i++) {
  // Alternating, so a busy moment on the machine lands on both.
  for (const [name, args] of Object.entries(variants)) {
    samples[name]!.push(await coldStart(args));
  }
}

console.log(
  `Node target cold start, spawn → first reply (${RUNS} runs each, Node ${process.version})\n`,
);
console.log("| npm start runs | median | p90 | min |");
console.log("|---|---|---|---|");
for (const [name, values] of Object.entries(samples)) {
  console.log(
    `| ${name} | ${ms(median(values))} | ${ms(percentile(values, 90))} | ${ms(Math.min(...values))} |`,
  );
}
