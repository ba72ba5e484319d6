// plugin-bootstrap and plugin-starter 1.7.2, unchanged from npm, in a Worker bundled as a user
// bundles one (`@elizaos/core` aliased to eliza-edge/elizaos, nodejs_compat for the plugins'
// node:crypto and process.env) and run in real workerd (Miniflare 4) over a migrated D1
// database: the plugin matrix and the message probe run inside the Worker, and the Worker's
// own routes answer POST /api/messages and plugin-starter's GET /helloworld.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleElizaosWorker } from "../support/bundle-elizaos-worker.ts";
import type { MessageProbe } from "../support/elizaos-message-probe.ts";
import type { MatrixReport } from "../support/elizaos-plugin-matrix.ts";
import { EMBEDDING_WIDTH } from "../support/elizaos-scripted-model.ts";
import { startD1Worker, wranglerCompatibility } from "../support/miniflare-d1.ts";
import { describePluginLeg, type Fetch } from "./expectations.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const API_TOKEN = "elizaos-d1-token";
const ORIGIN = "https://agent.example";
let mf: Miniflare | undefined;
let nodeImports: string[] = [];
let inputs: string[] = [];
let report: Promise<MatrixReport> | undefined;
let probe: Promise<{ probe: MessageProbe; templates: string[] }> | undefined;

beforeAll(async () => {
  const bundle = await bundleElizaosWorker(join(root, "test/fixtures/elizaos-plugins-worker.ts"));
  nodeImports = bundle.nodeImports;
  inputs = bundle.inputs;
  ({ mf } = await startD1Worker({
    script: bundle.code,
    compatibilityDate: (await wranglerCompatibility()).compatibilityDate,
    worker: { name: "agent", compatibilityFlags: ["nodejs_compat"] },
    bindings: {
      API_TOKEN,
      EMBEDDING_DIMENSION: String(EMBEDDING_WIDTH),
      LOG_LEVEL: "error",
    },
  }));
});

afterAll(async () => {
  await mf?.dispose();
});

/** Miniflare's Request and Response come from its bundled undici; the shapes are the same. */
const fetchWorker: Fetch = async (path, init) => {
  const response = await mf!.dispatchFetch(`${ORIGIN}${path}`, init as never);
  const body = new Uint8Array(await response.arrayBuffer());
  return new Response([101, 204, 205, 304].includes(response.status) ? null : body, {
    status: response.status,
    headers: [...response.headers.entries()],
  });
};

async function testRoute<T>(path: string): Promise<T> {
  const response = await fetchWorker(path, {
    method: "POST",
    headers: { authorization: `Bearer ${API_TOKEN}` },
  });
  const text = await response.text();
  expect(response.status, `${path} inside workerd: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

const probed = () => {
  probe ??= testRoute("/__test/probe");
  return probe;
};
/** One walk inside the Worker, shared by the tests that read it. */
const matrix = () => {
  report ??= testRoute<MatrixReport>("/__test/matrix");
  return report;
};

describe("the Worker with published elizaOS plugins", () => {
  it("bundles the plugins against eliza-edge/elizaos, not the @elizaos/core npm installed", () => {
    expect(inputs.filter((file) => file.includes("node_modules/@elizaos/core/"))).toEqual([]);
    expect(inputs).toContain("core/elizaos/index.ts");
    expect(inputs.some((file) => file.includes("node_modules/@elizaos/plugin-bootstrap/"))).toBe(
      true,
    );
  });

  it("bundles with only the Node builtins nodejs_compat provides", () => {
    expect(nodeImports.filter((name) => !name.startsWith("node:"))).toEqual([]);
    expect(nodeImports).toContain("node:crypto");
  });
});

describePluginLeg({
  where: "on D1 inside workerd",
  apiVia: "through the Worker",
  probe: probed,
  matrix,
  tasks: () => testRoute("/__test/tasks"),
  fetch: (path, init) => fetchWorker(path, init),
  token: API_TOKEN,
});
