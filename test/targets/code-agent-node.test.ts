// startNodeServer with the agent defined in code: its own character (no character.json in the
// working directory), a plugin, a model plugin and a storage factory, answering over HTTP as
// that character; an invalid character rejects the start before anything is opened.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { CharacterError, silentLogger, stringToUuid } from "../../core/index.ts";
import { type NodeServer, startNodeServer } from "../../targets/node/index.ts";
import {
  ADA,
  ADA_REPLY,
  BAD_CHARACTER,
  BAD_CHARACTER_ERROR,
  notesPlugin,
  promptModel,
} from "../support/code-agent.ts";

let cwd: string;
beforeAll(async () => {
  // Empty: a start that looked for character.json here would fail.
  cwd = await mkdtemp(join(tmpdir(), "eliza-edge-code-agent-"));
});
afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
});

const env = { TASK_INTERVAL_MS: "0", LOG_LEVEL: "silent" };

async function ask(server: NodeServer, text: string): Promise<string[]> {
  const response = await fetch(`${server.url}/api/messages`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text, userId: "charles" }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { replies: { text: string }[] }).replies.map((r) => r.text);
}

describe("startNodeServer with the agent defined in code", () => {
  it("answers as the code's character, with its plugin, its model and its storage", async () => {
    const factoryCalls: string[] = [];
    const server = await startNodeServer({
      env,
      cwd,
      port: 0,
      logger: silentLogger,
      character: ADA,
      plugins: [notesPlugin],
      models: [promptModel()],
      storage: (given, { agentId }) => {
        factoryCalls.push(`${given.TASK_INTERVAL_MS}:${agentId}`);
        return createMemoryStorage({ agentId });
      },
      connectors: ["telegram"],
    });
    try {
      expect(factoryCalls).toEqual([`0:${stringToUuid("Ada")}`]);
      expect(server.runtime.character.name).toBe("Ada");
      expect(await ask(server, "What are you working on?")).toEqual([ADA_REPLY]);
      // Telegram is on because the code chose it, though the env has no TELEGRAM_BOT_TOKEN.
      const webhook = await fetch(`${server.url}/webhooks/telegram`, {
        method: "POST",
        body: "{}",
      });
      expect(webhook.status).not.toBe(404);
    } finally {
      await server.close();
    }
  });

  it("rejects an invalid character naming the field, before the storage is built", async () => {
    let built = false;
    const start = startNodeServer({
      env,
      cwd,
      port: 0,
      logger: silentLogger,
      character: BAD_CHARACTER,
      storage: () => {
        built = true;
        return createMemoryStorage();
      },
    });
    await expect(start).rejects.toThrow(CharacterError);
    await expect(start).rejects.toThrow(BAD_CHARACTER_ERROR);
    expect(built).toBe(false);
  });

  it("still reads the character from the env when the code gives none", async () => {
    const server = await startNodeServer({
      env: { ...env, CHARACTER_JSON: '{"name":"Grace","bio":"Compiles."}' },
      cwd,
      port: 0,
      logger: silentLogger,
      models: [promptModel()],
      storage: createMemoryStorage(),
    });
    try {
      expect(await ask(server, "Hello")).toEqual(["Grace here. No notes."]);
    } finally {
      await server.close();
    }
  });
});
