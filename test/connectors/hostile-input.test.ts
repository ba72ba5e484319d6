// Bad user input is never a 5xx (Telegram would redeliver it for 24 h) and never lands in a
// log: malformed updates are acknowledged and dropped with one line, lone surrogates are
// stored as U+FFFD, and errors are logged as a summary without the SQL or its parameters.
// Runs on PGlite, whose jsonb refuses a lone surrogate (SQLSTATE 22P02).
import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toStorageError } from "../../adapters/postgres/errors.ts";
import { createPgliteStorage, type PostgresStorage } from "../../adapters/postgres/index.ts";
import { createConsoleLogger, type StorageAdapter, StorageError } from "../../core/index.ts";
import { scriptedModel } from "../support/scripted-model.ts";
import { type Harness, startHarness } from "./harness.ts";
import { ann, groupChat, ORIGIN, telegramRequest, textUpdate } from "./requests.ts";

const MARKER = "SECRET-USER-TEXT-7431";
const API_TOKEN = "api-token-0123456789abcdef";

let pglite: PostgresStorage | undefined;
let h: Harness;
let logged: string[];

afterAll(async () => {
  await pglite?.close();
});

beforeEach(() => {
  logged = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(
        args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(" "),
      );
    });
  }
});
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.close();
});

/** A harness on one shared, reset PGlite (kept open across tests), logging to the console. */
async function start(wrap: (s: StorageAdapter) => StorageAdapter = (s) => s) {
  const model = scriptedModel((p) => `echo: ${p.userText}`);
  h = await startHarness({
    storage: async (now) => {
      pglite ??= await createPgliteStorage({ now: () => now() });
      await pglite.init();
      await pglite.reset();
      const kept = new Proxy(pglite, {
        get: (target, key) => (key === "close" ? async () => {} : Reflect.get(target, key, target)),
      }) as StorageAdapter;
      return wrap(kept);
    },
    model: model.plugin,
    env: { API_TOKEN },
    logger: createConsoleLogger("debug"),
  });
  return model;
}

const base = () => textUpdate(`hello ${MARKER}`) as unknown as Record<string, unknown>;
const withMessage = (patch: Record<string, unknown>) => {
  const update = base();
  update.message = { ...(update.message as object), ...patch };
  return update;
};
/** `from` nested 5000 arrays deep, written as text (JSON.stringify would overflow the stack). */
const deeplyNested = JSON.stringify(withMessage({ from: "NEST" })).replace(
  '"NEST"',
  `${"[".repeat(5000)}"${MARKER}"${"]".repeat(5000)}`,
);

const MALFORMED: Record<string, unknown> = {
  "from is a string": withMessage({ from: MARKER }),
  "from.id is a string": withMessage({ from: { ...ann, id: "1001" } }),
  "from.first_name is an object": withMessage({ from: { ...ann, first_name: { x: MARKER } } }),
  "chat.id is a string": withMessage({ chat: { id: "42", type: "private" } }),
  "chat is a number": withMessage({ chat: 42 }),
  "text is a number": withMessage({ text: 42 }),
  "text is an object": withMessage({ text: { t: MARKER } }),
  "entities is not an array": withMessage({ entities: MARKER }),
  "reply_to_message is junk": withMessage({ reply_to_message: MARKER }),
  "reply_to_message.from is junk": withMessage({
    reply_to_message: { message_id: 1, chat: groupChat, from: [MARKER] },
  }),
  "from is deeply nested": deeplyNested,
  "message is an array": { update_id: 990_001, message: [MARKER] },
  "callback_query.from is a string": {
    update_id: 990_002,
    callback_query: { id: "cb", from: MARKER, data: MARKER, message: base().message },
  },
};

