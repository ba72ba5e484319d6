// The local-embedding plugin against the real sidecar (a tiny generated model on
// node-llama-cpp) for what it returns, and against the scripted fake OpenAI server for
// failures the sidecar cannot be made to produce on demand.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../adapters/memory/index.ts";
import type { AgentRuntime } from "../../../core/agent/agent-runtime.ts";
import {
  createLocalEmbeddingPlugin,
  embedManyLocally,
} from "../../../core/features/local-embedding/local-embedding.ts";
import type { HttpModelOptions } from "../../../core/features/model-http/http.ts";
import { createAgent, parseCharacter } from "../../../core/index.ts";
import { silentLogger } from "../../../core/kernel/logging/logger.ts";
import { ModelError, ModelType } from "../../../core/kernel/models/types.ts";
import {
  embeddingList,
  type FakeOpenAIServer,
  openAIError,
  startFakeOpenAI,
} from "../../fakes/openai-server.ts";
import { startTestSidecar, type TestSidecar } from "../../support/embedding-sidecar.ts";
import { runtimeWith } from "../../support/settings-runtime.ts";

let dir: string;
let sidecar: TestSidecar;
let fake: FakeOpenAIServer;
let waits: number[];
let options: HttpModelOptions;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "local-embedding-test-"));
  sidecar = await startTestSidecar(dir);
  fake = await startFakeOpenAI({ embeddingDimension: 32 });
}, 180_000);

afterAll(async () => {
  await sidecar?.stop();
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  fake.requests.length = 0;
  waits = [];
  options = {
    retry: {
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  };
});

const local = (extra: Record<string, string | undefined> = {}) =>
  runtimeWith({ LOCAL_EMBEDDING_URL: sidecar.url, ...extra });
const viaFake = (extra: Record<string, string | undefined> = {}) =>
  runtimeWith({ LOCAL_EMBEDDING_URL: fake.url, ...extra });

type EmbedHandler = (runtime: AgentRuntime, params: unknown) => Promise<number[]>;
const embedding = () =>
  createLocalEmbeddingPlugin(options).models![ModelType.TEXT_EMBEDDING] as unknown as EmbedHandler;

async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a ModelError, got a result");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  expect((error as ModelError).provider).toBe("local-embedding");
  return error as ModelError;
}

async function sidecarVector(text: string): Promise<number[]> {
  const res = await fetch(`${sidecar.url}/embeddings`, {
    method: "POST",
    body: JSON.stringify({ input: text }),
  });
  return (await res.json()).data[0].embedding;
}

describe("createLocalEmbeddingPlugin", () => {
  it("registers only TEXT_EMBEDDING, as local-embedding at priority 10", () => {
    const plugin = createLocalEmbeddingPlugin();
    expect(plugin.name).toBe("local-embedding");
    expect(plugin.priority).toBe(10);
    expect(Object.keys(plugin.models ?? {})).toEqual([ModelType.TEXT_EMBEDDING]);
  });

  it("outranks the OpenAI provider's embeddings in a runtime", async () => {
    const runtime = await createAgent({
      character: parseCharacter({ name: "Local" }),
      storage: createMemoryStorage(),
      env: { LOCAL_EMBEDDING_URL: sidecar.url, OPENAI_BASE_URL: fake.url },
      plugins: [createLocalEmbeddingPlugin()],
      logger: silentLogger,
    });
    try {
      expect(runtime.getModelRegistration(ModelType.TEXT_EMBEDDING)?.provider).toBe(
        "local-embedding",
      );
      const vector = await runtime.useModel<number[]>(ModelType.TEXT_EMBEDDING, { text: "hello" });
      expect(vector).toEqual(await sidecarVector("hello"));
      expect(fake.requests).toHaveLength(0);
    } finally {
      await runtime.stop();
    }
  });
});

describe("local embeddings from the real sidecar", () => {
  it("embeds {text} or a plain string into the model's vector", async () => {
    const fromParams = await embedding()(local(), { text: "the cat sat" });
    const fromString = await embedding()(local(), "the cat sat");
    expect(fromParams).toHaveLength(32);
    expect(fromString).toEqual(fromParams);
    expect(fromParams).toEqual(await sidecarVector("the cat sat"));
  });

  it("embeds a batch in one call, in input order", async () => {
    const texts = ["one", "two words", "three little words"];
    const vectors = await embedManyLocally(local(), texts, options);
    expect(vectors).toHaveLength(3);
    for (const [i, text] of texts.entries()) expect(vectors[i]).toEqual(await sidecarVector(text));
    expect(await embedManyLocally(local(), [], options)).toEqual([]);
  });

  it("accepts a URL with a trailing slash", async () => {
    const vector = await embedding()(local({ LOCAL_EMBEDDING_URL: `${sidecar.url}/` }), "hi");
    expect(vector).toHaveLength(32);
  });

  it("passes when EMBEDDING_DIMENSION matches the model", async () => {
    const vector = await embedding()(local({ EMBEDDING_DIMENSION: "32" }), "hi");
    expect(vector).toHaveLength(32);
  });

  it("fails clearly when EMBEDDING_DIMENSION does not match the model", async () => {
    const error = await modelError(embedding()(local({ EMBEDDING_DIMENSION: "384" }), "hi"));
    expect(error.message).toMatch(
      /32-dimensional embedding but EMBEDDING_DIMENSION is 384; set EMBEDDING_DIMENSION=32 for this model/,
    );
  });

  it("passes on the sidecar's reason for refusing a text that is too long", async () => {
    const error = await modelError(embedding()(local(), "hello ".repeat(600)));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/answered 400 .*602 tokens; this model's limit is 511/);
  });
});

