// The Worker with published elizaOS plugins registered (test/fixtures/worker-elizaos-plugins.ts),
// bundled by `wrangler deploy --dry-run` from test/fixtures/wrangler-elizaos-plugins.toml, which
// holds the README's alias block: `[alias]` for @elizaos/core plus nodejs_compat. Checks the
// size budget, that the real @elizaos/core stayed out, and that workerd starts it only with
// the compatibility settings the block documents.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { beforeAll, describe, expect, it } from "vitest";
import {
  PLUGIN_BOOTSTRAP_MARKER,
  PLUGIN_STARTER_MARKER,
  REAL_ELIZAOS_CORE_MARKERS,
} from "../support/elizaos-bundle-markers.ts";
import { type WranglerDryRun, wranglerDryRun } from "../support/wrangler-dry-run.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const CONFIG = "test/fixtures/wrangler-elizaos-plugins.toml";
/**
 * The budget for the Worker with plugin-bootstrap and plugin-starter in it, minified as the
 * README's alias block says (`minify = true`). Unminified it was 397 KiB before issues 19 and
 * 20 and is 443 KiB now (chrono-node, the date parser reminders need, 22.9 KiB; the bots'
 * media, formatting, buttons and commands 8.2 KiB; the run log, streaming and the runs and tasks
 * routes ~7 KiB). Minified: 332.4 KiB measured; 353.3 KiB with issue 31's OpenAI, elizaOS and
 * EventSource routes and the served openapi.json; 366.9 KiB with issue 30's elizaOS
 * prompt templates byte for byte (~4.5 KiB gzip), the elizaOS adapter bridge and BM25 in core
 * (~2 KiB).
 */
const WORKER_GZIP_BUDGET_KIB = 372;

const toml = await readFile(join(root, CONFIG), "utf8");
const compatibilityDate = /^compatibility_date = "([\d-]+)"$/m.exec(toml)?.[1] ?? "";
const compatibilityFlags = JSON.parse(
  /^compatibility_flags = (\[.*\])$/m.exec(toml)?.[1] ?? "[]",
) as string[];

/** Starts `script` in workerd and answers one request; throws when workerd refuses the module. */
async function runInWorkerd(
  script: string,
  flags: string[],
  path: string,
  bindings: Record<string, string> = {},
): Promise<Response> {
  const mf = new Miniflare({
    // As an explicit module list, workerd itself resolves `node:` imports (as in production).
    modules: [{ type: "ESModule", path: "worker.js", contents: script }],
    compatibilityDate,
    compatibilityFlags: flags,
    d1Databases: ["DB"],
    bindings,
  });
  try {
    const response = (await mf.dispatchFetch(`http://worker.test${path}`)) as unknown as Response;
    return new Response(await response.text(), { status: response.status });
  } finally {
    await mf.dispose();
  }
}

describe("Worker with published elizaOS plugins, as wrangler bundles it", () => {
  let dryRun: WranglerDryRun;
  beforeAll(async () => {
    dryRun = await wranglerDryRun(CONFIG, "worker-elizaos-plugins.ts");
  });

  it("is configured as the README's alias block says", () => {
    expect(toml).toMatch(/^main = "worker-elizaos-plugins\.ts"$/m);
    expect(toml).toMatch(/^\[alias\]\n"@elizaos\/core" = "\.\.\/\.\.\/core\/elizaos\/index\.ts"$/m);
    expect(compatibilityFlags).toEqual(["nodejs_compat"]);
    expect(toml).toMatch(/^minify = true$/m);
    // process.env is filled from vars and secrets only from this date on.
    expect(compatibilityDate >= "2025-04-01").toBe(true);
  });

  it(`fits the ${WORKER_GZIP_BUDGET_KIB} KiB gzip budget`, () => {
    console.info(
      `Worker with plugin-bootstrap and plugin-starter: ${dryRun.totalKiB} KiB / gzip ${dryRun.gzipKiB} KiB`,
    );
    expect(dryRun.gzipKiB).toBeLessThanOrEqual(WORKER_GZIP_BUDGET_KIB);
  });

  it("holds the plugins' code over eliza-edge/elizaos, not the real @elizaos/core", () => {
    expect(dryRun.code).toContain(PLUGIN_BOOTSTRAP_MARKER);
    expect(dryRun.code).toContain(PLUGIN_STARTER_MARKER);
    for (const marker of REAL_ELIZAOS_CORE_MARKERS) expect(dryRun.code).not.toContain(marker);
    // plugin-bootstrap's uuid dependency is why the block needs nodejs_compat.
    expect(dryRun.code).toMatch(/from ?"node:crypto"/);
  });

  it("starts in workerd with nodejs_compat and routes requests", async () => {
    const response = await runInWorkerd(dryRun.code, compatibilityFlags, "/no-such-route");
    expect(response.status).toBe(404);
  });

  it("needs nodejs_compat: without it workerd refuses the module", async () => {
    await expect(runInWorkerd(dryRun.code, [], "/no-such-route")).rejects.toThrow(
      /runtime failed to start/i,
    );
  });
});

describe("process.env for published plugins in a Worker", () => {
  let probe: string;
  beforeAll(async () => {
    const result = await build({
      entryPoints: [join(root, "test/fixtures/worker-process-env-probe.ts")],
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["module", "main"],
      alias: { "@elizaos/core": join(root, "core/elizaos/index.ts") },
      external: ["node:*"],
      logLevel: "silent",
    });
    probe = result.outputFiles[0]?.text ?? "";
  });

  it("holds [vars] when plugin-starter's module loads, with the block's settings", async () => {
    const response = await runInWorkerd(probe, compatibilityFlags, "/", {
      EXAMPLE_PLUGIN_VARIABLE: "from-vars",
    });
    expect(await response.json()).toEqual({ atLoad: "from-vars" });
  });

  it("does not exist without nodejs_compat: plugin-starter then fails at load", async () => {
    await expect(runInWorkerd(probe, [], "/")).rejects.toThrow(/runtime failed to start/i);
  });
});

it("the repository's wrangler.toml carries the same alias, and keeps nodejs_compat off for core", async () => {
  const own = await readFile(join(root, "wrangler.toml"), "utf8");
  expect(own).toMatch(/^\[alias\]\n"@elizaos\/core" = "\.\/core\/elizaos\/index\.ts"$/m);
  expect(own).toMatch(/^# compatibility_flags = \["nodejs_compat"\]$/m);
  expect(own).not.toMatch(/^compatibility_flags/m);
});
