// What `npm start` and `eliza-edge start` print first: where to chat (web and terminal), and
// which model answers, the offline ELIZA named as such.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createAgent, ModelType, type Plugin } from "../../core/index.ts";
import { startBanner } from "../../targets/node/start-banner.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

async function banner(models?: Plugin[]) {
  const agent = await createAgent({
    character: { name: "Ada", bio: "tests" },
    storage: createMemoryStorage(),
    logger: quiet,
    ...(models ? { models } : {}),
  });
  return startBanner(agent, "http://127.0.0.1:3000", { chatCommand: "npm run chat" });
}

describe("the start banner", () => {
  it("names the web chat, the terminal chat and the offline ELIZA", async () => {
    const text = await banner();
    expect(text.split("\n").slice(0, 4)).toEqual([
      "Ada is listening on http://127.0.0.1:3000 (storage: memory)",
      "  web chat:  http://127.0.0.1:3000/",
      "  terminal:  npm run chat",
      "  model:     the offline ELIZA (no OPENAI_API_KEY, OPENAI_BASE_URL or ANTHROPIC_API_KEY set): it answers with Weizenbaum's 1966 script and runs an action you ask for by name",
    ]);
  });

  it("names the provider when one is configured", async () => {
    const reply = async () => "Hello.";
    const text = await banner([
      { name: "my-model", description: "a model", models: { [ModelType.TEXT_LARGE]: reply } },
    ]);
    expect(text).toContain("  model:     my-model\n");
    expect(text).not.toContain("ELIZA");
  });
});
