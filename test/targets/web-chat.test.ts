// The web chat at / on the Node target, in real headless Chromium: send, see the reply, reload
// and find the history, use it at phone width, watch a reminder arrive, see the typing indicator.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  chatCompletion,
  embeddingList,
  fakeEmbedding,
  type RecordedRequest,
  startScriptedServer,
} from "../fakes/openai-server.ts";
import { launchChromium } from "../support/chromium.ts";
import { GUARD_MS, GUARDED_TEST_MS } from "../support/eventually.ts";
import { type RunningTarget, spawnNodeTarget } from "../support/spawn-node-target.ts";

// Each test starts npm start (a 120 s start guard) and then waits on the page; on a loaded
// machine a reply can take seconds, so every wait below is a GUARD_MS guard, not a window.
vi.setConfig({ testTimeout: 120_000 + GUARDED_TEST_MS });
const poll = { timeout: GUARD_MS };

let browser: Browser;
let target: RunningTarget | undefined;
let page: Page | undefined;

// The first run on a fresh machine installs Debian's chromium (about a minute).
beforeAll(async () => {
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await page?.context().close();
  page = undefined;
  await target?.stop();
  target = undefined;
});

async function open(url: string, viewport = { width: 1024, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(GUARD_MS); // every locator wait; Playwright's default is 30 s
  page = await context.newPage();
  await page.goto(url);
  return page;
}

async function send(p: Page, text: string) {
  await p.fill("#text", text);
  await p.press("#text", "Enter");
}

const agentTexts = (p: Page) => p.locator(".msg.agent").allTextContents();

describe("web chat at / (Node target)", () => {
  it("sends a message, shows the reply, and keeps the history across a reload", async () => {
    target = await spawnNodeTarget({ TASK_INTERVAL_MS: "0" });
    const p = await open(target.url);
    await expect.poll(() => p.textContent("#agent-name"), poll).toBe("Eliza");

    await send(p, "I feel sad about my job");
    await p.locator(".msg.agent").first().waitFor();
    const [reply] = await agentTexts(p);
    expect(reply).toMatch(/\S/);
    expect(await p.locator(".msg.user").allTextContents()).toEqual(["I feel sad about my job"]);
    expect(await p.isHidden("#typing")).toBe(true);

    await p.reload();
    await p.locator(".msg.agent").first().waitFor();
    expect(await p.locator(".msg.user").allTextContents()).toEqual(["I feel sad about my job"]);
    expect(await agentTexts(p)).toEqual([reply]);
    // The same browser keeps its user id, so the history is its own.
    const userId = await p.evaluate(() => localStorage.getItem("eliza-edge:userId"));
    const history = await (
      await fetch(`${target.url}/api/rooms/${encodeURIComponent(`web:${userId}`)}/messages`)
    ).json();
    expect(history.messages.map((m: { text: string }) => m.text)).toEqual([
      "I feel sad about my job",
      reply,
    ]);
  });

  it("keeps the input on screen at phone width and shows a reminder when it fires", async () => {
    target = await spawnNodeTarget({ TASK_INTERVAL_MS: "200", ALLOW_NO_DATABASE: "true" });
    const p = await open(target.url, { width: 390, height: 844 });
    // One at a time: a message sent while the one before is still being answered makes the
    // server discard that older reply (elizaOS's stale-reply rule), so a burst can show fewer.
    for (let i = 0; i < 12; i++) {
      await send(p, `message ${i} to fill the screen`);
      await expect.poll(async () => (await agentTexts(p)).length, poll).toBe(i + 1);
    }

    const box = await p.locator("#text").boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await p.isVisible("#send-button")).toBe(true);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await send(p, "remind me in 2 seconds to stretch");
    await expect
      .poll(async () => (await agentTexts(p)).some((t) => t.includes("2 seconds")), poll)
      .toBe(true);
    // The reminder is stored in the room by the server's task loop; the page polls for it.
    const reminder = p.locator(".msg.agent.reminder", { hasText: "Reminder: stretch" });
    await reminder.waitFor();
    expect(await reminder.count()).toBe(1);
  });

  it("keeps a failed send's error on screen until a send succeeds", async () => {
    target = await spawnNodeTarget({ TASK_INTERVAL_MS: "0", ALLOW_NO_DATABASE: "true" });
    const p = await open(target.url);
    await expect.poll(() => p.textContent("#agent-name"), poll).toBe("Eliza");
    const polls = () => pollCount;
    let pollCount = 0;
    p.on("request", (r) => {
      if (r.url().includes("/api/rooms/")) pollCount++;
    });
    // The send fails as a storage outage makes it fail: 503 with the API's error body.
    await p.route("**/api/messages", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: "storage_unavailable", message: "Storage is down" },
        }),
      }),
    );
    await send(p, "hello?");
    await expect.poll(() => p.textContent("#error"), poll).toMatch(/\S/);
    const shown = await p.textContent("#error");
    // Two successful polls later (each used to wipe it), it is still there.
    const seen = polls();
    await expect.poll(polls, poll).toBeGreaterThanOrEqual(seen + 2);
    expect(await p.textContent("#error")).toBe(shown);
    expect(shown).toBe("Storage is down");
    await p.unroute("**/api/messages");
    await send(p, "hello again");
    await p.locator(".msg.agent").first().waitFor();
    await expect.poll(() => p.textContent("#error"), poll).toBe("");
  });

  it("shows a typing indicator while the agent works", async () => {
    // The model answers only once the test has seen the indicator: no 1.5 s window to race.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const model = await startScriptedServer(heldOpenAI(answered));
    try {
      target = await spawnNodeTarget({
        OPENAI_BASE_URL: `${model.origin}/v1`,
        TASK_INTERVAL_MS: "0",
      });
      const p = await open(target.url);
      await send(p, "hello?");
      await p.locator("#typing").waitFor({ state: "visible" });
      answer();
      await p.locator(".msg.agent", { hasText: "Sorry for the wait." }).waitFor();
      expect(await p.isHidden("#typing")).toBe(true);
    } finally {
      answer();
      await model.close();
    }
  });
});

/** An OpenAI-compatible server whose chat completions wait for `answered`; embeddings do not. */
function heldOpenAI(answered: Promise<void>) {
  return (request: RecordedRequest) => {
    if (request.path.endsWith("/embeddings")) {
      const body = request.body as { input: string | string[]; dimensions?: number };
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      return embeddingList(inputs.map((text) => fakeEmbedding(text, body.dimensions ?? 1536)));
    }
    return { ...chatCompletion("Sorry for the wait."), heldUntil: answered };
  };
}
