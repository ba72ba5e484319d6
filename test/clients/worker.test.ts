// The clients against the Worker in real workerd (Miniflare serving it on a local port) with
// D1, over HTTP, with a local OpenAI-compatible model server.
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll } from "vitest";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { startDeployedWorker } from "../support/miniflare-d1.ts";
import { API_TOKEN, CHARACTER, clientSuite, PLAN } from "./client-suite.ts";

let model: FakeOpenAIServer;
let mf: Miniflare;
let url: string;

beforeAll(async () => {
  model = await startFakeOpenAI({ reply: PLAN });
  ({ mf } = await startDeployedWorker(
    {
      API_TOKEN,
      LOG_LEVEL: "error",
      EMBEDDING_DIMENSION: "",
      CHARACTER_JSON: JSON.stringify(CHARACTER),
      OPENAI_BASE_URL: model.url,
      OPENAI_EMBEDDING_MODEL: "none",
    },
    { shared: { host: "127.0.0.1", port: 0 } },
  ));
  url = (await mf.ready).origin;
}, 120_000);
afterAll(async () => {
  await mf?.dispose();
  await model?.close();
});

clientSuite("Worker", () => ({ url }));
