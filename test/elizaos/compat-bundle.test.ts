// eliza-edge/elizaos stays web-standard: it bundles for Workers without Node builtins, and a
// Worker using it (prompts with Handlebars blocks, AES, the logger, Service, BM25, streaming)
// runs in real workerd, where eval and process are unavailable.
import { gzipSync } from "node:zlib";
import { Miniflare } from "miniflare";
import { afterAll, describe, expect, it } from "vitest";
import { bundleForWorkers } from "../support/bundle-check.ts";

const entry = (path: string) => new URL(path, import.meta.url).pathname;
let mf: Miniflare | undefined;
afterAll(async () => {
  await mf?.dispose();
});

describe("the compat entry in Workers", () => {
  it("bundles with no Node builtins, within its size budget", async () => {
    const bundle = await bundleForWorkers(entry("../../core/elizaos/index.ts"));
    expect(bundle.nodeImports).toEqual([]);
    // All of core plus the compat layer, minified and gzipped (core alone: see
    // web-standard.test.ts). 126 KiB until issue 19, whose reminder-time parser (chrono-node,
    // ~13.5 KiB), attachments, commands and time zones it carries too, as it carries issue 20's
    // run log, streaming and routes (~7 KiB): 155.5 KiB. Issue 31's protocols (OpenAI's chat API,
    // elizaOS's sessions API, browser event streams, the served openapi.json, their OpenAPI
    // schemas): 166.8 KiB; issue 29's retry contract, deadlines, model-fault mapping and send
    // progress (~2 KiB): 169.0 KiB; issue 30 elizaOS 1.7.2's own prompt templates, byte for byte
    // (~4.5 KiB), and core's growth (~2 KiB beyond the BM25 the compat entry already carried).
    // Measured: 176.3 KiB.
    expect(gzipSync(bundle.code).byteLength).toBeLessThan(179 * 1024);
  });

  it("runs in workerd", async () => {
    const bundle = await bundleForWorkers(entry("./compat-worker.fixture.ts"));
    expect(bundle.nodeImports).toEqual([]);
    mf = new Miniflare({ modules: true, script: bundle.code, compatibilityDate: "2025-09-01" });
    const response = await mf.dispatchFetch("http://localhost/");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      prompt: "Eliza:ab",
      parsed: { actions: ["REPLY"], text: "hi" },
      uuid: "a94a8fe5-ccb1-0ba6-9c4c-0873d391e987",
      roundTrip: "s3cret",
      service: "pings",
      search: 0,
      streamed: "hello",
    });
  });
});
