// What test/scaffold/packed.test.ts checks of each installed project after its own `npm test`:
// the target's deploy dry run (wrangler, `vercel build`, `serverless package`), that the built
// deployable answers (every HTTP method through the Vercel function, AWS's sample events
// through `npm run invoke`, the Dockerfile's command for Node), and the Lambda's cold-start
// size against the package's budget.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { LAMBDA_START_BUDGET } from "../../targets/bundling/project-build.ts";
import { serverlessPackage } from "../support/serverless-cli.ts";
import { vercelBuild } from "../support/vercel-cli.ts";

export const quietEnv = {
  ...process.env,
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
  WRANGLER_SEND_METRICS: "false",
  CI: "true",
  // Plain output to match on: vitest colours it when its parent (this vitest) forces colour.
  FORCE_COLOR: "0",
  NO_COLOR: "1",
};

export function npm(
  args: string[],
  cwd: string,
  timeout = 300_000,
  env: Record<string, string> = {},
): string {
  return execFileSync("npm", args, {
    cwd,
    env: { ...quietEnv, ...env },
    encoding: "utf8",
    timeout,
    stdio: "pipe",
  });
}

const TOKEN = "scaffold-probe-token-0123456789";
const probeEnv = { ...quietEnv, ALLOW_NO_DATABASE: "true", LOG_LEVEL: "error", API_TOKEN: TOKEN };

function node(script: string, cwd: string): string {
  return execFileSync("node", ["--input-type=module", "-e", script], {
    cwd,
    env: probeEnv,
    encoding: "utf8",
    timeout: 120_000,
  });
}

export type Target = "cloudflare" | "lambda" | "vercel" | "node";

export async function checkDeployable(target: Target, dir: string): Promise<void> {
  if (target === "cloudflare") return checkWorker(dir);
  if (target === "lambda") return checkLambda(dir);
  if (target === "vercel") return checkVercel(dir);
  return checkNode(dir);
}

/**
 * A Worker project installs none of eliza-edge's drivers; choosing a backend that needs one
 * says which package and how to install it.
 */
function checkWorker(dir: string): void {
  const out = npm(["run", "check"], dir);
  expect(out).toContain("env.DB");
  expect(out).toContain("--dry-run: exiting now.");
  for (const driver of [
    "pg",
    "@electric-sql/pglite",
    "@aws-sdk/client-dynamodb",
    "@discordjs/ws",
  ]) {
    expect(existsSync(join(dir, "node_modules", driver)), driver).toBe(false);
  }
  const postgres = eliza(dir, ["migrate"], { DATABASE_URL: "postgres://u:p@127.0.0.1:9/db" });
  expect(postgres.status).toBe(1);
  expect(postgres.stderr).toContain("DATABASE_URL (Postgres) needs pg");
  expect(postgres.stderr).toContain("npm i pg@8.23.1");
  const pglite = eliza(dir, ["migrate"], { PGLITE_DIR: join(dir, "db") });
  expect(pglite.stderr).toContain(
    "npm i @electric-sql/pglite@0.5.14 @electric-sql/pglite-pgvector@0.0.15",
  );
}