describe("local embeddings: settings and input", () => {
  it("says to set LOCAL_EMBEDDING_URL when it is missing or empty", async () => {
    for (const url of [undefined, "", "  "]) {
      const error = await modelError(embedding()(runtimeWith({ LOCAL_EMBEDDING_URL: url }), "hi"));
      expect(error.message).toMatch(/LOCAL_EMBEDDING_URL is not set/);
    }
  });

  it.each([
    ["not a URL", "sidecar:8791", /LOCAL_EMBEDDING_URL must be an http\(s\) URL/],
    ["garbage", "::::", /LOCAL_EMBEDDING_URL is not a valid URL/],
    ["ftp", "ftp://127.0.0.1:21", /must be an http\(s\) URL/],
  ])("rejects a LOCAL_EMBEDDING_URL that is %s", async (_name, url, message) => {
    const error = await modelError(embedding()(runtimeWith({ LOCAL_EMBEDDING_URL: url }), "hi"));
    expect(error.message).toMatch(message);
  });

  it.each([
    ["an empty string", ""],
    ["whitespace", "  "],
    ["a number", 42],
    ["{text: null}", { text: null }],
    ["null", null],
  ])("rejects %s as the text without calling the server", async (_name, params) => {
    const error = await modelError(embedding()(viaFake(), params));
    expect(error.message).toMatch(/needs non-empty text/);
    expect(fake.requests).toHaveLength(0);
  });

  it("rejects a batch with a bad item, naming it, without calling the server", async () => {
    const error = await modelError(embedManyLocally(viaFake(), ["ok", ""], options));
    expect(error.message).toMatch(/cannot embed item 1/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("local embeddings: server failures", () => {
  it("posts {input} to <LOCAL_EMBEDDING_URL>/embeddings with no key", async () => {
    fake.enqueue(embeddingList([[1, 0, 0]]));
    await embedding()(viaFake(), "hi");
    expect(fake.requests[0]).toMatchObject({ method: "POST", path: "/v1/embeddings" });
    expect(fake.requests[0]!.body).toEqual({ input: "hi" });
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("retries once after a 503 (a full queue), honouring Retry-After", async () => {
    fake.enqueue(
      {
        ...openAIError(503, "the embedding queue is full", "server_error"),
        headers: { "retry-after": "1" },
      },
      embeddingList([[0.6, 0.8]]),
    );
    expect(await embedding()(viaFake(), "hi")).toEqual([0.6, 0.8]);
    expect(waits).toEqual([1000]);
  });

  it("gives up after a second 503 and says so", async () => {
    fake.enqueue(
      openAIError(503, "full", "server_error"),
      openAIError(503, "full", "server_error"),
    );
    const error = await modelError(embedding()(viaFake(), "hi"));
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/failed with 503 after one retry.*full/);
  });

  it("fails clearly when nothing listens at the URL", async () => {
    const error = await modelError(
      embedding()(runtimeWith({ LOCAL_EMBEDDING_URL: "http://127.0.0.1:9" }), "hi"),
    );
    expect(error.message).toMatch(
      /local embedding server at http:\/\/127\.0\.0\.1:9 could not be reached/,
    );
  });

  it.each([
    ["a wrong count", embeddingList([[1], [2]]).body, /returned 2 embeddings for 1 texts/],
    ["an empty vector", embeddingList([[]]).body, /returned an empty embedding/],
    ["no data", { object: "list" }, /unexpected response: data/],
    ["strings in the vector", { data: [{ index: 0, embedding: ["1"] }] }, /unexpected response/],
    ["a body that is not JSON", "<html>oops</html>", /not JSON/],
  ])("rejects %s", async (_name, body, message) => {
    fake.enqueue({ body });
    const error = await modelError(embedding()(viaFake(), "hi"));
    expect(error.message).toMatch(message);
  });

  it("rejects repeated indexes in a batch", async () => {
    fake.enqueue({
      body: {
        data: [
          { index: 1, embedding: [1] },
          { index: 1, embedding: [2] },
        ],
      },
    });
    const error = await modelError(embedManyLocally(viaFake(), ["a", "b"], options));
    expect(error.message).toMatch(/bad or repeated indexes/);
  });
});
