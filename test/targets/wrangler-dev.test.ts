// `wrangler dev` (what `npm run dev:cloudflare` ends in) starts offline from the repository's
// wrangler.toml, [alias] block included, and from the alias block users copy
// (test/fixtures/wrangler-elizaos-plugins.toml: published plugins + nodejs_compat).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs `wrangler dev` until it prints "Ready on", answers one request, then stops it. */
async function fetchThroughWranglerDev(config: string, path: string): Promise<Response> {
  const port = await freePort();
  const state = await mkdtemp(join(tmpdir(), "eliza-edge-wrangler-dev-"));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(root, "node_modules/wrangler/bin/wrangler.js"),
      "dev",
      "--config",
      config,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      state,
    ],
    {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready on")) resolve();
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("exit", (code) => reject(new Error(`wrangler dev exited ${code}:\n${output}`)));
    });
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    return new Response(await response.text(), { status: response.status });
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    await rm(state, { recursive: true, force: true });
  }
}

describe("wrangler dev, offline", () => {
  it("serves the repository's Worker from wrangler.toml", async () => {
    const response = await fetchThroughWranglerDev("wrangler.toml", "/no-such-route");
    expect(response.status).toBe(404);
  });

  it("serves the Worker with published elizaOS plugins from the alias block", async () => {
    const response = await fetchThroughWranglerDev(
      "test/fixtures/wrangler-elizaos-plugins.toml",
      "/no-such-route",
    );
    expect(response.status).toBe(404);
  });
});
