// TEXT_EMBEDDING's batch form `{texts: string[]}`: @elizaos/plugin-knowledge 1.6.1 embeds a
// document's chunks with `runtime.useModel(ModelType.TEXT_EMBEDDING, { texts })` and expects one
// vector per text (its generateBatchEmbeddingsViaRuntime). eliza-edge's built-in providers
// answer it in one request; a refusal would cost plugin-knowledge an error line and one extra
// request per chunk.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../adapters/memory/index.ts";
import { createAgent, parseCharacter } from "../../../core/index.ts";
import { silentLogger } from "../../../core/kernel/logging/logger.ts";
import { ModelError, ModelType } from "../../../core/kernel/models/types.ts";
import {
  embeddingList,
  type FakeOpenAIServer,
  fakeEmbedding,
  type ScriptedServer,
  startFakeOpenAI,
  startScriptedServer,
} from "../../fakes/openai-server.ts";

let server: FakeOpenAIServer;
/** The local sidecar's protocol: OpenAI's embeddings shape at the root, no model name. */
let sidecar: ScriptedServer;

beforeEach(async () => {
  server = await startFakeOpenAI({ embeddingDimension: 4 });
  sidecar = await startScriptedServer((request) => {
    const input = (request.body as { input: string | string[] }).input;
    const texts = typeof input === "string" ? [input] : input;
    return embeddingList(texts.map((text) => fakeEmbedding(text, 4)));
  });
});

afterEach(async () => {
  await Promise.all([server.close(), sidecar.close()]);
});

const agent = (env: Record<string, string>) =>
  createAgent({
    character: parseCharacter({ name: "Eliza" }),
    storage: createMemoryStorage(),
    env: { EMBEDDING_DIMENSION: "4", ...env },
    logger: silentLogger,
  });

const providers = {
  "the OpenAI-compatible provider": () => ({
    env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: server.url },
    requests: () => server.requests,
  }),
  "the local embedding provider": () => ({
    env: { LOCAL_EMBEDDING_URL: sidecar.origin },
    requests: () => sidecar.requests,
  }),
};

describe.each(Object.entries(providers))("TEXT_EMBEDDING {texts} through %s", (_name, provider) => {
  it("answers one vector per text, in order, from one request", async () => {
    const { env, requests } = provider();
    const runtime = await agent(env);
    const single = await runtime.useModel<number[]>(ModelType.TEXT_EMBEDDING, { text: "beta" });
    const batch = await runtime.useModel<number[][]>(ModelType.TEXT_EMBEDDING, {
      texts: ["alpha", "beta", "gamma"],
    });
    expect(batch).toHaveLength(3);
    for (const vector of batch) expect(vector).toHaveLength(4);
    expect(batch[1]).toEqual(single);
    expect(batch[0]).not.toEqual(batch[1]);
    const embeddingRequests = requests().filter((r) => r.path.endsWith("/embeddings"));
    expect(embeddingRequests.map((r) => (r.body as { input: unknown }).input)).toEqual([
      "beta",
      ["alpha", "beta", "gamma"],
    ]);
  });

  it("answers an empty batch with no vectors and no request", async () => {
    const { env, requests } = provider();
    const runtime = await agent(env);
    expect(await runtime.useModel(ModelType.TEXT_EMBEDDING, { texts: [] })).toEqual([]);
    expect(requests().filter((r) => r.path.endsWith("/embeddings"))).toHaveLength(0);
  });

  it("refuses a batch holding an empty or non-string text, naming the item, without a request", async () => {
    const { env, requests } = provider();
    const runtime = await agent(env);
    for (const texts of [["ok", ""], ["ok", 7], "not an array"]) {
      const error = await runtime.useModel(ModelType.TEXT_EMBEDDING, { texts }).catch((e) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect(String(error.message)).toMatch(/item 1|array of strings/);
    }
    expect(requests().filter((r) => r.path.endsWith("/embeddings"))).toHaveLength(0);
  });
});
