// The dependency rules (.dependency-cruiser.mjs, run over the real tree by `npm run lint:deps`
// in `npm test`) are only worth their green run if they catch what they forbid: here they run
// over a tree that breaks each rule once, and every break must be reported, nothing else.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const planted = fileURLToPath(new URL("../fixtures/layers-violations", import.meta.url));

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function cruise(cwd: string, paths: string[]): Promise<Violation[]> {
  // depcruise exits non-zero when it finds violations; the JSON report is on stdout either way.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      `${root}/node_modules/dependency-cruiser/bin/dependency-cruise.mjs`,
      ...paths,
      "--config",
      `${root}/.dependency-cruiser.mjs`,
      "--output-type",
      "json",
    ],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe("dependency rules", () => {
  it("report each planted violation, and only those", async () => {
    const found = (await cruise(planted, ["core", "adapters", "targets"]))
      .map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
      .sort();
    expect(found).toEqual([
      // A backend knows the kernel (the storage contract), not the runtime.
      "adapters-know-the-kernel: adapters/backend.ts -> core/runtime/index.ts",
      // core/ must not reach a target (or an adapter, or a connector).
      "core-stays-core: core/pipeline/uses-target.ts -> targets/target.ts",
      // core/ runs in workerd: no Node builtins.
      "core-web-standard: core/pipeline/uses-node.ts -> fs",
      // The kernel sits at the bottom.
      "layer-kernel: core/kernel/reaches-up.ts -> core/runtime/index.ts",
      // Type-only imports make cycles too.
      "no-cycles: core/pipeline/first.ts -> core/pipeline/second.ts",
      // Outside core/, a layer is reached through its index.ts too.
      "outside-through-index: targets/entry.ts -> core/runtime/thing.ts",
      // Another folder is reached through its index.ts.
      "through-index: core/runtime/deep/reaches-in.ts -> core/kernel/reaches-up.ts",
    ]);
  });
});
