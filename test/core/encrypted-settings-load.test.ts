// The AES code behind elizaOS's encrypted settings is loaded only for a character that has
// one (core/kernel/secrets/secret-cipher.ts): createAgent loads it before the runtime exists, so such a
// character's secrets read in plain text and are redacted from the first log line on. This
// file never imports eliza-edge/elizaos, which would load the cipher with itself.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { AgentRuntime, createAgent, parseCharacter, silentLogger } from "../../core/index.ts";
import { encryptStringValue } from "../../core/kernel/cbc-cipher/cbc-cipher.ts";
import { secretCipher } from "../../core/kernel/secrets/secret-cipher.ts";

const KEY = "tok-live-0123456789abcdefghij";
const ENCRYPTED = encryptStringValue(KEY, "secretsalt");
const character = () =>
  parseCharacter({
    name: "Encrypted",
    secrets: { SERVICE_TOKEN: ENCRYPTED },
  });

describe("encrypted settings, with the cipher loaded on demand", () => {
  it("are not loaded by a start without one", async () => {
    const runtime = await createAgent({
      character: { name: "Plain", secrets: { SERVICE_TOKEN: KEY } },
      storage: createMemoryStorage(),
      logger: silentLogger,
    });
    expect(runtime.getSetting("SERVICE_TOKEN")).toBe(KEY);
    expect(secretCipher()).toBeUndefined();
    await runtime.stop();
  });

  it("stay encrypted, never half-read, in a runtime built before anything loaded the cipher", () => {
    const runtime = new AgentRuntime({ character: character(), storage: createMemoryStorage() });
    expect(runtime.getSetting("SERVICE_TOKEN")).toBe(ENCRYPTED);
  });

  it("read in plain text, and redacted, in a runtime createAgent builds", async () => {
    const runtime = await createAgent({
      character: character(),
      storage: createMemoryStorage(),
      logger: silentLogger,
    });
    expect(secretCipher()).toBeDefined();
    expect(runtime.getSetting("SERVICE_TOKEN")).toBe(KEY);
    expect(runtime.redact(`calling with ${KEY}`)).not.toContain(KEY);
    await runtime.stop();
  });
});
