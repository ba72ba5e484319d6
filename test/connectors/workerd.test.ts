// The connectors in real workerd (Miniflare): bundled as a Worker deploy bundles them.
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeDiscordServer, startFakeDiscord } from "../fakes/discord-server.ts";
import { type FakeTelegramServer, startFakeTelegram } from "../fakes/telegram-server.ts";
import { RFC8032_TEST1 } from "../fixtures/discord/signer.ts";
import { bundleForWorkers } from "../support/bundle-check.ts";
import { eventually, GUARDED_TEST_MS } from "../support/eventually.ts";
import { connectorEnv } from "./driver.ts";
import {
  APPLICATION_ID,
  askInteraction,
  BOT_ID,
  BOT_USERNAME,
  discordRequest,
  TELEGRAM_SECRET,
  telegramRequest,
  textUpdate,
} from "./requests.ts";

vi.setConfig({ testTimeout: GUARDED_TEST_MS }); // outlast eventually()

let mf: Miniflare;
let telegram: FakeTelegramServer;
let discord: FakeDiscordServer;

beforeAll(async () => {
  const bundle = await bundleForWorkers(
    fileURLToPath(new URL("./worker-fixture.ts", import.meta.url)),
  );
  expect(bundle.nodeImports).toEqual([]);
  telegram = await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
  discord = await startFakeDiscord();
  mf = new Miniflare({
    modules: true,
    script: bundle.code,
    compatibilityDate: "2025-09-01",
    bindings: connectorEnv(
      telegram,
      discord,
      TELEGRAM_SECRET,
      RFC8032_TEST1.publicKey,
      APPLICATION_ID,
    ),
  });
});
afterAll(async () => {
  await mf?.dispose();
  await telegram?.close();
  await discord?.close();
});

const send = async (request: Request) =>
  (await mf.dispatchFetch(request.url, {
    method: request.method,
    headers: Object.fromEntries(request.headers),
    body: await request.text(),
  })) as unknown as Response;

describe("connectors in workerd", () => {
  it("verifies Discord signatures with workerd's WebCrypto: PONG for a good one, 401 otherwise", async () => {
    const ping = { id: "1", application_id: APPLICATION_ID, token: "t", type: 1 };
    const good = await send(discordRequest(ping));
    expect(await good.json()).toEqual({ type: 1 });
    const tampered = discordRequest(ping);
    const bad = await mf.dispatchFetch(tampered.url, {
      method: "POST",
      headers: Object.fromEntries(tampered.headers),
      body: (await tampered.text()).replace('"type":1', '"type":2'),
    });
    expect(bad.status).toBe(401);
  });

  it("completes a slash command from ctx.waitUntil", async () => {
    const interaction = askInteraction("hello from workerd");
    const res = await send(discordRequest(interaction));
    expect(await res.json()).toEqual({ type: 5 });
    // The turn runs in waitUntil after the response; the edit reaching Discord is its effect.
    await eventually("the interaction's @original edit", () => discord.messages().length > 0);
    expect(discord.messages().map((m) => [m.kind, m.where])).toEqual([
      ["original", interaction.token],
    ]);
  });

  it("answers a Telegram DM from ctx.waitUntil", async () => {
    const res = await send(telegramRequest(textUpdate("hello from workerd")));
    expect(res.status).toBe(200);
    await eventually("a sendMessage to the DM", () => telegram.sent().length > 0);
    expect(telegram.sent()).toHaveLength(1);
  });
});
