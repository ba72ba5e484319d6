// The order getSetting reads its sources in, as the elizaOS documents give it: settings passed
// to the runtime's constructor first, then the character (secrets, settings, settings.secrets),
// then the env the target passed in.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { AgentRuntime, parseCharacter, secretBaseUrl, silentLogger } from "../../core/index.ts";

function runtimeWith(layers: {
  settings?: Record<string, string | undefined>;
  characterSettings?: Record<string, unknown>;
  secrets?: Record<string, string>;
  env?: Record<string, string>;
}) {
  return new AgentRuntime({
    character: parseCharacter({
      name: "Eliza",
      settings: layers.characterSettings ?? {},
      secrets: layers.secrets ?? {},
    }),
    storage: createMemoryStorage(),
    settings: layers.settings,
    env: layers.env,
    logger: silentLogger,
  });
}

describe("setting sources", () => {
  it("constructor settings outrank the character's secrets and settings, which outrank the env", () => {
    const runtime = runtimeWith({
      settings: { MODEL: "from-runtime", TOKEN_A: "runtime-token" },
      characterSettings: { MODEL: "from-character", ONLY_CHAR: "c", secrets: { NESTED: "n" } },
      secrets: { TOKEN_A: "character-token", NESTED: "top-secret" },
      env: { MODEL: "from-env", ONLY_CHAR: "env", NESTED: "env", ONLY_ENV: "e" },
    });
    expect(runtime.getSetting("MODEL")).toBe("from-runtime");
    expect(runtime.getSettingWithSource("MODEL")?.source).toBe("runtime");
    expect(runtime.getSetting("TOKEN_A")).toBe("runtime-token");
    // Among the character's own places, secrets still come before settings and settings.secrets.
    expect(runtime.getSetting("NESTED")).toBe("top-secret");
    expect(runtime.getSetting("ONLY_CHAR")).toBe("c");
    expect(runtime.getSetting("ONLY_ENV")).toBe("e");
    expect(runtime.getSettingCandidates("MODEL").map((c) => c.source)).toEqual([
      "runtime",
      "character",
      "env",
    ]);
  });

  it("an empty or undefined constructor setting counts as unset and falls through to the character", () => {
    const runtime = runtimeWith({
      settings: { A: "", B: undefined },
      characterSettings: { A: "char-a", B: "char-b" },
    });
    expect(runtime.getSetting("A")).toBe("char-a");
    expect(runtime.getSetting("B")).toBe("char-b");
  });

  it("setSetting's value is what getSetting reads next, even over a constructor setting", () => {
    const given = { MODEL: "from-runtime" };
    const runtime = runtimeWith({ settings: given });
    runtime.setSetting("MODEL", "changed");
    expect(runtime.getSetting("MODEL")).toBe("changed");
    expect(runtime.character.settings.MODEL).toBe("changed");
    // The caller's object is not written to.
    expect(given.MODEL).toBe("from-runtime");
    runtime.setSetting("MODEL", null);
    expect(runtime.getSetting("MODEL")).toBe("changed");
  });

  it("a base URL still comes from its secret's own source, whichever source ranks first", () => {
    const rule = {
      baseKey: "TELEGRAM_API_BASE",
      secretKey: "TELEGRAM_BOT_TOKEN",
      fallback: "https://api.telegram.org",
    };
    // The constructor's base outranks the character's, but the token is the character's.
    const split = runtimeWith({
      settings: { TELEGRAM_API_BASE: "https://operator.example" },
      characterSettings: { TELEGRAM_API_BASE: "https://own.example" },
      secrets: { TELEGRAM_BOT_TOKEN: "123456:character-token" },
    });
    expect(secretBaseUrl(split, rule)).toBe("https://own.example");
    // Both given to the constructor: its base is used.
    const together = runtimeWith({
      settings: {
        TELEGRAM_API_BASE: "https://operator.example",
        TELEGRAM_BOT_TOKEN: "123456:runtime-token",
      },
      characterSettings: { TELEGRAM_API_BASE: "https://own.example" },
    });
    expect(secretBaseUrl(together, rule)).toBe("https://operator.example");
    // A character base never receives the constructor's token: the platform's default instead.
    const foreign = runtimeWith({
      settings: { TELEGRAM_BOT_TOKEN: "123456:runtime-token" },
      characterSettings: { TELEGRAM_API_BASE: "https://own.example" },
    });
    expect(secretBaseUrl(foreign, rule)).toBe("https://api.telegram.org");
  });
});
