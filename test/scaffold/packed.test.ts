// A new project as the README tells a user with a clone to make one: `npm run create -- <dir>`
// (tools/create.ts) packs create-eliza-edge and eliza-edge (in a temporary copy of the
// sources), runs the packed scaffolder through `npm exec` (what `npm create eliza-edge` does)
// and vendors the eliza-edge tarball into the project. Once per target, in a temporary
// directory; then each project installs its dependencies and runs its own `npm test` (strict
// tsc, then the plugin's test). The Vercel project also goes through the real `vercel build`,
// and its function is loaded from the output.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PackedPair, packBoth } from "../../tools/pack.ts";
import { vercelBuild } from "../support/vercel-cli.ts";

const repo = fileURLToPath(new URL("../../", import.meta.url));

const quietEnv = {
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

function npm(args: string[], cwd: string, timeout = 300_000): string {
  return execFileSync("npm", args, {
    cwd,
    env: quietEnv,
    encoding: "utf8",
    timeout,
    stdio: "pipe",
  });
}

const PROJECTS = [
  { target: "cloudflare", bots: "telegram", model: "workers-ai", descriptor: "wrangler.toml" },
  { target: "lambda", bots: "discord", model: "anthropic", descriptor: "serverless.yml" },
  { target: "vercel", bots: "none", model: "openai-compatible", descriptor: "vercel.json" },
  {
    target: "node",
    bots: "telegram,discord",
    model: "openai-compatible",
    descriptor: "src/server.ts",
  },
] as const;

// The built function answering GET /health with the project's own character, in memory.
const HEALTH_PROBES = {
  lambda: `const { handler } = await import("./dist/lambda/index.js");
    const event = { version: "2.0", routeKey: "$default", rawPath: "/health", rawQueryString: "",
      headers: { host: "probe" }, isBase64Encoded: false,
      requestContext: { http: { method: "GET", path: "/health", sourceIp: "127.0.0.1" },
        requestId: "probe", stage: "$default", domainName: "probe", timeEpoch: Date.now() } };
    const res = await handler(event, { awsRequestId: "probe", getRemainingTimeInMillis: () => 30000 });
    console.log(res.statusCode, res.body);`,
  vercel: `const { GET } = await import("./api/index.js");
    const res = await GET(new Request("http://probe/health"));
    console.log(res.status, await res.text());`,
};

/** After `npm test`: the target's build (or Worker dry run) works, and the bundle answers. */
function checkDeployable(target: (typeof PROJECTS)[number]["target"], dir: string): void {
  if (target === "cloudflare") {
    const out = npm(["run", "check"], dir);
    expect(out).toContain("env.DB");
    expect(out).toContain("--dry-run: exiting now.");
    return;
  }
  npm(["run", "build"], dir);
  expect(existsSync(join(dir, "dist/server.js"))).toBe(target !== "vercel");
  if (target === "node") return;
  const probe = execFileSync("node", ["--input-type=module", "-e", HEALTH_PROBES[target]], {
    cwd: dir,
    env: { ...quietEnv, ALLOW_NO_DATABASE: "true", LOG_LEVEL: "error" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expectHealthy(probe, target);
  if (target === "vercel") checkVercelBuild(dir);
}

function expectHealthy(probe: string, target: string): void {
  expect(probe).toMatch(/^200 /);
  expect(JSON.parse(probe.slice(4))).toMatchObject({
    status: "ok",
    name: `Agent ${target[0]?.toUpperCase()}${target.slice(1)}`,
  });
}

/**
 * `vercel build` (offline, the real CLI) turns the project into Vercel's Build Output: one
 * Node function holding everything it needs, the rewrite to /api and the cron. The function
 * is then loaded from that output, as Vercel's launcher would, and answers.
 */
function checkVercelBuild(dir: string): void {
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
  const probe = execFileSync(
    "node",
    [
      "--input-type=module",
      "-e",
      HEALTH_PROBES.vercel.replace("./api/index.js", `./${vc.handler}`),
    ],
    {
      cwd: fn,
      env: { ...quietEnv, ALLOW_NO_DATABASE: "true", LOG_LEVEL: "error" },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  expectHealthy(probe, "vercel");
}

let work: string;
let packed: PackedPair;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "create-eliza-edge-packed-"));
  packed = await packBoth();
}, 1_800_000);

// Four installed projects are many files to delete.
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
}, 600_000);

describe("create-eliza-edge from its packed tarball", () => {
  it("ships only its bin, sources, package.json and README", () => {
    const listing = execFileSync("tar", ["-tzf", packed.scaffolder.tarball], {
      encoding: "utf8",
    }).split("\n");
    const files = listing.filter(Boolean).map((f) => f.replace(/^package\//, ""));
    expect(files).toContain("bin/create-eliza-edge.mjs");
    expect(files).toContain("src/cli.mjs");
    expect(files.filter((f) => !/^(bin|src)\//.test(f)).sort()).toEqual([
      "README.md",
      "package.json",
    ]);
  });

  it.each(PROJECTS)(
    "npm run create writes a $target project that installs eliza-edge from vendor/",
    ({ target, bots, model, descriptor }) => {
      // Run from the work directory, as a user runs npm from where the project should go.
      const out = npm(
        [
          "--prefix",
          repo,
          "run",
          "create",
          "--",
          `agent-${target}`,
          "--target",
          target,
          "--bots",
          bots,
          "--model",
          model,
        ],
        work,
      );
      expect(out).toContain(`Created agent-${target} (${target},`);
      const dir = join(work, `agent-${target}`);
      expect(existsSync(join(dir, descriptor))).toBe(true);
      const vendored = `vendor/${packed.elizaEdge.report.filename}`;
      expect(existsSync(join(dir, vendored))).toBe(true);
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      expect(pkg.dependencies["eliza-edge"]).toBe(`file:${vendored}`);
    },
    600_000,
  );

  describe.sequential("each generated project installs and passes its own npm test", () => {
    for (const { target } of PROJECTS) {
      it(`${target}: npm install && npm test, then its build answers`, () => {
        const dir = join(work, `agent-${target}`);
        npm(["install", "--prefer-offline"], dir, 900_000);
        // Its own test script: strict tsc over src/, then the plugin's three tests.
        const out = stripVTControlCharacters(npm(["test"], dir, 600_000));
        expect(out).toMatch(/Tests\s+3 passed \(3\)/);
        checkDeployable(target, dir);
      }, 1_500_000);
    }
  });
});
