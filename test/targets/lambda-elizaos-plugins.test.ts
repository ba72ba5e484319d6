// The Lambda build (targets/lambda/build.ts) with published elizaOS plugins in the handler:
// their `@elizaos/core` imports resolve to eliza-edge/elizaos, so the real package (1.8 MB of
// runtime, langchain and handlebars) never reaches the Lambda bundle.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { ELIZAOS_CORE_ALIAS } from "../../targets/bundling/elizaos-core-alias.ts";
import { bundleLambda } from "../../targets/lambda/build.ts";
import {
  elizaosPackagesIn,
  PLUGIN_BOOTSTRAP_MARKER,
  PLUGIN_STARTER_MARKER,
  REAL_ELIZAOS_CORE_MARKERS,
} from "../support/elizaos-bundle-markers.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixture = join(root, "test/fixtures/lambda-elizaos-plugins.ts");

describe("Lambda bundle with published elizaOS plugins", () => {
  it("aliases @elizaos/core to eliza-edge/elizaos", () => {
    expect(ELIZAOS_CORE_ALIAS).toEqual({
      "@elizaos/core": join(root, "core/elizaos/index.ts"),
    });
  });

  it("bundles the plugins over eliza-edge/elizaos and leaves the real @elizaos/core out", async () => {
    const bundle = await bundleLambda(fixture);
    const inputs = Object.keys(bundle.metafile.inputs);
    expect(elizaosPackagesIn(inputs)).toEqual([
      "@elizaos/plugin-bootstrap",
      "@elizaos/plugin-starter",
    ]);
    expect(inputs).toContain("core/elizaos/index.ts");
    expect(bundle.code).toContain(PLUGIN_BOOTSTRAP_MARKER);
    expect(bundle.code).toContain(PLUGIN_STARTER_MARKER);
    for (const marker of REAL_ELIZAOS_CORE_MARKERS) expect(bundle.code).not.toContain(marker);
  });

  it("would pull the real @elizaos/core without the alias (what the checks above catch)", async () => {
    const result = await build({
      entryPoints: [fixture],
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      metafile: true,
      logLevel: "silent",
      external: ["@aws-sdk/*"],
    });
    expect(elizaosPackagesIn(Object.keys(result.metafile.inputs))).toContain("@elizaos/core");
    const code = result.outputFiles[0]?.text ?? "";
    for (const marker of REAL_ELIZAOS_CORE_MARKERS) expect(code).toContain(marker);
  });
});
