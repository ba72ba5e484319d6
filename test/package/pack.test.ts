// The published package, used the way a new user uses it (issue 16): packed, installed into a
// fresh project from the tarball, then imported from plain Node 20, run as `npx eliza-edge`,
// type-checked with strict tsc, and built into each target's deployable the user's own tools
// make (esbuild for Lambda and Vercel, wrangler for Workers), each of which then answers a
// message. The consumer's sources are in test/package/consumer/.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { npxBin } from "../../tools/npm-bin.ts";
import { packBoth } from "../../tools/pack.ts";
import { publishDryRun } from "../../tools/release.ts";
import { startD1Worker } from "../support/miniflare-d1.ts";
import { createPackedProject, type PackedProject, root } from "../support/packed-project.ts";

const AHOY = "Ahoy from the consumer's plugin";
const TOKEN = "consumer-api-token-0123456789";
const node = process.execPath;

let project: PackedProject;

// A build, a pack and an npm install: minutes on a busy machine.
beforeAll(async () => {
  project = await createPackedProject();
}, 1_800_000);

afterAll(async () => {
  await project?.dispose();
});

type ExportTarget = string | { types?: string; import?: string };

describe("the packed eliza-edge", { timeout: 600_000 }, () => {
  it("ships dist, the migrations and the docs, and nothing of the repository's own", () => {
    const paths = project.pack.files.map((f) => f.path);
    for (const forbidden of [/^test\//, /^bench\//, /^\.ci\//, /\.dev\.vars/, /(^|\/)\.env/]) {
      expect(paths.filter((p) => forbidden.test(p))).toEqual([]);
    }
    // TypeScript only as declarations; the deploy bundles of build:lambda/vercel stay out.
    expect(paths.filter((p) => p.endsWith(".ts") && !p.endsWith(".d.mts"))).toEqual([]);
    expect(paths.filter((p) => /^dist\/(lambda|vercel)\//.test(p))).toEqual([]);
    expect(paths.filter((p) => p.includes("node_modules"))).toEqual([]);
    expect(paths).toEqual(
      expect.arrayContaining([
        "package.json",
        "README.md",
        "LICENSE",
        "dist/cli.mjs",
        "dist/chat.html",
        "dist/client.mjs",
        "openapi.json",
        "dist/migrations/0000_pgvector.sql",
        "dist/sidecar/server.mjs",
        "dist/pglite-seed.tar.gz",
        "dist/pglite-seed.json",
        "dist/pglite-worker.mjs",
        "dist/pglite-prepared.mjs",
        "adapters/d1/migrations/0000_init.sql",
      ]),
    );
    // Budget: 3.1 MB of code and docs and ~143 files (2.6 MB before the client protocols, the
    // retry contract, elizaOS's templates and the project build of issues 29-33), plus the
    // PGlite seed (4.9 MB, already gzip: a fresh PGLITE_DIR unpacks it instead of running
    // initdb, ~5 s less on a first start); a stray directory would blow through it.
    const seed = project.pack.files.find((f) => f.path === "dist/pglite-seed.tar.gz");
    expect(seed?.size).toBeLessThan(6_000_000);
    expect(project.pack.unpackedSize - (seed?.size ?? 0)).toBeLessThan(3_300_000);
    expect(paths.length).toBeLessThan(200);
  });

  it("passes `npm publish --dry-run` with nothing for npm to correct, with create-eliza-edge", async () => {
    // The same check `npm run release` makes; the tarballs are the ones this test installed.
    const { elizaEdge, scaffolder } = await packBoth();
    expect(Number(await publishDryRun(elizaEdge.tarball))).toBe(project.pack.files.length);
    expect(Number(await publishDryRun(scaffolder.tarball))).toBeGreaterThan(10);
  });

  it("has every file its exports and bin name", async () => {
    const pkg = JSON.parse(
      await readFile(join(project.dir, "node_modules/eliza-edge/package.json"), "utf8"),
    ) as { exports: Record<string, ExportTarget>; bin: Record<string, string> };
    const shipped = new Set(project.pack.files.map((f) => f.path));
    const named = Object.values(pkg.exports).flatMap((target) =>
      typeof target === "string" ? [target] : Object.values(target),
    );
    for (const file of [...named, ...Object.values(pkg.bin)]) {
      expect(shipped, file).toContain(file.replace(/^\.\//, ""));
    }
  });

  it("imports every public subpath from plain Node 20, no TypeScript loader", async () => {
    const pkg = JSON.parse(
      await readFile(join(project.dir, "node_modules/eliza-edge/package.json"), "utf8"),
    ) as { exports: Record<string, ExportTarget> };
    const subpaths = Object.keys(pkg.exports)
      .filter((key) => key !== "./package.json" && key !== "./register")
      .map((key) => `eliza-edge${key.slice(1)}`);
    const script = `const counts = {};
for (const s of ${JSON.stringify(subpaths)}) counts[s] = Object.keys(await import(s)).length;
console.log(JSON.stringify(counts));`;
    const { stdout } = await project.exec(node, ["--input-type=module", "-e", script]);
    const counts = JSON.parse(stdout) as Record<string, number>;
    expect(Object.keys(counts).sort()).toEqual([...subpaths].sort());
    for (const [subpath, count] of Object.entries(counts))
      expect(count, subpath).toBeGreaterThan(0);
  });

  it("gives `@elizaos/core` the package's own compat entry under `node --import eliza-edge/register`", async () => {
    // @elizaos/core is not even installed: only the hook can answer for it.
    const script = `const core = await import("@elizaos/core");
const compat = await import("eliza-edge/elizaos");
const edge = await import("eliza-edge");
console.log(JSON.stringify({ same: core.Service === compat.Service, shared: core.createAgent === edge.createAgent }));`;
    const { stdout } = await project.exec(node, [
      "--import",
      "eliza-edge/register",
      "--input-type=module",
      "-e",
      script,
    ]);
    expect(JSON.parse(stdout)).toEqual({ same: true, shared: true });
  });

  it("runs `npx eliza-edge --help` and migrates embedded PGlite from the shipped migrations", async () => {
    const npx = npxBin;
    const help = await project.exec(npx, ["--no-install", "eliza-edge", "--help"]);
    expect(help.stdout).toContain("usage: eliza-edge <command>");
    // The CLI installs the @elizaos/core hooks before it loads any plugin.
    const cli = await readFile(join(project.dir, "node_modules/eliza-edge/dist/cli.mjs"), "utf8");
    expect(cli).toMatch(/^import "\.\/register-[\w-]+\.mjs";$/m);
    const migrate = await project.exec(npx, ["--no-install", "eliza-edge", "migrate"], {
      PGLITE_DIR: join(project.dir, "db"),
    });
    expect(migrate.stdout).toContain("applied 0000_pgvector, 0001_tables");
  });

  it("type-checks a consumer's use of the public API with strict tsc, library types included", async () => {
    // consumer/tsconfig.json: strict, noUncheckedIndexedAccess, skipLibCheck false, NodeNext.
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    const result = await project.exec(node, [tsc, "-p", "."]).catch((error) => error);
    expect(`${result.stdout}${result.stderr ?? ""}`).toBe("");
  });

  it("bundles a consumer's Lambda handler with esbuild; it answers an API Gateway v2 event", async () => {
    await build({
      entryPoints: ["lambda.ts"],
      absWorkingDir: project.dir,
      outfile: "out/lambda.mjs",
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "error",
      alias: { "@elizaos/core": "eliza-edge/elizaos" },
      // Bundled CommonJS dependencies (the AWS SDK's) call require in an ES module.
      banner: {
        js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
      },
    });
    const body = JSON.stringify({ text: "hello there", userId: "u1" });
    const script = `const { handler } = await import("./out/lambda.mjs");
const event = ${JSON.stringify(apiGatewayV2Event(body))};
const result = await handler(event, { functionName: "consumer", awsRequestId: "r1", getRemainingTimeInMillis: () => 30000 });
console.log(JSON.stringify(result));`;
    const { stdout } = await project.exec(node, ["--input-type=module", "-e", script], {
      ALLOW_NO_DATABASE: "true",
      API_TOKEN: TOKEN,
      LOG_LEVEL: "error",
    });
    const result = JSON.parse(stdout) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body).replies).toEqual([
      expect.objectContaining({ name: "Ada", text: AHOY }),
    ]);
  });

  it("loads a consumer's Vercel function (esbuild, plain Node) and it answers", async () => {
    // The function module as a consumer's own bundler makes it; the real `vercel build` runs
    // on the scaffolder's Vercel project (test/scaffold/packed.test.ts).
    await build({
      entryPoints: ["vercel.ts"],
      absWorkingDir: project.dir,
      outfile: "out/vercel.mjs",
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "error",
      alias: { "@elizaos/core": "eliza-edge/elizaos" },
    });
    const script = `const { POST } = await import("./out/vercel.mjs");
const response = await POST(new Request("https://consumer.vercel.app/api/messages", {
  method: "POST",
  headers: { "content-type": "application/json", authorization: "Bearer ${TOKEN}" },
  body: JSON.stringify({ text: "hello" }),
}));
console.log(JSON.stringify({ status: response.status, body: await response.json() }));`;
    const { stdout } = await project.exec(node, ["--input-type=module", "-e", script], {
      ALLOW_NO_DATABASE: "true",
      API_TOKEN: TOKEN,
      LOG_LEVEL: "error",
    });
    const result = JSON.parse(stdout) as { status: number; body: { replies: unknown[] } };
    expect(result.status).toBe(200);
    expect(result.body.replies).toEqual([expect.objectContaining({ name: "Ada", text: AHOY })]);
  });

  it("builds a consumer Worker with `wrangler deploy --dry-run`; in workerd it answers on D1", async () => {
    const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
    const { stdout } = await project.exec(node, [
      wrangler,
      "deploy",
      "--dry-run",
      "--outdir",
      "out/worker",
    ]);
    expect(stdout).toMatch(/Total Upload: [\d.]+ KiB/);
    const script = await readFile(join(project.dir, "out/worker/worker.js"), "utf8");
    // The consumer's wrangler.toml date: the one the README tells users to start from.
    const compatibilityDate = /compatibility_date = "([\d-]+)"/.exec(
      await readFile(join(project.dir, "wrangler.toml"), "utf8"),
    )![1]!;
    // The migrations the package ships, applied as `wrangler d1 migrations apply` would.
    const { mf } = await startD1Worker({
      script,
      compatibilityDate,
      bindings: { API_TOKEN: TOKEN },
      migrations: join(project.dir, "node_modules/eliza-edge/adapters/d1/migrations"),
    });
    try {
      const response = await mf.dispatchFetch("https://consumer.example/api/messages", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ text: "hello" }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { replies: unknown[] };
      expect(body.replies).toEqual([expect.objectContaining({ name: "Ada", text: AHOY })]);
    } finally {
      await mf.dispose();
    }
  });
});

function apiGatewayV2Event(body: string) {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: "/api/messages",
    rawQueryString: "",
    headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    requestContext: {
      accountId: "123456789012",
      apiId: "api",
      domainName: "api.execute-api.us-east-1.amazonaws.com",
      domainPrefix: "api",
      http: {
        method: "POST",
        path: "/api/messages",
        protocol: "HTTP/1.1",
        sourceIp: "203.0.113.7",
        userAgent: "pack-test",
      },
      requestId: "r1",
      routeKey: "$default",
      stage: "$default",
      time: "23/Nov/2026:10:00:00 +0000",
      timeEpoch: 1_795_431_600_000,
    },
    body,
    isBase64Encoded: false,
  };
}
