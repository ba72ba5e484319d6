// The web chat in real headless Chromium: the reply's words appear while the model is still
// writing them (a local OpenAI server streams and holds the rest back until the page shows the
// first words), the stored reply replaces the draft; the Activity panel lists the run with its
// actions and timings and the room's tasks, whose Pause and Resume buttons work.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type NodeServer, startNodeServer } from "../../targets/node/server.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { launchChromium } from "../support/chromium.ts";
import { GUARD_MS, GUARDED_TEST_MS } from "../support/eventually.ts";
import { gate } from "../support/sse-client.ts";

vi.setConfig({ testTimeout: 60_000 + GUARDED_TEST_MS });
const poll = { timeout: GUARD_MS };

const REPLY = "Here is a streamed answer that arrives word by word in your browser.";
const PLAN = `<response><thought>answer</thought><actions>REPLY</actions><text>${REPLY}</text></response>`;

let browser: Browser;
let server: NodeServer | undefined;
let model: FakeOpenAIServer | undefined;
let page: Page | undefined;

beforeAll(async () => {
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await page?.context().close();
  page = undefined;
  await server?.close();
  server = undefined;
  await model?.close();
  model = undefined;
});

async function open(env: Record<string, string>): Promise<Page> {
  server = await startNodeServer({
    env: { ALLOW_NO_DATABASE: "true", TASK_INTERVAL_MS: "0", LOG_LEVEL: "error", ...env },
    port: 0,
    character: { name: "Eliza", bio: ["A helpful agent."] },
  });
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  context.setDefaultTimeout(GUARD_MS);
  page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  // The page's own files must load, its favicon included.
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(server.url);
  await expect.poll(() => page!.textContent("#agent-name"), poll).toBe("Eliza");
  expect(problems).toEqual([]);
  return page;
}

async function send(p: Page, text: string) {
  await p.fill("#text", text);
  await p.press("#text", "Enter");
}

describe("web chat streaming and Activity panel (Chromium)", () => {
  it("shows the reply's first words before the model has finished, then the stored reply", async () => {
    const rest = gate();
    model = await startFakeOpenAI({
      reply: PLAN,
      holdPart: (i) => (i >= 6 ? rest.promise : undefined),
    });
    const p = await open({ OPENAI_BASE_URL: model.url, OPENAI_EMBEDDING_MODEL: "none" });
    await send(p, "tell me something");
    const draft = p.locator(".msg.agent.streaming");
    await draft.waitFor();
    await expect
      .poll(async () => (await draft.textContent())?.length ?? 0, poll)
      .toBeGreaterThan(0);
    const partial = (await draft.textContent()) ?? "";
    // The model is held: what is on screen is a beginning of the reply, not all of it.
    expect(REPLY.startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan(REPLY.length);
    rest.open();
    const reply = p.locator(".msg.agent", { hasText: REPLY });
    await reply.waitFor();
    expect(await p.locator(".msg.agent.streaming").count()).toBe(0);
    expect(await p.locator(".msg.agent").allTextContents()).toEqual([REPLY]);
    // The bubble is the stored reply: a reload shows the same one, once.
    await p.reload();
    await p.locator(".msg.agent").first().waitFor();
    expect(await p.locator(".msg.agent").allTextContents()).toEqual([REPLY]);
  });

  it("lists runs with their actions and timings, and pauses and resumes a task", async () => {
    const p = await open({});
    await send(p, "remind me in 10 minutes to stretch");
    await p.locator(".msg.agent").first().waitFor();

    await p.click("#activity-toggle");
    const run = p.locator("#runs li.run").first();
    await run.waitFor();
    expect(await run.textContent()).toMatch(/reply · completed · \d+ ms/);
    expect(await run.locator(".actions").textContent()).toMatch(/\w+ \d+ ms/);
    // The run names the reply it produced.
    const replyText = (await p.locator(".msg.agent").first().textContent()) ?? "";
    expect(await run.locator(".meta").textContent()).toContain(replyText.slice(0, 20));

    const task = p.locator("#tasks li.task").first();
    await task.waitFor();
    expect(await task.textContent()).toMatch(/scheduled/);
    await task.getByRole("button", { name: "Pause" }).click();
    await expect
      .poll(() => p.locator("#tasks li.task").first().textContent(), poll)
      .toMatch(/paused/);
    await p.locator("#tasks li.task").first().getByRole("button", { name: "Resume" }).click();
    await expect
      .poll(() => p.locator("#tasks li.task").first().textContent(), poll)
      .toMatch(/scheduled/);
    // What the panel did is what the API says.
    const tasks = (await (await fetch(`${server!.url}/api/tasks`)).json()) as {
      tasks: { status: string }[];
    };
    expect(tasks.tasks.map((t) => t.status)).toContain("scheduled");
    // The panel closes again.
    await p.click("#activity .close");
    expect(await p.isHidden("#activity")).toBe(true);
  });
});
