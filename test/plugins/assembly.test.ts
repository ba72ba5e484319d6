// How createAgent assembles the plugin list: a deployment plugin named like a built-in
// replaces it with one log line, same-named plugins keep the first, dependencies are ordered
// and matched as elizaOS matches them, and init gets its config from the target's env object.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { type Action, createAgent, type Plugin, parseCharacter } from "../../core/index.ts";
import { captureLogger } from "./capture-logger.ts";

const character = parseCharacter({ name: "Tester" });

const action = (name: string): Action => ({
  name,
  description: name,
  validate: async () => true,
  handler: async () => ({ success: true }),
});

async function agentWith(plugins: Plugin[], env: Record<string, unknown> = {}) {
  const logger = captureLogger();
  const runtime = await createAgent({
    character,
    storage: createMemoryStorage(),
    logger,
    plugins,
    env,
  });
  return { runtime, logger };
}

describe("built-in replacement", () => {
  it("a plugin named bootstrap (plugin-bootstrap's name) replaces ours, in one warning", async () => {
    const theirs: Plugin = { name: "bootstrap", actions: [action("THEIR_REPLY")] };
    const { runtime, logger } = await agentWith([theirs]);
    expect(runtime.plugins.filter((p) => p.name === "bootstrap")).toEqual([theirs]);
    const lines = logger.lines.filter((l) => l.message.includes('"bootstrap"'));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe("warn");
    expect(lines[0]?.message).toMatch(
      /passed in plugins replaces eliza-edge's built-in "bootstrap"/,
    );
    expect(runtime.actions.map((a) => a.name)).toContain("THEIR_REPLY");
  });

  it("replaces the offline fallback and a model provider too", async () => {
    const { runtime, logger } = await agentWith([{ name: "openai" }, { name: "eliza-offline" }], {
      OPENAI_API_KEY: "sk-test",
      EMBEDDING_DIMENSION: "8",
    });
    expect(runtime.plugins.map((p) => p.name).filter((n) => n === "openai")).toHaveLength(1);
    expect(logger.at("warn").filter((l) => l.includes("replaces"))).toHaveLength(2);
  });

  it("keeps the built-ins, silently, when nothing is named like them", async () => {
    const { runtime, logger } = await agentWith([{ name: "weather" }]);
    expect(runtime.plugins.map((p) => p.name)).toEqual([
      "bootstrap",
      "tasks",
      "memory",
      "autonomy",
      "weather",
      "eliza-offline",
    ]);
    expect(logger.at("warn")).toEqual([]);
  });

  it("two different plugins with one name: the first is used, with a warning", async () => {
    const first: Plugin = { name: "weather", actions: [action("FIRST")] };
    const second: Plugin = { name: "weather", actions: [action("SECOND")] };
    const { runtime, logger } = await agentWith([first, second]);
    expect(runtime.plugins.filter((p) => p.name === "weather")).toEqual([first]);
    expect(runtime.actions.map((a) => a.name)).not.toContain("SECOND");
    expect(logger.at("warn")).toEqual([expect.stringContaining('Two plugins are named "weather"')]);
  });

  it("the same plugin object passed twice is one plugin, no warning", async () => {
    const once: Plugin = { name: "weather" };
    const { runtime, logger } = await agentWith([once, once]);
    expect(runtime.plugins.filter((p) => p === once)).toHaveLength(1);
    expect(logger.at("warn")).toEqual([]);
  });
});

describe("plugin-sql passed in plugins", () => {
  it("is left out with an info line, so its schema does not stop a D1/DynamoDB/memory start", async () => {
    let initRan = false;
    const sqlLike: Plugin = {
      name: "@elizaos/plugin-sql",
      schema: { agents: {}, memories: {} },
      init: async () => {
        initRan = true;
      },
    };
    const { runtime, logger } = await agentWith([sqlLike]);
    expect(runtime.plugins.map((p) => p.name)).not.toContain("@elizaos/plugin-sql");
    expect(initRan).toBe(false);
    expect(logger.at("warn")).toEqual([]);
    expect(logger.at("info")).toContainEqual(
      expect.stringContaining('Plugin "@elizaos/plugin-sql" is not registered'),
    );
  });
});

