// The Vercel handler with the agent defined in code: its own character, a plugin, a model
// plugin and a storage factory of the env, answering as that character; the env still fills
// in whatever the code leaves out.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { CharacterError, type StorageAdapter, stringToUuid, type UUID } from "../../core/index.ts";
import { VERCEL_DEADLINES } from "../../targets/shared/index.ts";
import { createVercelHandler, type VercelEnv } from "../../targets/vercel/index.ts";
import {
  ADA,
  ADA_REPLY,
  BAD_CHARACTER,
  BAD_CHARACTER_ERROR,
  notesPlugin,
  promptModel,
} from "../support/code-agent.ts";

const API_TOKEN = "vercel-code-token";
const env: VercelEnv = { API_TOKEN, LOG_LEVEL: "silent" };

let lastRoom: UUID | undefined;

function client(handler: (request: Request) => Promise<Response>) {
  return {
    health: async () => (await handler(new Request("https://agent.test/health"))).json(),
    say: async (text: string) => {
      const response = await handler(
        new Request("https://agent.test/api/messages", {
          method: "POST",
          headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ text, userId: "charles" }),
        }),
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { roomUuid: UUID; replies: { text: string }[] };
      lastRoom = body.roomUuid;
      return body.replies;
    },
  };
}

const VERCEL_DEADLINES_AS_ENV = Object.fromEntries(
  Object.entries(VERCEL_DEADLINES).map(([key, ms]) => [key, String(ms)]),
);

describe("createVercelHandler with the agent defined in code", () => {
  it("answers as the code's character, with its plugin and model, on the storage its factory built", async () => {
    const built: { env: VercelEnv; agentId: string }[] = [];
    let storage: StorageAdapter | undefined;
    const handler = createVercelHandler({
      env,
      character: ADA,
      plugins: [notesPlugin],
      models: [promptModel()],
      storage: (given, { agentId }) => {
        built.push({ env: given, agentId });
        storage = createMemoryStorage({ agentId });
        return storage;
      },
      waitUntil: () => {},
    });
    const agent = client(handler);
    expect(await agent.health()).toMatchObject({ name: "Ada", storage: "memory" });
    expect((await agent.say("What are you working on?")).map((r) => r.text)).toEqual([ADA_REPLY]);
    // Built once, from this env (with the Vercel deadlines it did not set), for Ada's id
    // (derived from her name as elizaOS derives it).
    expect(built).toEqual([
      { env: { ...VERCEL_DEADLINES_AS_ENV, ...env }, agentId: stringToUuid("Ada") },
    ]);
    // The message and the reply are in the storage the factory built.
    expect(await storage?.countMemories(lastRoom as UUID, false, "messages")).toBe(2);
  });

  it("takes the env's character (CHARACTER_JSON) when the code gives none", async () => {
    const handler = createVercelHandler({
      env: { ...env, CHARACTER_JSON: JSON.stringify({ name: "Grace", bio: ["Compiles."] }) },
      plugins: [notesPlugin],
      models: [promptModel()],
      storage: createMemoryStorage(),
      waitUntil: () => {},
    });
    expect((await client(handler).say("Hello")).map((r) => r.text)).toEqual([
      "Grace here. Note G.",
    ]);
  });

  it("prefers the code's character over CHARACTER_JSON", async () => {
    const handler = createVercelHandler({
      env: { ...env, CHARACTER_JSON: JSON.stringify({ name: "Grace" }) },
      character: ADA,
      storage: createMemoryStorage(),
      models: [promptModel()],
      waitUntil: () => {},
    });
    expect((await client(handler).say("Hello")).map((r) => r.text)).toEqual([
      "Ada here. No notes.",
    ]);
  });

  it("fails at creation with the field-naming error for an invalid character", () => {
    expect(() => createVercelHandler({ env, character: BAD_CHARACTER })).toThrow(CharacterError);
    expect(() => createVercelHandler({ env, character: BAD_CHARACTER })).toThrow(
      BAD_CHARACTER_ERROR,
    );
    expect(() => createVercelHandler({ env, character: { name: "" } })).toThrow(
      /name: name must not be empty/,
    );
  });

  it("serves the bots the code chooses, whatever the env switches on", async () => {
    const webhook = (handler: (request: Request) => Promise<Response>, name: string) =>
      handler(new Request(`https://agent.test/webhooks/${name}`, { method: "POST", body: "{}" }));
    const telegramEnv = {
      ...env,
      TELEGRAM_BOT_TOKEN: "123:abc",
      TELEGRAM_WEBHOOK_SECRET: "s3cret",
    };
    const none = createVercelHandler({ env: telegramEnv, connectors: [], waitUntil: () => {} });
    expect((await webhook(none, "telegram")).status).toBe(404);
    // The env's choice when the code says nothing: the secret is checked, so 401.
    const fromEnv = createVercelHandler({ env: telegramEnv, waitUntil: () => {} });
    expect((await webhook(fromEnv, "telegram")).status).toBe(401);
    const discordOnly = createVercelHandler({
      env: telegramEnv,
      connectors: ["discord"],
      waitUntil: () => {},
    });
    expect((await webhook(discordOnly, "telegram")).status).toBe(404);
    expect((await webhook(discordOnly, "discord")).status).not.toBe(404);
    expect(() =>
      createVercelHandler({ env, connectors: ["slack" as "telegram"], waitUntil: () => {} }),
    ).toThrow('connectors: unknown connector "slack" (known: telegram, discord)');
  });
});
