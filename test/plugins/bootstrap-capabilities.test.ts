// The built-in bootstrap's CAPABILITIES and PROVIDERS providers, as plugin-bootstrap 1.7.2
// has them, so an agent without plugin-bootstrap has them too; when the real plugin-bootstrap
// is passed, its own replace ours with the rest of our built-in bootstrap.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  createAgent,
  createUniqueUuid,
  type Memory,
  type Plugin,
  type Provider,
  parseCharacter,
  silentLogger,
} from "../../core/index.ts";

const packageName: string = "@elizaos/plugin-bootstrap";
const published = (await import(packageName)) as {
  bootstrapPlugin: Plugin;
  capabilitiesProvider: Provider;
  providersProvider: Provider;
};
const realBootstrap = published.bootstrapPlugin;

const weatherService = {
  serviceType: "weather",
  async start() {
    return { capabilityDescription: "{{agentName}} can look up the weather", async stop() {} };
  },
};
const silentService = {
  serviceType: "silent",
  async start() {
    return { async stop() {} };
  },
};
const forecast: Provider = {
  name: "FORECAST",
  description: "Tomorrow's forecast",
  dynamic: true,
  get: async () => ({ text: "sunny" }),
};
const clock: Provider = { name: "CLOCK", get: async () => ({ text: "noon" }) };

async function agent(plugins: Plugin[]) {
  const runtime = await createAgent({
    character: parseCharacter({ name: "Vera" }),
    storage: createMemoryStorage(),
    plugins,
    logger: silentLogger,
  });
  const message: Memory = {
    id: createUniqueUuid(runtime, "m1"),
    entityId: createUniqueUuid(runtime, "user"),
    roomId: createUniqueUuid(runtime, "room"),
    content: { text: "what can you do?" },
  };
  return { runtime, message };
}

const provider = (runtime: { providers: Provider[] }, name: string) => {
  const found = runtime.providers.filter((p) => p.name === name);
  expect(found).toHaveLength(1);
  return found[0] as Provider;
};

describe("built-in CAPABILITIES", () => {
  it("lists each service type's capability description, agent name filled in", async () => {
    const { runtime, message } = await agent([
      { name: "weather", services: [weatherService, silentService] },
    ]);
    const result = await provider(runtime, "CAPABILITIES").get(runtime, message, {} as never);
    expect(result.text).toMatch(/^# Vera's Capabilities\n\n/);
    expect(result.text).toContain("weather - Vera can look up the weather");
    // A service with no description is not listed.
    expect(result.text).not.toContain("silent");
    expect(result.data?.capabilities).toContain("weather - Vera can look up the weather");
    // Dynamic, as plugin-bootstrap 1.7.2 leaves it out of its prompt: only when asked for.
    expect((await runtime.composeState(message)).text).not.toContain("look up the weather");
    const asked = await runtime.composeState(message, ["CAPABILITIES"], false, true);
    expect(asked.text).toContain("Vera can look up the weather");
  });

  it("says so when no service describes itself, or none is running", async () => {
    const { runtime, message } = await agent([{ name: "quiet", services: [silentService] }]);
    const capabilities = provider(runtime, "CAPABILITIES");
    // Only the services' side of the runtime matters; each case gets its own.
    const withServices = (services: Map<string, { capabilityDescription?: string }[]>) =>
      ({ character: runtime.character, getAllServices: () => services }) as never;
    const undescribed = withServices(
      new Map([
        ["silent", [{}]],
        ["other", [{ capabilityDescription: "" }]],
      ]),
    );
    expect((await capabilities.get(undescribed, message, {} as never)).text).toBe(
      "No capability descriptions found in the registered services.",
    );
    expect((await capabilities.get(withServices(new Map()), message, {} as never)).text).toBe(
      "No services are currently registered.",
    );
  });
});

describe("built-in PROVIDERS", () => {
  it("lists the dynamic providers in its text and every provider in its data", async () => {
    const { runtime, message } = await agent([{ name: "extra", providers: [forecast, clock] }]);
    const result = await provider(runtime, "PROVIDERS").get(runtime, message, {} as never);
    expect(result.text).toMatch(
      /^# Providers\n\nThese providers are available for the agent to select and use:\n/,
    );
    expect(result.text).toContain("- **FORECAST**: Tomorrow's forecast\n");
    expect(result.text).toContain("- **CAPABILITIES**: ");
    expect(result.text).not.toContain("CLOCK");
    // A default provider: in every composed state.
    expect((await runtime.composeState(message)).text).toContain("**FORECAST**");
    const data = result.data as {
      dynamicProviders: { name: string }[];
      allProviders: { name: string; description: string; dynamic: boolean }[];
    };
    expect(data.dynamicProviders).toContainEqual({
      name: "FORECAST",
      description: "Tomorrow's forecast",
    });
    expect(data.dynamicProviders.map((p) => p.name)).not.toContain("CLOCK");
    expect(data.allProviders).toContainEqual({ name: "CLOCK", description: "", dynamic: false });
    expect(data.allProviders.map((p) => p.name)).toEqual(runtime.providers.map((p) => p.name));
    expect(result.values?.providersWithDescriptions).toContain(
      "- **CLOCK**: No description available",
    );
  });

  it("says so when no provider is dynamic", async () => {
    const { runtime, message } = await agent([]);
    const staticOnly = { providers: runtime.providers.filter((p) => !p.dynamic) };
    const result = await provider(runtime, "PROVIDERS").get(
      staticOnly as never,
      message,
      {} as never,
    );
    expect(result.text).toBe(
      "# Providers\n\nThese providers are available for the agent to select and use:\n" +
        "No dynamic providers are currently available.\n",
    );
  });
});

describe("with the real plugin-bootstrap", () => {
  it("replaces ours: its PROVIDERS is the one registered, and no CAPABILITIES (1.7.2 registers none)", async () => {
    const { runtime } = await agent([{ ...realBootstrap, services: [] }]);
    expect(provider(runtime, "PROVIDERS")).toBe(published.providersProvider);
    expect(runtime.providers.filter((p) => p.name === "CAPABILITIES")).toEqual([]);
  });

  it("ours answer as plugin-bootstrap's do for the same runtime", async () => {
    const { runtime, message } = await agent([
      { name: "weather", services: [weatherService], providers: [forecast, clock] },
    ]);
    const pairs: [string, Provider][] = [
      ["CAPABILITIES", published.capabilitiesProvider],
      ["PROVIDERS", published.providersProvider],
    ];
    for (const [name, theirs] of pairs) {
      const ours = await provider(runtime, name).get(runtime, message, {} as never);
      expect(ours, name).toEqual(await theirs.get(runtime, message, {} as never));
    }
  });
});
