// DISCORD_GATEWAY=true on the Node target: @discordjs/ws joins a local Gateway stand-in
// (HELLO, IDENTIFY, READY, DISPATCH, HEARTBEAT over a real WebSocket) found through the fake
// REST server's GET /gateway/bot, and the agent answers a DM and a mention in a channel, shows
// "typing…", ignores chatter it is not asked about and other bots, answers a re-sent event
// once, and keeps a channel's /ask and its mentions in one room.
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { MemoryTable, type UUID } from "../../core/index.ts";
import { type NodeServer, startNodeServer } from "../../targets/node/index.ts";
import { type FakeGateway, startFakeGateway } from "../fakes/discord-gateway.ts";
import { type FakeDiscordServer, startFakeDiscord } from "../fakes/discord-server.ts";
import { RFC8032_TEST1 } from "../fixtures/discord/signer.ts";
import { eventually } from "../support/eventually.ts";
import { scriptedModel } from "../support/scripted-model.ts";
import { APPLICATION_ID, askInteraction, discordRequest } from "./requests.ts";

const BOT = { id: "1100000000000000042", username: "eliza" };
const ANN = { id: "2000000000000000001", username: "ann", global_name: "Ann" };
const GUILD = "1400000000000000001";
const CHANNEL = "1500000000000000001";
const DM = "1500000000000000999";

let discord: FakeDiscordServer;
let gateway: FakeGateway;
let server: NodeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await gateway?.close();
  await discord?.close();
});

let nextId = 3_000_000_000_000_000_000n;
function messageCreate(content: string, fields: Record<string, unknown> = {}) {
  nextId += 1n;
  return {
    id: String(nextId),
    channel_id: CHANNEL,
    guild_id: GUILD,
    author: ANN,
    content,
    mentions: [],
    attachments: [],
    type: 0,
    timestamp: "2026-11-26T12:00:00.000000+00:00",
    ...fields,
  };
}

async function start(env: Record<string, string> = {}) {
  discord = await startFakeDiscord();
  gateway = await startFakeGateway({
    botToken: discord.botToken,
    botUser: BOT,
    applicationId: APPLICATION_ID,
  });
  discord.gatewayUrl = gateway.url;
  const model = scriptedModel((p) => `echo: ${p.userText}`);
  server = await startNodeServer({
    env: {
      DISCORD_GATEWAY: "true",
      DISCORD_BOT_TOKEN: discord.botToken,
      DISCORD_API_BASE: discord.url,
      DISCORD_APPLICATION_ID: APPLICATION_ID,
      TASK_INTERVAL_MS: "0",
      ...env,
    },
    port: 0,
    host: "127.0.0.1",
    storage: createMemoryStorage(),
    plugins: [model.plugin],
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });
  await gateway.ready();
  return model;
}

describe("Discord Gateway on the Node target (DISCORD_GATEWAY=true)", () => {
  it("identifies with the bot token and the message intents", async () => {
    await start();
    const [identify] = gateway.identifies;
    expect(identify?.token).toBe(discord.botToken);
    const intents = Number(identify?.intents);
    for (const bit of [0, 9, 12, 15]) expect(intents & (1 << bit)).not.toBe(0);
  });

  it("answers a DM and a mention, replying to each message, with typing first", async () => {
    await start();
    const dm = messageCreate("hello in private", { channel_id: DM, guild_id: undefined });
    gateway.dispatch("MESSAGE_CREATE", dm);
    const mention = messageCreate(`<@${BOT.id}> how are you?`, { mentions: [BOT] });
    gateway.dispatch("MESSAGE_CREATE", mention);
    await eventually("two replies", () => discord.messages().length === 2);
    await server!.idle();
    const byChannel = Object.fromEntries(discord.messages().map((m) => [m.where, m.body]));
    expect(byChannel[DM]).toMatchObject({
      content: "echo: hello in private",
      allowed_mentions: { parse: [] },
      message_reference: { message_id: dm.id, fail_if_not_exists: false },
    });
    // The bot's own mention is how it was asked, not part of the question.
    expect(byChannel[CHANNEL]).toMatchObject({
      content: "echo: how are you?",
      message_reference: { message_id: mention.id },
    });
    expect(discord.typing).toEqual(expect.arrayContaining([DM, CHANNEL]));
    const posts = discord.requests.filter((r) => r.path.endsWith("/messages"));
    expect(posts.every((r) => r.headers.authorization === `Bot ${discord.botToken}`)).toBe(true);
  });

  it("ignores other bots and its own messages, and asks the model about unaddressed chatter", async () => {
    const model = await start();
    model.small.push("<response><action>IGNORE</action></response>");
    gateway.dispatch(
      "MESSAGE_CREATE",
      messageCreate("beep", { author: { id: "9", username: "b", bot: true } }),
    );
    gateway.dispatch("MESSAGE_CREATE", messageCreate("my own words", { author: BOT }));
    gateway.dispatch("MESSAGE_CREATE", messageCreate("lunch anyone?"));
    await eventually("the chatter considered", () => model.calls.length === 1);
    await server!.idle();
    expect(model.calls.map((c) => c.type)).toEqual(["TEXT_SMALL"]);
    expect(discord.messages()).toEqual([]);
    expect(discord.typing).toEqual([]);
  });

  it("answers an event the Gateway sends twice (a resume replays it) once", async () => {
    await start();
    const dm = messageCreate("only once please", { channel_id: DM, guild_id: undefined });
    gateway.dispatch("MESSAGE_CREATE", dm);
    gateway.dispatch("MESSAGE_CREATE", dm);
    await eventually("the reply", () => discord.messages().length >= 1);
    await server!.idle();
    gateway.dispatch("MESSAGE_CREATE", dm);
    await server!.idle();
    expect(discord.messages()).toHaveLength(1);
  });

  it("keeps /ask and mentions in one channel in one room", async () => {
    await start({ DISCORD_PUBLIC_KEY: RFC8032_TEST1.publicKey });
    const signed = discordRequest(askInteraction("first, by command"));
    const res = await fetch(`${server!.url}/webhooks/discord`, {
      method: "POST",
      headers: Object.fromEntries(signed.headers),
      body: await signed.text(),
    });
    expect(res.status).toBe(200);
    gateway.dispatch(
      "MESSAGE_CREATE",
      messageCreate(`<@${BOT.id}> then by mention`, { mentions: [BOT] }),
    );
    await eventually("two replies", () => discord.messages().length === 2);
    await server!.idle();
    // One conversation room, besides the agent's own SELF room.
    const rooms = (
      await server!.runtime.storage.getRoomsForParticipant(server!.runtime.agentId as UUID)
    ).filter((id) => id !== server!.runtime.agentId);
    expect(rooms).toHaveLength(1);
    const texts = (
      await server!.runtime.storage.getMemories({
        tableName: MemoryTable.MESSAGES,
        roomId: rooms[0]!,
      })
    ).map((m) => m.content.text);
    expect(texts).toEqual(expect.arrayContaining(["first, by command", "then by mention"]));
  });

  it("refuses DISCORD_GATEWAY=true without a bot token, at start", async () => {
    await expect(
      startNodeServer({
        env: { DISCORD_GATEWAY: "true", TASK_INTERVAL_MS: "0" },
        port: 0,
        host: "127.0.0.1",
        storage: createMemoryStorage(),
      }),
    ).rejects.toThrow("DISCORD_GATEWAY=true needs DISCORD_BOT_TOKEN");
  });
});
