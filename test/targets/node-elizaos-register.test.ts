// `--import eliza-edge/register` (targets/node/register.mjs) in real child processes: published
// elizaOS plugins from node_modules get eliza-edge/elizaos for `@elizaos/core`, under tsx and
// under node with tsx's loader, in either --import order; without it they get the real package.
// The hooks are loaded from the sources here (`eliza-edge/register` names the built dist/ one,
// which test/package/pack.test.ts runs from the installed tarball).
import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const probe = "test/fixtures/node-elizaos-plugin-probe.ts";
const tsx = join(root, "node_modules/tsx/dist/cli.mjs");
const register = "./targets/node/register.mjs";

interface ProbeReport {
  bootstrap: string;
  starterServiceExtendsCompat: boolean;
  coreIsCompat: boolean;
  subpathIsReal: boolean;
}

async function runProbe(args: string[], script = probe): Promise<ProbeReport> {
  const { stdout } = await promisify(execFile)(process.execPath, [...args, script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "error", NODE_OPTIONS: "" },
  });
  const last = stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last) as ProbeReport;
}

const throughCompat: ProbeReport = {
  bootstrap: "bootstrap",
  starterServiceExtendsCompat: true,
  coreIsCompat: true,
  subpathIsReal: true,
};

describe("node --import eliza-edge/register", () => {
  it("gives plugins eliza-edge's Service under `tsx --import eliza-edge/register`", async () => {
    expect(await runProbe([tsx, "--import", register])).toEqual(throughCompat);
  });

  it("does the same under `node --import tsx --import eliza-edge/register`, in either order", async () => {
    expect(await runProbe(["--import", "tsx", "--import", register])).toEqual(throughCompat);
    expect(await runProbe(["--import", register, "--import", "tsx"])).toEqual(throughCompat);
  });

  it("works for a script that imports only a plugin and @elizaos/core, in every documented form", async () => {
    const plain = "test/fixtures/node-elizaos-plain-script.ts";
    for (const args of [
      [tsx, "--import", register],
      ["--import", "tsx", "--import", register],
      ["--import", register, "--import", "tsx"],
    ]) {
      expect(await runProbe(args, plain)).toEqual({
        starterServiceExtendsCore: true,
        coreIsCompat: true,
      });
    }
  });

  it("without it, the plugins load the real @elizaos/core", async () => {
    expect(await runProbe([tsx])).toEqual({
      ...throughCompat,
      starterServiceExtendsCompat: false,
      coreIsCompat: false,
    });
  });
});
