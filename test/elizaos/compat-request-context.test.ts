// getRequestContext, which newer @elizaos/core lines export and @elizaos/plugin-mcp 1.8.2 (the
// latest 1.x) imports by name: without it the plugin fails to link (a SyntaxError at load, a
// build error in a bundler), even though elizaOS 1.7.2 itself lacks it. In eliza-edge no request
// context is active, so the plugin takes its no-context path.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createAgent } from "../../core/agent/create-agent.ts";
import { getRequestContext, type Plugin, parseCharacter } from "../../core/elizaos/index.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "compat-request-context-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface ProbeService {
  connectionKey(serverName: string): string;
}

describe("getRequestContext (plugin-mcp 1.8.2's import)", () => {
  it("links a plugin that imports it, and the plugin's service keys by server name alone", async () => {
    const outfile = join(out, "plugin.mjs");
    await build({
      entryPoints: [join(root, "test/fixtures/elizaos-shapes/request-context-plugin.js")],
      bundle: true,
      format: "esm",
      platform: "node",
      outfile,
      logLevel: "silent",
      alias: { "@elizaos/core": join(root, "core/elizaos/index.ts") },
    });
    const mod = (await import(pathToFileURL(outfile).href)) as { default: Plugin };
    const runtime = await createAgent({
      character: parseCharacter({ name: "Eliza" }),
      storage: createMemoryStorage(),
      plugins: [mod.default],
    });
    const service = runtime.getService<ProbeService & never>("request-context-probe");
    expect(service).not.toBeNull();
    expect((service as unknown as ProbeService).connectionKey("github")).toBe("github");
    await runtime.stop();
  });

  it("answers undefined: eliza-edge keeps no ambient per-request context", () => {
    expect(getRequestContext()).toBeUndefined();
  });
});
