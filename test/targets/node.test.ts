import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startFakeOpenAI } from "../fakes/openai-server.ts";
import { ensureSidecarInstalled } from "../support/embedding-sidecar.ts";
import { eventually, GUARDED_TEST_MS } from "../support/eventually.ts";
import { runCli } from "../support/run-cli.ts";
import { type RunningTarget, spawnNodeTarget, tempDataDir } from "../support/spawn-node-target.ts";
import { writeTinyGguf } from "../support/tiny-gguf.ts";

// Each test starts the target (its start guard is 120 s: a cold PGlite on a loaded machine
// takes over 30 s) and some start it twice; the tests outlast those guards to report them.
vi.setConfig({ testTimeout: 2 * 120_000 + GUARDED_TEST_MS });

let target: RunningTarget | undefined;
afterEach(async () => {
  await target?.stop();
  target = undefined;
});

const ask = async (url: string, text: string) => {
  const res = await fetch(`${url}/api/messages`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text }),
  });
  return { status: res.status, body: await res.json() };
};

describe("npm start (Node target)", () => {
  it("answers with classic ELIZA when nothing is configured, and says so at startup", async () => {
    target = await spawnNodeTarget({});
    const { status, body } = await ask(target.url, "I feel sad");
    expect(status).toBe(200);
    expect(body.replies[0].text).toMatch(/feel/i);
    expect(target.output()).toContain("offline ELIZA fallback");
    const health = await (await fetch(`${target.url}/health`)).json();
    expect(health).toMatchObject({
      name: "Eliza",
      storage: "pglite",
      models: { text: "eliza-offline" },
    });
    expect(await target.stop()).toBe(0);
  });

  it("keeps conversations across a restart in embedded PGlite", async () => {
    const PGLITE_DIR = tempDataDir();
    target = await spawnNodeTarget({ PGLITE_DIR });
    await ask(target.url, "My dog died");
    expect(await target.stop()).toBe(0);

    target = await spawnNodeTarget({ PGLITE_DIR });
    const history = await (await fetch(`${target.url}/api/rooms/dm:api-user/messages`)).json();
    expect(history.messages.map((m: { role: string; text: string }) => m.role)).toEqual([
      "user",
      "agent",
    ]);
    expect(history.messages[0].text).toBe("My dog died");
  });

  it("fires a reminder from its in-process task loop, visible in the room", async () => {
    target = await spawnNodeTarget({ TASK_INTERVAL_MS: "100" });
    const { body } = await ask(target.url, "remind me in 1 second to drink water");
    expect(body.replies[0].text).toContain("1 second");
    // The task loop stores the reminder in the room once it is due; that row is the signal.
    const room = async (): Promise<string[]> => {
      const history = await (await fetch(`${target!.url}/api/rooms/dm:api-user/messages`)).json();
      return history.messages.map((m: { text: string }) => m.text);
    };
    await eventually("the reminder in the room", async () =>
      (await room()).includes("Reminder: drink water"),
    );
    const texts = await room();
    expect(texts.at(-1)).toBe("Reminder: drink water");
    expect(texts.filter((t) => t === "Reminder: drink water")).toHaveLength(1);
  });

  it("starts the GGUF embedding sidecar for LOCAL_EMBEDDING_MODEL_PATH and ingests knowledge", async () => {
    await ensureSidecarInstalled();
    const model = await writeTinyGguf({ path: join(tempDataDir(), "tiny.gguf"), width: 32 });
    target = await spawnNodeTarget({
      LOCAL_EMBEDDING_MODEL_PATH: model.path,
      CHARACTER_JSON: JSON.stringify({
        name: "Eliza",
        knowledge: ["The spare key is under the blue pot."],
      }),
    });
    const health = await (await fetch(`${target.url}/health`)).json();
    expect(health.models.embedding).toBe("local-embedding");
    expect(target.output()).toContain("knowledge ingested");
    expect(target.output()).toContain("Embedding width 32");
    const { status } = await ask(target.url, "where is the spare key?");
    expect(status).toBe(200);
    expect(await target.stop()).toBe(0);
  });

  it("fails at startup with a clear message for a bad model file", async () => {
    const dir = tempDataDir();
    await ensureSidecarInstalled();
    const bad = join(dir, "garbage.gguf");
    await import("node:fs/promises").then((fs) => fs.writeFile(bad, "not a model at all"));
    await expect(spawnNodeTarget({ LOCAL_EMBEDDING_MODEL_PATH: bad })).rejects.toThrow(
      /model|GGUF|gguf/,
    );
  });

  it("`chat` talks through a running server instead of opening its database a second time", async () => {
    target = await spawnNodeTarget({});
    const run = await runCli(
      ["chat"],
      { PORT: String(new URL(target.url).port), USER: "kim" },
      "I feel sad\n/quit\n",
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("talking to the server");
    expect(run.stdout).toMatch(/Eliza: .*feel/i);
    const history = await (await fetch(`${target.url}/api/rooms/terminal:kim/messages`)).json();
    expect(history.messages.map((m: { text: string }) => m.text)[0]).toBe("I feel sad");
  });

  it("keeps data in memory only when ALLOW_NO_DATABASE=true", async () => {
    target = await spawnNodeTarget({ ALLOW_NO_DATABASE: "true" });
    expect((await (await fetch(`${target.url}/health`)).json()).storage).toBe("memory");
    const warnings = target.output().match(/ALLOW_NO_DATABASE=true and DATABASE_URL is not set/g);
    expect(warnings).toHaveLength(1);
    expect(target.output()).toMatch(/nothing persists/);
  });

  it("answers from an OpenAI-compatible server when OPENAI_BASE_URL points at one", async () => {
    const fake = await startFakeOpenAI({ reply: "Hello from the local model." });
    try {
      target = await spawnNodeTarget({ OPENAI_BASE_URL: fake.url });
      const { body } = await ask(target.url, "hi there");
      expect(body.replies.map((r: { text: string }) => r.text)).toEqual([
        "Hello from the local model.",
      ]);
      const chat = fake.requests.filter((r) => r.path === "/v1/chat/completions");
      expect(chat).toHaveLength(1);
      expect(JSON.stringify(chat[0]?.body)).toContain("hi there");
    } finally {
      await fake.close();
    }
  });

  it("refuses to start on a non-loopback address without API_TOKEN", async () => {
    await expect(spawnNodeTarget({ HOST: "0.0.0.0" })).rejects.toThrow(/API_TOKEN must be set/);
  });

  it("fails with a clear message for a broken CHARACTER_JSON", async () => {
    await expect(spawnNodeTarget({ CHARACTER_JSON: '{"bio": 3}' })).rejects.toThrow(
      /Invalid character in CHARACTER_JSON: name/,
    );
  });
});