describe("hostile input on PGlite", () => {
  it("acknowledges each malformed Telegram update with 200, stores nothing, logs one line", async () => {
    const model = await start();
    for (const [name, update] of Object.entries(MALFORMED)) {
      logged = [];
      const body = typeof update === "string" ? update : JSON.stringify(update);
      const res = await h.fetch(telegramRequest(body));
      expect(res.status, name).toBe(200);
      await h.settle();
      const dropped = logged.filter((line) => line.includes("malformed"));
      expect(dropped, name).toHaveLength(1);
    }
    expect(model.calls).toEqual([]);
    expect(h.telegram.sent()).toEqual([]);
    expect(await h.storage.getTasks({})).toEqual([]);
    expect(await h.storage.getMemories({ tableName: "messages" })).toEqual([]);
    expect(logged.join("\n")).not.toContain(MARKER);
  });

  it("stores a Telegram text with lone surrogates as U+FFFD and answers it", async () => {
    const model = await start();
    const res = await h.fetch(telegramRequest(textUpdate(`broken \ud800 ${MARKER} \udc00`)));
    expect(res.status).toBe(200);
    await h.settle();
    const stored = await h.storage.getMemories({ tableName: "messages" });
    expect(stored.map((m) => m.content.text)).toContain(`broken \ufffd ${MARKER} \ufffd`);
    expect(model.calls.map((c) => c.params.userText)).toEqual([`broken \ufffd ${MARKER} \ufffd`]);
    expect(h.telegram.sent().map((m) => m.shown)).toEqual([`echo: broken \ufffd ${MARKER} \ufffd`]);
    expect(logged.join("\n")).not.toContain(MARKER);
  });

  it("answers /api/messages with a lone surrogate 200 and stores U+FFFD", async () => {
    await start();
    const res = await h.fetch(
      new Request(`${ORIGIN}/api/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${API_TOKEN}` },
        body: JSON.stringify({ text: `hi \ud800 ${MARKER}`, userId: "u\udc00" }),
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { replies: { text: string }[] };
    expect(body.replies.map((r) => r.text)).toEqual([`echo: hi \ufffd ${MARKER}`]);
    const stored = await h.storage.getMemories({ tableName: "messages" });
    expect(stored.map((m) => m.content.text)).toContain(`hi \ufffd ${MARKER}`);
    expect(logged.join("\n")).not.toContain(MARKER);
  });

  it("maps a value the database refuses to 400 and logs neither the SQL nor the text", async () => {
    // The driver's own 22P02, as drizzle wraps it: the message holds the statement and params.
    const db = new PGlite();
    const driverError = await db.query("select $1::jsonb", [`{"t": "\\ud800 ${MARKER}"}`]).then(
      () => undefined,
      (e: unknown) => e,
    );
    await db.close();
    expect((driverError as { code?: string }).code).toBe("22P02");
    const wrapped = new Error(
      `Failed query: insert into memories (content) values ($1)\nparams: ${MARKER}`,
      { cause: driverError },
    );
    const mapped = toStorageError(wrapped);
    expect(mapped).toBeInstanceOf(StorageError);
    expect((mapped as StorageError).code).toBe("INVALID_INPUT");

    let fail: unknown = mapped;
    await start((s) => {
      const wrapper = new Proxy(s, {
        get: (target, key) =>
          key === "getCache" ? () => Promise.reject(fail) : Reflect.get(target, key, target),
      });
      return wrapper;
    });
    const post = () =>
      h.fetch(
        new Request(`${ORIGIN}/api/messages`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${API_TOKEN}`,
            "idempotency-key": "k1",
          },
          body: JSON.stringify({ text: `hi ${MARKER}` }),
        }),
      );
    const refused = await post();
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      "invalid_input",
    );
    // An error nobody mapped is still a 503, and its log line is a summary.
    fail = wrapped;
    logged = [];
    const unknown = await post();
    expect(unknown.status).toBe(503);
    const all = logged.join("\n");
    expect(all).toContain("unhandled error");
    expect(all).toContain("22P02");
    expect(all).not.toContain(MARKER);
    expect(all).not.toMatch(/insert into|Failed query|params:/i);
  });
});
