// The agents row never holds a character secret in plain text: the runtime seals
// character.secrets and settings.secrets (AES-GCM under SECRET_SALT) on every write and opens
// them on every read, while the live runtime keeps its plain character. Run on the memory
// storage, Postgres (PGlite) and D1 (workerd), reading the raw row through the storage itself.
import { afterAll, describe, expect, it } from "vitest";
import { createD1Storage } from "../../adapters/d1/index.ts";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { encryptStringValue } from "../../core/elizaos/index.ts";
import {
  type AgentRuntime,
  characterAgentId,
  createAgent,
  type Logger,
  parseCharacter,
} from "../../core/index.ts";
import { randomUuid } from "../../core/kernel/ids/uuid.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";
import { type Backend, backends } from "./runtime-elizaos-backends.ts";

let d1: Promise<MiniflareD1> | undefined;
afterAll(async () => {
  if (d1) await (await d1).dispose();
});
const d1Backend: Backend = {
  name: "d1",
  storage: async (agentId) => {
    d1 ??= startMiniflareD1();
    return createD1Storage((await d1).db, { agentId });
  },
};

const STRIPE_KEY = "sk-live-stored-0123456789abcdef";
const NESTED_TOKEN = "nested-token-fedcba9876543210";

function characterWith(extra: Record<string, unknown> = {}) {
  return parseCharacter({
    name: `Sealed ${randomUuid().slice(0, 8)}`,
    bio: [],
    secrets: { STRIPE_API_KEY: STRIPE_KEY, PORT_PIN: 48213, FEATURE_ON: true },
    settings: { model: "gpt-x", secrets: { NESTED_TOKEN } },
    ...extra,
  });
}

function recordingLogger() {
  const warnings: string[] = [];
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (first?: unknown) => warnings.push(String(first)),
    error() {},
  };
  return { logger, warnings };
}

/** The storage's own view of the row, as JSON: what a database dump would show. */
async function rawRowJson(runtime: AgentRuntime): Promise<string> {
  const row = await runtime.storage.getAgent(runtime.agentId);
  expect(row).not.toBeNull();
  return JSON.stringify(row);
}

function expectNoPlainSecret(json: string) {
  expect(json).not.toContain(STRIPE_KEY);
  expect(json).not.toContain(NESTED_TOKEN);
  expect(json).not.toContain("48213");
}

