// Published plugins link against eliza-edge/elizaos: their dist bundles, with `@elizaos/core`
// aliased to the compat entry as a user's bundler would, build without a missing export (an
// ES named import of a missing name fails the build, as it would fail the plugin at load) and
// evaluate; plugin-starter's service runs on an eliza-edge runtime.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  ChannelType,
  createUniqueUuid,
  type Memory,
  type Plugin,
  parseCharacter,
  type Service,
  type State,
} from "../../core/elizaos/index.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const require = createRequire(import.meta.url);
const out = mkdtempSync(join(tmpdir(), "compat-link-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function bundle(pkg: string): Promise<Record<string, unknown>> {
  const entry = join(dirname(require.resolve(`${pkg}/package.json`)), "dist/index.js");
  const outfile = join(out, `${pkg.replace(/\W/g, "_")}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile,
    logLevel: "silent",
    alias: { "@elizaos/core": join(root, "core/elizaos/index.ts") },
  });
  return import(pathToFileURL(outfile).href);
}

describe("published plugins link against eliza-edge/elizaos", () => {
  it("plugin-bootstrap 1.7.2 builds and loads with its actions, providers and services", async () => {
    const mod = await bundle("@elizaos/plugin-bootstrap");
    const plugin = (mod.default ?? mod.bootstrapPlugin) as Plugin;
    expect(plugin.name).toBe("bootstrap");
    expect(plugin.actions?.map((a) => a.name)).toContain("REPLY");
    expect(plugin.providers?.map((p) => p.name)).toContain("RECENT_MESSAGES");
    expect(plugin.services?.map((s) => s.serviceType)).toEqual(["task", "embedding-generation"]);

    // Its ENTITIES provider runs the compat helpers (getEntityDetails, formatEntities,
    // addHeader) over an eliza-edge runtime's storage.
    const runtime = new AgentRuntime({
      character: parseCharacter({ name: "Eliza" }),
      storage: createMemoryStorage(),
      env: {},
    });
    const roomId = createUniqueUuid(runtime, "room");
    const alice = createUniqueUuid(runtime, "alice");
    await runtime.storage.createRooms([
      { id: roomId, agentId: runtime.agentId, source: "telegram", type: ChannelType.DM },
    ]);
    await runtime.storage.createEntities([
      {
        id: alice,
        names: ["Alice"],
        agentId: runtime.agentId,
        metadata: { telegram: { name: "Alice T" } },
      },
    ]);
    await runtime.storage.addParticipantsRoom([alice], roomId);
    const entities = plugin.providers?.find((p) => p.name === "ENTITIES");
    const message: Memory = { entityId: alice, roomId, content: { text: "hi" } };
    const result = await entities?.get(runtime, message, {
      values: {},
      data: {},
      text: "",
    } as State);
    expect(result?.text).toBe(`# People in the Room\n"Alice"\nID: ${alice}\n\n`);
    expect(result?.data?.senderName).toBe("Alice");
  });

  it("plugin-starter 1.7.2 builds, and its service starts and stops on an eliza-edge runtime", async () => {
    const mod = await bundle("@elizaos/plugin-starter");
    const plugin = (mod.default ?? mod.starterPlugin) as Plugin;
    const lines: string[] = [];
    vi.spyOn(console, "info").mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    const runtime = new AgentRuntime({
      character: parseCharacter({ name: "Eliza" }),
      storage: createMemoryStorage(),
      env: {},
      plugins: [{ ...plugin, init: undefined, models: undefined, routes: undefined }],
    });
    await runtime.initialize();
    const service = runtime.getService<Service & { capabilityDescription: string }>("starter");
    expect(service?.capabilityDescription).toContain("starter service");
    await runtime.stop();
    vi.restoreAllMocks();
    expect(lines).toContain("[eliza-edge] info: Starting starter service");
    expect(lines).toContain("[eliza-edge] info: Stopping StarterService");
  });
});