function eliza(dir: string, args: string[], env: Record<string, string>) {
  return spawnSync("npx", ["--no-install", "eliza-edge", ...args], {
    cwd: dir,
    env: { ...quietEnv, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
}

/**
 * `npm run build` is `eliza-edge build lambda`, which says what a cold start loads; then the
 * bundle answers AWS's sample events through `npm run invoke`, and `serverless package`
 * (Serverless v3, offline) validates serverless.yml and zips dist/lambda.
 */
function checkLambda(dir: string): void {
  const out = npm(["run", "build"], dir);
  const loaded = /built dist\/lambda\/index\.js: ([\d.]+) KiB loaded at a cold start/.exec(out);
  expect(loaded, out).not.toBeNull();
  expect(Number(loaded![1]) * 1024).toBeLessThanOrEqual(LAMBDA_START_BUDGET);
  expect(existsSync(join(dir, "dist/lambda/chunks"))).toBe(true);
  expect(existsSync(join(dir, "dist/server.js"))).toBe(true);

  const invoked = npm(["run", "invoke", "--", "--text", "Roll a die"], dir);
  expect(invoked).toMatch(/<- 200 replies: "You rolled a [1-6]\."/);
  expect(invoked).toContain("-> EventBridge scheduled event");
  expect(invoked).toMatch(/<- \{"ran":0,"succeeded":0,/);
  // The project has no Neon driver (DynamoDB is its storage): the build left it out, and
  // choosing Postgres says what to install.
  const postgres = eliza(dir, ["invoke", "--event", "http"], {
    DATABASE_URL: "postgres://u:p@db.example.neon.tech/db",
  });
  expect(`${postgres.stdout}${postgres.stderr}`).toContain("npm i @neondatabase/serverless@1.2.0");

  serverlessPackage(dir);
  const template = readFileSync(
    join(dir, ".serverless/cloudformation-template-update-stack.json"),
    "utf8",
  );
  expect(template).toContain('"Runtime": "nodejs22.x"');
  expect(existsSync(join(dir, ".serverless/my-agent.zip"))).toBe(true);
}

/** Every method the app serves, through the function module; Vercel dispatches on its exports. */
const METHOD_PROBE = (entry: string) => `const fn = await import(${JSON.stringify(entry)});
const auth = { authorization: "Bearer ${TOKEN}", "content-type": "application/json" };
const calls = [
  ["GET", "/health"],
  ["POST", "/api/messages", JSON.stringify({ text: "Roll a die", userId: "probe" })],
  ["PUT", "/api/no-such-route"],
  ["PATCH", "/api/no-such-route"],
  ["DELETE", "/api/tasks/00000000-0000-4000-8000-000000000000"],
  ["OPTIONS", "/api/messages"],
];
const out = {};
for (const [method, path, body] of calls) {
  if (typeof fn[method] !== "function") { out[method] = "not exported"; continue; }
  const res = await fn[method](new Request("https://agent.vercel.app" + path, { method, headers: auth, body }));
  out[method] = { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
}
console.log(JSON.stringify(out));`;

type MethodAnswers = Record<string, { status: number; type: string; body: string } | string>;

/**
 * `vercel build` (offline, the real CLI) turns the project into Vercel's Build Output: one
 * Node function holding everything it needs, the rewrite to /api and the cron. The function is
 * loaded from that output, as Vercel's launcher would, and every method reaches the app.
 */
function checkVercel(dir: string): void {
  npm(["run", "build"], dir);
  expect(existsSync(join(dir, "dist/vercel/main.js"))).toBe(true);
  vercelBuild(dir);
  const output = join(dir, ".vercel/output");
  const config = JSON.parse(readFileSync(join(output, "config.json"), "utf8"));
  expect(config.crons).toEqual([{ path: "/api/cron", schedule: "0 0 * * *" }]);
  expect(config.routes).toContainEqual(expect.objectContaining({ dest: "/api" }));
  const fn = join(output, "functions/api/index.func");
  const vc = JSON.parse(readFileSync(join(fn, ".vc-config.json"), "utf8"));
  expect(vc).toMatchObject({ handler: "api/index.js", launcherType: "Nodejs", maxDuration: 60 });
  // The function directory alone: no node_modules from the project around it.
  expect(existsSync(join(fn, "node_modules"))).toBe(false);
  const answers = JSON.parse(node(METHOD_PROBE(`./${vc.handler}`), fn)) as MethodAnswers;
  for (const [method, answer] of Object.entries(answers)) {
    // Vercel's own 405 is what a missing export gets; the app answers JSON.
    expect(answer, method).not.toBe("not exported");
    expect(typeof answer === "object" && answer.type, method).toMatch(/^application\/json/);
  }
  const get = answers.GET as { status: number; body: string };
  expect(get.status).toBe(200);
  expect(JSON.parse(get.body)).toMatchObject({ status: "ok", name: "My Agent" });
  const post = answers.POST as { status: number; body: string };
  expect(post.status).toBe(200);
  expect(JSON.parse(post.body).replies[0].text).toMatch(/^You rolled a [1-6]\.$/);
  expect((answers.DELETE as { status: number }).status).toBe(404);
  expect((answers.PUT as { status: number }).status).toBe(404);
}

/**
 * The Dockerfile's command (node itself, no npm) starts the built server on an embedded
 * database, it answers, and a SIGTERM (what `docker stop` sends) ends it cleanly.
 */
async function checkNode(dir: string): Promise<void> {
  npm(["run", "build"], dir);
  const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(dir, "Dockerfile"), "utf8"));
  const [command, ...args] = JSON.parse(cmd![1]!) as string[];
  expect(command).toBe("node");
  const child = spawn(command!, args, {
    cwd: dir,
    env: { ...quietEnv, PORT: "0", PGLITE_DIR: join(dir, "data"), LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((done) => child.once("exit", done));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no start within 120 s:\n${output}`)),
        120_000,
      );
      child.stdout.on("data", () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      void exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
    });
    const res = await fetch(`${url}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "Roll a die", userId: "docker" }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { replies: { text: string }[] };
    expect(body.replies[0]?.text).toMatch(/^You rolled a [1-6]\.$/);
  } finally {
    child.kill("SIGTERM");
  }
  expect(await exited, output).toBe(0);
}