describe.each([...backends, d1Backend])(
  "character secrets in the agents row ($name)",
  (backend) => {
    async function start(env: Record<string, unknown>, character = characterWith()) {
      const storage = await backend.storage(characterAgentId(character));
      const { logger, warnings } = recordingLogger();
      const runtime = await createAgent({ character, storage, env, logger });
      return { runtime, storage, character, warnings };
    }

    it("are written encrypted and read back in plain text, types intact", async () => {
      const { runtime } = await start({ SECRET_SALT: "a-long-random-salt" });
      const json = await rawRowJson(runtime);
      expectNoPlainSecret(json);
      const row = await runtime.storage.getAgent(runtime.agentId);
      const stored = row?.character as { secrets: Record<string, string>; settings: never };
      expect(Object.values(stored.secrets).every((v) => v.startsWith("v1:gcm:"))).toBe(true);
      // Everything that is not a secret stays readable.
      expect(row?.character).toMatchObject({ settings: { model: "gpt-x" } });

      const agent = await runtime.getAgent(runtime.agentId);
      expect(agent?.character).toMatchObject({
        secrets: { STRIPE_API_KEY: STRIPE_KEY, PORT_PIN: 48213, FEATURE_ON: true },
        settings: { model: "gpt-x", secrets: { NESTED_TOKEN } },
      });
      const all = await runtime.getAgents();
      expect(all.find((a) => a.id === runtime.agentId)?.character).toMatchObject({
        secrets: { STRIPE_API_KEY: STRIPE_KEY },
      });
      // The live runtime keeps its plain character.
      expect(runtime.character.secrets.STRIPE_API_KEY).toBe(STRIPE_KEY);
      expect(runtime.getSetting("NESTED_TOKEN")).toBe(NESTED_TOKEN);
    });

    it("stay encrypted when a plugin updates the agent with a new character", async () => {
      const { runtime } = await start({ SECRET_SALT: "update-salt" });
      const rotated = "sk-live-rotated-aaaaaaaaaaaaaaaa";
      const ok = await runtime.updateAgent(runtime.agentId, {
        character: { ...runtime.character, secrets: { STRIPE_API_KEY: rotated } },
      });
      expect(ok).toBe(true);
      const json = await rawRowJson(runtime);
      expect(json).not.toContain(rotated);
      const agent = await runtime.getAgent(runtime.agentId);
      expect(agent?.character).toMatchObject({ secrets: { STRIPE_API_KEY: rotated } });
    });

    it("under another salt stay encrypted on read, with a warning naming SECRET_SALT", async () => {
      const first = await start({ SECRET_SALT: "salt-one" });
      const sealed = (await first.runtime.storage.getAgent(first.runtime.agentId))?.character as {
        secrets: Record<string, string>;
      };
      const { logger, warnings } = recordingLogger();
      const second = await createAgent({
        character: first.character,
        storage: first.storage,
        env: { SECRET_SALT: "salt-two" },
        logger,
      });
      const agent = await second.getAgent(second.agentId);
      const secrets =
        (agent?.character as { secrets: Record<string, unknown> } | undefined)?.secrets ?? {};
      expect(secrets.STRIPE_API_KEY).toBe(sealed.secrets.STRIPE_API_KEY);
      expect(String(secrets.STRIPE_API_KEY)).toMatch(/^v1:gcm:/);
      expect(warnings.some((w) => /did not decrypt under SECRET_SALT/.test(w))).toBe(true);
      // The running agent is unaffected: it reads its own plain character.
      expect(second.getSetting("STRIPE_API_KEY")).toBe(STRIPE_KEY);
    });

    it("already stored in plain text (an older row) are encrypted at the next start", async () => {
      const character = characterWith();
      const storage = await backend.storage(characterAgentId(character));
      await storage.createAgent({
        id: characterAgentId(character),
        name: character.name,
        character: character as unknown as Record<string, unknown>,
      });
      expect(JSON.stringify(await storage.getAgent(characterAgentId(character)))).toContain(
        STRIPE_KEY,
      );
      const runtime = await createAgent({ character, storage, env: { SECRET_SALT: "late-salt" } });
      expectNoPlainSecret(await rawRowJson(runtime));
      expect((await runtime.getAgent(runtime.agentId))?.character).toMatchObject({
        secrets: { STRIPE_API_KEY: STRIPE_KEY },
      });
    });

    it("elizaOS-encrypted values are sealed too and getSetting still decrypts them", async () => {
      const elizaSealed = encryptStringValue(STRIPE_KEY, "shared-salt");
      const character = characterWith({ secrets: { STRIPE_API_KEY: elizaSealed } });
      const { runtime } = await start({ SECRET_SALT: "shared-salt" }, character);
      const json = await rawRowJson(runtime);
      expect(json).not.toContain(elizaSealed);
      expect(runtime.getSetting("STRIPE_API_KEY")).toBe(STRIPE_KEY);
      const agent = await runtime.getAgent(runtime.agentId);
      expect(agent?.character).toMatchObject({ secrets: { STRIPE_API_KEY: elizaSealed } });
    });
  },
);

describe("SECRET_SALT startup warning", () => {
  async function warningsFor(env: Record<string, unknown>, production?: boolean, secrets = true) {
    const character = secrets ? characterWith() : parseCharacter({ name: "Plain", bio: [] });
    const { logger, warnings } = recordingLogger();
    await createAgent({ character, storage: createMemoryStorage(), env, logger, production });
    return warnings.filter((w) => w.includes("SECRET_SALT is not set"));
  }

  it("warns in production without a salt: NODE_ENV=production or an edge target", async () => {
    expect(await warningsFor({ NODE_ENV: "production" })).toHaveLength(1);
    expect(await warningsFor({}, true)).toHaveLength(1);
  });

  it("stays quiet with a salt, outside production, or with no secrets to store", async () => {
    expect(await warningsFor({ NODE_ENV: "production", SECRET_SALT: "s3cr3t-salt" })).toEqual([]);
    expect(await warningsFor({})).toEqual([]);
    expect(await warningsFor({ NODE_ENV: "development" })).toEqual([]);
    expect(await warningsFor({ NODE_ENV: "production" }, true, false)).toEqual([]);
  });

  it("without a salt still encrypts, under elizaOS's default salt", async () => {
    const character = characterWith();
    const runtime = await createAgent({ character, storage: createMemoryStorage() });
    expectNoPlainSecret(await rawRowJson(runtime));
    expect((await runtime.getAgent(runtime.agentId))?.character).toMatchObject({
      secrets: { STRIPE_API_KEY: STRIPE_KEY },
    });
  });
});