describe("dependencies", () => {
  it("orders a plugin after its dependency, named the elizaOS ways", async () => {
    const order: string[] = [];
    const starter: Plugin = {
      name: "plugin-starter",
      init: async () => void order.push("starter"),
    };
    const knowledge: Plugin = { name: "knowledge", init: async () => void order.push("knowledge") };
    const user: Plugin = {
      name: "user",
      dependencies: ["@elizaos/plugin-starter", "@elizaos/plugin-knowledge"],
      init: async () => void order.push("user"),
    };
    const { logger } = await agentWith([user, starter, knowledge]);
    expect(order).toEqual(["starter", "knowledge", "user"]);
    expect(logger.at("warn")).toEqual([]);
  });

  it("a dependency on a plugin eliza-edge replaces (plugin-sql, bootstrap, model plugins) is satisfied silently", async () => {
    const { runtime, logger } = await agentWith([
      {
        name: "needs-builtins",
        dependencies: [
          "@elizaos/plugin-sql",
          "sql",
          "@elizaos/plugin-bootstrap",
          "openai",
          "@elizaos/plugin-anthropic",
        ],
      },
    ]);
    expect(runtime.plugins.map((p) => p.name)).toContain("needs-builtins");
    expect(logger.at("warn")).toEqual([]);
  });

  it("an unknown missing dependency is one warning naming both plugins; the plugin still registers", async () => {
    const { runtime, logger } = await agentWith([
      { name: "discord-extras", dependencies: ["@elizaos/plugin-discord"] },
    ]);
    expect(runtime.plugins.map((p) => p.name)).toContain("discord-extras");
    expect(logger.at("warn")).toEqual([
      expect.stringMatching(/"discord-extras" depends on "@elizaos\/plugin-discord"/),
    ]);
  });

  it("a cycle fails startup naming the chain", async () => {
    await expect(
      agentWith([
        { name: "a", dependencies: ["b"] },
        { name: "b", dependencies: ["@elizaos/plugin-a"] },
      ]),
    ).rejects.toThrow("Plugin dependency cycle: a → b → a");
  });
});

describe("init(config, runtime)", () => {
  it("gets each config key from the target's env object (a Worker env: no process.env), else the default", async () => {
    const seen: Record<string, string>[] = [];
    const plugin: Plugin = {
      name: "configured",
      config: {
        EDGE_TEST_FROM_ENV: "default-a",
        EDGE_TEST_DEFAULTED: "default-b",
        EDGE_TEST_UNSET: undefined,
      },
      init: async (config) => void seen.push({ ...config }),
    };
    // A Worker's env is a plain object of bindings and vars; nothing reaches process.env.
    const workerEnv = Object.freeze({ EDGE_TEST_FROM_ENV: "from-worker-env", DB: {} });
    await agentWith([plugin], workerEnv);
    expect(seen).toEqual([
      { EDGE_TEST_FROM_ENV: "from-worker-env", EDGE_TEST_DEFAULTED: "default-b" },
    ]);
    expect(process.env.EDGE_TEST_FROM_ENV).toBeUndefined();
  });

  it("a character setting wins over the default too", async () => {
    const seen: Record<string, string>[] = [];
    const runtime = await createAgent({
      character: parseCharacter({ name: "T", settings: { EDGE_TEST_KEY: "from-character" } }),
      storage: createMemoryStorage(),
      logger: captureLogger(),
      plugins: [
        { name: "p", config: { EDGE_TEST_KEY: "default" }, init: async (c) => void seen.push(c) },
      ],
    });
    expect(seen).toEqual([{ EDGE_TEST_KEY: "from-character" }]);
    await runtime.stop();
  });
});
