// Anthropic's OBJECT_SMALL/OBJECT_LARGE (no JSON mode: a JSON instruction in `system`, the
// answer parsed) and IMAGE_DESCRIPTION (an image block by URL or base64), asserted on the
// request bodies the local Anthropic fake received.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentRuntime } from "../../../core/agent/agent-runtime.ts";
import { createAnthropicPlugin } from "../../../core/features/anthropic/anthropic.ts";
import { ModelError, ModelType } from "../../../core/kernel/models/types.ts";
import {
  anthropicMessage,
  type FakeAnthropicServer,
  startFakeAnthropic,
} from "../../fakes/anthropic-server.ts";
import { runtimeWith } from "../../support/settings-runtime.ts";

const KEY = "sk-ant-test";
let server: FakeAnthropicServer;
beforeEach(async () => {
  server = await startFakeAnthropic({ apiKey: KEY });
});
afterEach(async () => {
  await server.close();
});

const settings = (extra: Record<string, string> = {}) =>
  runtimeWith({ ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: KEY, ...extra });
type Handler = (runtime: AgentRuntime, params: unknown) => Promise<unknown>;
const model = (type: string) =>
  createAnthropicPlugin({ retry: { sleep: async () => {} } }).models![type] as unknown as Handler;
const lastBody = () => server.requests.at(-1)!.body as Record<string, unknown>;

async function rejection(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a ModelError");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("Anthropic OBJECT_SMALL / OBJECT_LARGE", () => {
  it("asks for JSON in the system prompt and returns the parsed object", async () => {
    server.enqueue(anthropicMessage('{"city":"Lisbon"}'));
    const schema = { type: "object", properties: { city: { type: "string" } } };
    const result = await model(ModelType.OBJECT_SMALL)(settings(), { prompt: "Where?", schema });
    expect(result).toEqual({ city: "Lisbon" });
    const body = lastBody();
    expect(body.model).toBe("claude-3-5-haiku-latest");
    expect(body.system).toContain("JSON");
    expect(body.system).toContain(JSON.stringify(schema));
    expect(body.messages).toEqual([{ role: "user", content: "Where?" }]);
  });

  it("OBJECT_LARGE uses the large model and accepts a fenced answer", async () => {
    server.enqueue(anthropicMessage('```json\n{"items":["a","b"]}\n```'));
    const result = await model(ModelType.OBJECT_LARGE)(settings(), {
      prompt: "Two letters",
      output: "array",
    });
    expect(result).toEqual(["a", "b"]);
    expect(lastBody().model).toBe("claude-sonnet-4-5");
  });

  it("a prose answer is a ModelError quoting it", async () => {
    server.enqueue(anthropicMessage("I think the city is Lisbon."));
    const error = await rejection(model(ModelType.OBJECT_SMALL)(settings(), { prompt: "Where?" }));
    expect(error.message).toContain("I think the city is Lisbon.");
  });
});

describe("Anthropic IMAGE_DESCRIPTION", () => {
  it("sends an image block by URL and the prompt; returns {title, description}", async () => {
    server.enqueue(
      anthropicMessage('{"title":"Bridge","description":"A red suspension bridge in fog."}'),
    );
    const url = "https://example.com/bridge.jpg";
    const result = await model(ModelType.IMAGE_DESCRIPTION)(settings(), {
      imageUrl: url,
      prompt: "Describe.",
    });
    expect(result).toEqual({ title: "Bridge", description: "A red suspension bridge in fog." });
    expect(lastBody().messages).toEqual([
      {
        role: "user",
        content: [
          { type: "image", source: { type: "url", url } },
          { type: "text", text: "Describe." },
        ],
      },
    ]);
  });

  it("sends a data: URL as base64 with its media type", async () => {
    server.enqueue(anthropicMessage("Title: Dot\nA single red dot."));
    const result = await model(ModelType.IMAGE_DESCRIPTION)(
      settings({ ANTHROPIC_IMAGE_DESCRIPTION_MODEL: "claude-haiku-4-5" }),
      "data:image/PNG;base64,iVBORw0KGgo=",
    );
    expect(result).toEqual({ title: "Dot", description: "A single red dot." });
    const body = lastBody() as { model: string; messages: { content: unknown[] }[] };
    expect(body.model).toBe("claude-haiku-4-5");
    expect(body.messages[0]!.content[0]).toEqual({
      type: "image",
      source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" },
    });
  });

  it("refuses a non-base64 data URL and a path without a request", async () => {
    await rejection(model(ModelType.IMAGE_DESCRIPTION)(settings(), "data:image/svg+xml,<svg/>"));
    await rejection(model(ModelType.IMAGE_DESCRIPTION)(settings(), { imageUrl: "./cat.png" }));
    expect(server.requests).toHaveLength(0);
  });
});
