// elizaOS keeps a character's secrets encrypted in its database ("ivHex:cipherHex",
// AES-256-CBC under SECRET_SALT) and its getSetting hands them back in plain text. A character
// exported from there must work here the same way, and its plain secrets stay out of logs.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { encryptStringValue } from "../../core/elizaos/index.ts";
import { AgentRuntime, parseCharacter } from "../../core/index.ts";

const KEY = "sk-live-0123456789abcdefghij";

function runtimeWith(secret: string, env: Record<string, unknown> = {}) {
  const character = parseCharacter({
    name: "Encrypted",
    bio: [],
    secrets: { OPENAI_API_KEY: secret },
    settings: { secrets: { NESTED_TOKEN: secret } },
  });
  return new AgentRuntime({ character, storage: createMemoryStorage(), env });
}

describe("settings elizaOS encrypted", () => {
  it("read back in plain text under elizaOS's default salt", () => {
    const runtime = runtimeWith(encryptStringValue(KEY, "secretsalt"));
    expect(runtime.getSetting("OPENAI_API_KEY")).toBe(KEY);
    expect(runtime.getSettingString("OPENAI_API_KEY")).toBe(KEY);
    expect(runtime.getSetting("NESTED_TOKEN")).toBe(KEY);
  });

  it("read back under the SECRET_SALT the env gives", () => {
    const runtime = runtimeWith(encryptStringValue(KEY, "pepper-salt"), {
      SECRET_SALT: "pepper-salt",
    });
    expect(runtime.getSetting("OPENAI_API_KEY")).toBe(KEY);
  });

  it("stay as they are when the salt is wrong, and plain values are untouched", () => {
    const encrypted = encryptStringValue(KEY, "another-salt");
    expect(runtimeWith(encrypted).getSetting("OPENAI_API_KEY")).toBe(encrypted);
    expect(runtimeWith(KEY).getSetting("OPENAI_API_KEY")).toBe(KEY);
    const lookalike = `${"ab".repeat(16)}:not-hex-at-all`;
    expect(runtimeWith(lookalike).getSetting("OPENAI_API_KEY")).toBe(lookalike);
  });

  it("are redacted from logs in their plain form", () => {
    const runtime = runtimeWith(encryptStringValue(KEY, "secretsalt"));
    expect(runtime.redact(`calling with ${KEY}`)).not.toContain(KEY);
  });
});
