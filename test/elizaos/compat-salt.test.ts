// elizaOS's salt helpers (getSalt, which plugin-bootstrap's SETTINGS provider and
// UPDATE_SETTINGS action encrypt onboarding secrets under) use the SECRET_SALT the agent's
// runtime reads, from the target's env and bindings as every edge target passes them, so world
// settings an elizaOS agent wrote with its own salt read back after the move.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  createUniqueUuid,
  decryptStringValue,
  encryptStringValue,
  getSalt,
  getWorldSettings,
} from "../../core/elizaos/index.ts";
import { createAgent } from "../../core/index.ts";
import { createTargetAgent, defineAgent } from "../../targets/shared/index.ts";
import { real } from "../support/real-elizaos-core.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

describe("getSalt() on eliza-edge", () => {
  it("is the SECRET_SALT the edge targets' env gives the agent", async () => {
    const salt = "deployment-salt-from-a-binding";
    const storage = createMemoryStorage();
    // What the Worker, Lambda and Vercel targets do with their env (bindings, vars, secrets).
    const runtime = await createTargetAgent(
      { SECRET_SALT: salt, LOG_LEVEL: "silent" },
      {
        definition: defineAgent({ character: { name: "Mover" }, storage }),
        envStorage: () => storage,
      },
    );
    expect(getSalt()).toBe(salt);

    // A world setting elizaOS encrypted under that salt before the move.
    const serverId = "guild-1";
    await runtime.createWorld({
      id: createUniqueUuid(runtime, serverId),
      agentId: runtime.agentId,
      serverId,
      metadata: {
        settings: {
          API_KEY: {
            name: "API_KEY",
            description: "key",
            value: real.encryptStringValue("sk-live-123", salt),
            required: true,
            secret: true,
          },
        },
      },
    });
    const settings = await getWorldSettings(runtime, serverId);
    expect(settings?.API_KEY?.value).toBe("sk-live-123");
    // And what eliza-edge encrypts now, elizaOS reads with the same salt.
    expect(real.decryptStringValue(encryptStringValue("back", getSalt()), salt)).toBe("back");
  });

  it("follows the agent's own settings when the character sets the salt", async () => {
    await createAgent({
      character: { name: "Other", settings: { SECRET_SALT: "character-salt" } },
      storage: createMemoryStorage(),
      logger: quiet,
    });
    expect(getSalt()).toBe("character-salt");
    expect(decryptStringValue(real.encryptStringValue("x", "character-salt"), getSalt())).toBe("x");
  });
});
