// The hostile requests: what an attacker or a broken client sends to a running agent. Each
// one must get a 4xx (or a 2xx acknowledgement for a webhook update that is dropped), never a
// 5xx, and must not stop the process. Grouped by what they attack.
import { signInteraction } from "../../test/fixtures/discord/signer.ts";

export interface HostileRequest {
  group: string;
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Secrets {
  telegramSecret: string;
  cronSecret: string;
}

const JSON_TYPE = { "content-type": "application/json" };
const repeat = (s: string, n: number) => s.repeat(n);

/** Texts that are legal JSON strings but hard on parsers, regexes and storage. */
export const NASTY_TEXTS: Record<string, string> = {
  "dots then x (ReDoS)": `${repeat(".", 15_999)}x`,
  "bangs and spaces": repeat("! ", 7_999),
  "open tags": repeat("<a>", 5_000),
  "unclosed response blocks": repeat("<response>", 1_500),
  "lone angle brackets": repeat("<", 15_000),
  "remind me, repeated": repeat("remind me in ", 1_200),
  "every, repeated": repeat("every every ", 1_300),
  "lone high surrogate": "hello \ud800 world",
  "lone low surrogate": "\udc00 at the start",
  "NUL bytes": "a\u0000b\u0000c",
  "RTL and zero-width": "\u202eevil\u200b\u200d text",
  "only whitespace": " \t\n ",
  "emoji storm": repeat("😀", 7_000),
};

export function hostileRequests(secrets: Secrets): HostileRequest[] {
  const list: HostileRequest[] = [];
  const api = (name: string, body: string, headers: Record<string, string> = JSON_TYPE) =>
    list.push({ group: "api", name, method: "POST", path: "/api/messages", headers, body });

  api("empty body", "");
  api("not JSON", "{text: hi");
  api("JSON array", "[1,2,3]");
  api("text is a number", JSON.stringify({ text: 42 }));
  api("text is null", JSON.stringify({ text: null }));
  api("userId is an object", JSON.stringify({ text: "hi", userId: { $ne: 1 } }));
  api("roomId too long", JSON.stringify({ text: "hi", roomId: "r".repeat(5_000) }));
  api("text too long", JSON.stringify({ text: "a".repeat(16_001) }));
  api("body over 64 KiB", JSON.stringify({ text: "a".repeat(70_000) }));
  api("deeply nested", `${"[".repeat(50_000)}${"]".repeat(50_000)}`);
  api("prototype pollution", '{"text":"hi","__proto__":{"admin":true},"constructor":{}}');
  api("text/plain body", JSON.stringify({ text: "hi" }), { "content-type": "text/plain" });
  for (const [name, text] of Object.entries(NASTY_TEXTS)) {
    api(name, JSON.stringify({ text, userId: "attacker" }));
  }
  list.push({
    group: "api",
    name: "Idempotency-Key too long",
    method: "POST",
    path: "/api/messages",
    headers: { ...JSON_TYPE, "idempotency-key": "k".repeat(500) },
    body: JSON.stringify({ text: "hi" }),
  });
  list.push({
    group: "api",
    name: "room list with bad limit",
    method: "GET",
    path: "/api/rooms/x/messages?limit=-5&before=abc",
  });
  list.push({
    group: "api",
    name: "room id with traversal",
    method: "GET",
    path: "/api/rooms/..%2F..%2Fetc/messages",
  });

  // DNS rebinding and cross-site writes against the loopback dev server.
  list.push({
    group: "browser",
    name: "foreign Host reads a room",
    method: "GET",
    path: "/api/rooms/dm:attacker/messages",
    headers: { host: "evil.example" },
  });
  list.push({
    group: "browser",
    name: "cross-site text/plain write",
    method: "POST",
    path: "/api/messages",
    headers: {
      "content-type": "text/plain",
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    },
    body: JSON.stringify({ text: "written by another site" }),
  });

  const telegram = (
    name: string,
    body: string,
    secret: string | undefined = secrets.telegramSecret,
  ) =>
    list.push({
      group: "telegram",
      name,
      method: "POST",
      path: "/webhooks/telegram",
      headers: {
        ...JSON_TYPE,
        ...(secret === undefined ? {} : { "x-telegram-bot-api-secret-token": secret }),
      },
      body,
    });
  let updateId = 900_000;
  const update = (message: Record<string, unknown>) =>
    JSON.stringify({ update_id: updateId++, message });
  const chat = { id: 77, type: "private" };
  telegram("no secret", update({ message_id: 1, chat, text: "hi" }), undefined);
  telegram("wrong secret", update({ message_id: 1, chat, text: "hi" }), "wrong-secret-value");
  telegram("not JSON", "{update_id:");
  telegram("update_id a string", JSON.stringify({ update_id: "1", message: {} }));
  telegram("from is a string", update({ message_id: 2, chat, from: "mallory", text: "hi" }));
  telegram(
    "chat id a string",
    update({ message_id: 3, chat: { id: "x", type: "private" }, text: "hi" }),
  );
  telegram("text a number", update({ message_id: 4, chat, from: { id: 5 }, text: 12345 }));
  telegram(
    "entities junk",
    update({
      message_id: 5,
      chat,
      from: { id: 5 },
      text: "@x hi",
      entities: [null, 5, { offset: -1, length: 1e9, type: "mention" }],
    }),
  );
  telegram(
    "reply_to_message junk",
    update({ message_id: 6, chat, from: { id: 5 }, text: "hi", reply_to_message: "nope" }),
  );
  for (const [name, text] of Object.entries(NASTY_TEXTS)) {
    telegram(`text: ${name}`, update({ message_id: 7, chat, from: { id: 5 }, text }));
  }
  telegram("body over 64 KiB", update({ message_id: 8, chat, text: "a".repeat(70_000) }));

  const discord = (name: string, headers: Record<string, string>, body: string) =>
    list.push({ group: "discord", name, method: "POST", path: "/webhooks/discord", headers, body });
  const ping = signInteraction({ id: "1", type: 1, token: "t", application_id: "1" });
  discord("no signature", JSON_TYPE, ping.body);
  discord(
    "bad signature",
    {
      ...JSON_TYPE,
      "x-signature-ed25519": "00".repeat(64),
      "x-signature-timestamp": ping.timestamp,
    },
    ping.body,
  );
  discord(
    "signature not hex",
    { ...JSON_TYPE, "x-signature-ed25519": "zz", "x-signature-timestamp": ping.timestamp },
    ping.body,
  );
  discord(
    "body changed after signing",
    {
      ...JSON_TYPE,
      "x-signature-ed25519": ping.signature,
      "x-signature-timestamp": ping.timestamp,
    },
    ping.body.replace('"type":1', '"type":2'),
  );
  const junk = signInteraction("{not json");
  discord(
    "signed junk",
    {
      ...JSON_TYPE,
      "x-signature-ed25519": junk.signature,
      "x-signature-timestamp": junk.timestamp,
    },
    junk.body,
  );

  list.push({ group: "cron", name: "no token", method: "POST", path: "/api/cron" });
  list.push({
    group: "cron",
    name: "wrong token",
    method: "POST",
    path: "/api/cron",
    headers: { authorization: "Bearer not-the-cron-secret" },
  });
  list.push({
    group: "cron",
    name: "bad limit",
    method: "POST",
    path: "/api/cron?limit=99999999999",
    headers: { authorization: `Bearer ${secrets.cronSecret}` },
  });
  list.push({ group: "http", name: "unknown route", method: "DELETE", path: "/api/../../x" });
  return list;
}
