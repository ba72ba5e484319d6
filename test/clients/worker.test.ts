// The clients against the Worker in real workerd (Miniflare serving it on a local port) with
// D1, over HTTP, with a local OpenAI-compatible model server.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll } from "vitest";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { bundleForWorkers } from "../support/bundle-check.ts";
import { applyD1Migrations, d1BridgeWorker, d1Of } from "../support/miniflare-d1.ts";
import { API_TOKEN, CHARACTER, clientSuite, PLAN } from "./client-suite.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
let model: FakeOpenAIServer;
let mf: Miniflare;
let url: string;

beforeAll(async () => {
  model = await startFakeOpenAI({ reply: PLAN });
  const bundle = await bundleForWorkers(join(root, "targets/cloudflare/main.ts"));
  const toml = await readFile(join(root, "wrangler.toml"), "utf8");
  const compatibilityDate = /^compatibility_date = "([\d-]+)"$/m.exec(toml)![1]!;
  const flags = /^compatibility_flags = \[(.*)\]$/m.exec(toml)?.[1];
  mf = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    workers: [
      {
        name: "worker",
        modules: true,
        script: bundle.code,
        compatibilityDate,
        ...(flags
          ? { compatibilityFlags: [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1]!) }
          : {}),
        d1Databases: ["DB"],
        bindings: {
          API_TOKEN,
          LOG_LEVEL: "error",
          EMBEDDING_DIMENSION: "",
          CHARACTER_JSON: JSON.stringify(CHARACTER),
          OPENAI_BASE_URL: model.url,
          OPENAI_EMBEDDING_MODEL: "none",
        },
      },
      d1BridgeWorker("DB", compatibilityDate),
    ],
  });
  url = (await mf.ready).origin;
  await applyD1Migrations(d1Of(mf));
}, 120_000);
afterAll(async () => {
  await mf?.dispose();
  await model?.close();
});

clientSuite("Worker", () => ({ url }));
