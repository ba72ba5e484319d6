// The web chat's finish, in real headless Chromium: its icon, the offline-ELIZA note, Markdown
// replies rendered without ever becoming HTML, a name the agent knows the user by, and a new
// conversation that leaves the old one in storage.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Action, Plugin } from "../../core/index.ts";
import { type NodeServer, startNodeServer } from "../../targets/node/server.ts";
import { launchChromium } from "../support/chromium.ts";
import { GUARD_MS, GUARDED_TEST_MS } from "../support/eventually.ts";

vi.setConfig({ testTimeout: 60_000 + GUARDED_TEST_MS });
const poll = { timeout: GUARD_MS };

const MARKDOWN =
  "Here is **bold**, `code` and [the docs](https://example.com/docs).\n\n- one\n- two\n\n" +
  "<img src=x onerror=\"document.title='pwned'\"> [bad](javascript:alert(1))";

// The offline ELIZA plans this action for "show markdown" (its name): no model server needed.
const showMarkdown: Action = {
  name: "SHOW_MARKDOWN",
  description: "Replies with a Markdown sample.",
  validate: async () => true,
  handler: async (_runtime, _message, _state, _options, callback) => {
    await callback?.({ text: MARKDOWN, actions: ["SHOW_MARKDOWN"] });
    return { success: true };
  },
};
const plugin: Plugin = { name: "markdown-sample", description: "sample", actions: [showMarkdown] };

let browser: Browser;
let server: NodeServer | undefined;
let page: Page | undefined;
let problems: string[] = [];

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
});

async function open(): Promise<Page> {
  server = await startNodeServer({
    env: { ALLOW_NO_DATABASE: "true", TASK_INTERVAL_MS: "0", LOG_LEVEL: "error" },
    port: 0,
    character: { name: "Eliza", bio: ["A helpful agent."] },
    plugins: [plugin],
  });
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  context.setDefaultTimeout(GUARD_MS);
  page = await context.newPage();
  problems = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(server.url);
  await expect.poll(() => page!.textContent("#agent-name"), poll).toBe("Eliza");
  return page;
}

async function send(p: Page, text: string) {
  await p.fill("#text", text);
  await p.press("#text", "Enter");
}

async function roomTexts(roomId: string) {
  const res = await fetch(`${server!.url}/api/rooms/${encodeURIComponent(roomId)}/messages`);
  const body = (await res.json()) as { messages: { name: string; text: string }[] };
  return body.messages;
}

describe("web chat polish (Chromium)", () => {
  it("has an icon and says the agent is the offline ELIZA", async () => {
    const p = await open();
    for (const path of ["/favicon.svg", "/favicon.ico"]) {
      const res = await fetch(`${server!.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(await res.text()).toMatch(/^<svg /);
    }
    expect(await p.getAttribute("link[rel=icon]", "href")).toBe("/favicon.svg");
    await expect.poll(() => p.isVisible("#notice"), poll).toBe(true);
    expect(await p.textContent("#notice")).toContain("offline ELIZA");
    expect(problems).toEqual([]);
  });

  it("renders a reply's Markdown as structure and its markup as text", async () => {
    const p = await open();
    await send(p, "show markdown");
    const reply = p.locator(".msg.agent").first();
    await reply.locator("strong").waitFor();
    expect(await reply.locator("strong").textContent()).toBe("bold");
    expect(await reply.locator("code").textContent()).toBe("code");
    expect(await reply.locator("li").allTextContents()).toEqual(["one", "two"]);
    const link = reply.locator("a");
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute("href")).toBe("https://example.com/docs");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    // The markup arrived as text: no image, no script ran, the javascript: link is not a link.
    expect(await reply.locator("img").count()).toBe(0);
    expect(await reply.textContent()).toContain("<img src=x onerror=");
    expect(await reply.textContent()).toContain("[bad](javascript:alert(1))");
    expect(await p.title()).not.toBe("pwned");
    expect(problems).toEqual([]);
  });

  it("sends the name the user gives, and starts a new conversation on request", async () => {
    const p = await open();
    p.once("dialog", (dialog) => void dialog.accept("Sam"));
    await p.click("#rename");
    await expect.poll(() => p.textContent("#status"), poll).toBe("you are Sam");
    await send(p, "I feel sad");
    await p.locator(".msg.agent").first().waitFor();
    const first =
      (await p.evaluate(() => localStorage.getItem("eliza-edge:roomId"))) ??
      `web:${await p.evaluate(() => localStorage.getItem("eliza-edge:userId"))}`;
    const before = await roomTexts(first);
    expect(before.map((m) => m.name)).toEqual(["Sam", "Eliza"]);

    await p.click("#new-chat");
    expect(await p.locator(".msg").count()).toBe(0);
    const second = await p.evaluate(() => localStorage.getItem("eliza-edge:roomId"));
    expect(second).not.toBe(first);
    await send(p, "Men are all alike.");
    await expect.poll(() => p.locator(".msg.agent").count(), poll).toBe(1);
    expect((await roomTexts(second!)).map((m) => m.text)[0]).toBe("Men are all alike.");
    // The old conversation is still there, and a reload opens the new one.
    expect(await roomTexts(first)).toEqual(before);
    await p.reload();
    await p.locator(".msg.agent").first().waitFor();
    expect(await p.locator(".msg.user").allTextContents()).toEqual(["Men are all alike."]);
    expect(await p.textContent("#status")).toBe("you are Sam");
    expect(problems).toEqual([]);
  });
});
