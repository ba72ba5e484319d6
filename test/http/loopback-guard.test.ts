// The open dev-server /api (no API_TOKEN, loopback listen address) against a hostile web page:
// DNS rebinding (a foreign Host reading a room) and cross-site writes (a text/plain form POST,
// a foreign Origin, Sec-Fetch-Site: cross-site). Local clients (curl, the web chat) still work,
// and with API_TOKEN set the token is the only rule.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  createAgent,
  createApp,
  isLoopbackHostHeader,
  MemoryTable,
  parseCharacter,
} from "../../core/index.ts";

async function setup(env: Record<string, unknown> = {}) {
  const storage = createMemoryStorage();
  const runtime = await createAgent({
    character: parseCharacter({ name: "Guarded" }),
    storage,
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });
  const app = createApp({
    getAgent: async () => runtime,
    env: () => env,
    openWithoutToken: true,
    loopbackOnly: true,
  });
  // The conversation's messages: the agent's rooms other than its own SELF room.
  const conversations = async () =>
    (await storage.getRoomsForParticipant(runtime.agentId)).filter((id) => id !== runtime.agentId);
  const stored = async () =>
    (await conversations()).length === 0
      ? 0
      : (
          await storage.getMemories({
            tableName: MemoryTable.MESSAGES,
            roomId: (await conversations())[0]!,
          })
        ).length;
  return { app, stored };
}

const send = (headers: Record<string, string>, body = '{"text":"hello","roomId":"r"}') =>
  new Request("http://127.0.0.1:3000/api/messages", { method: "POST", headers, body });

describe("open /api on a loopback dev server", () => {
  it("refuses a foreign Host reading a room with 403 (DNS rebinding)", async () => {
    const { app } = await setup();
    for (const host of [
      "evil.example",
      "evil.example:3000",
      "127.example.com",
      "127.0.0.1.nip.io",
    ]) {
      const res = await app.request("http://127.0.0.1:3000/api/rooms/r/messages", {
        headers: { host },
      });
      expect(res.status, host).toBe(403);
      const body = await res.json();
      expect(body.error.code).toBe("forbidden_host");
      expect(body.error.message).toContain("not a loopback name");
    }
  });

  it("answers loopback Host headers, with or without a port", async () => {
    const { app } = await setup();
    for (const host of [
      "localhost",
      "localhost:3000",
      "127.0.0.1:3000",
      "127.1.2.3",
      "[::1]:3000",
    ]) {
      const res = await app.request("http://127.0.0.1:3000/api/rooms/r/messages", {
        headers: { host },
      });
      expect(res.status, host).toBe(200);
    }
  });

  it("refuses a cross-site text/plain form POST and stores nothing", async () => {
    const { app, stored } = await setup();
    const attempts: Record<string, string>[] = [
      { origin: "https://evil.example", "content-type": "text/plain" },
      { origin: "https://evil.example", "content-type": "application/json" },
      { origin: "null", "content-type": "application/json" },
      { "sec-fetch-site": "cross-site", "content-type": "application/json" },
    ];
    for (const headers of attempts) {
      const res = await app.request(send(headers));
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).error.code).toBe("cross_site_request");
    }
    expect(await stored()).toBe(0);
  });

  it("requires a JSON content type for a write (415), even without an Origin", async () => {
    const { app, stored } = await setup();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      const res = await app.request(send(type ? { "content-type": type } : {}));
      expect(res.status, type).toBe(415);
    }
    expect(await stored()).toBe(0);
  });

  it("takes a same-origin browser POST and curl without an Origin", async () => {
    const { app, stored } = await setup();
    const browser = await app.request(
      send({
        origin: "http://127.0.0.1:3000",
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
      }),
    );
    expect(browser.status).toBe(200);
    const curl = await app.request(send({ "content-type": "application/json; charset=utf-8" }));
    expect(curl.status).toBe(200);
    expect(await stored()).toBe(4);
  });

  it("checks nothing but the token once API_TOKEN is set", async () => {
    const { app } = await setup({ API_TOKEN: "t0ken" });
    const res = await app.request(
      new Request("http://agent.example/api/messages", {
        method: "POST",
        headers: {
          host: "agent.example",
          origin: "https://app.example",
          authorization: "Bearer t0ken",
          "content-type": "application/json",
        },
        body: '{"text":"hi"}',
      }),
    );
    expect(res.status).toBe(200);
  });

  it("knows a loopback Host header when it sees one", () => {
    const yes = [
      "localhost",
      "LOCALHOST:80",
      "127.0.0.1",
      "127.255.0.9:65535",
      "[::1]",
      "[::1]:8080",
    ];
    const no = [
      "127.example.com",
      "127.0.0.1.evil",
      "128.0.0.1",
      "127.0.0.256",
      "[::2]",
      "::1:80",
      "localhost:99999",
      "",
      "localhost.evil",
    ];
    for (const host of yes) expect(isLoopbackHostHeader(host), host).toBe(true);
    for (const host of no) expect(isLoopbackHostHeader(host), host).toBe(false);
  });
});
