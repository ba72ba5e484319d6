// A new project as the README tells a user with a clone to make one: `npm run create -- <dir>`
// (tools/create.ts) packs create-eliza-edge and eliza-edge (in a temporary copy of the
// sources), runs the packed scaffolder through `npm exec` (what `npm create eliza-edge` does)
// and vendors the eliza-edge tarball into the project. Once per target, in a temporary
// directory; then each project installs its dependencies and runs its own `npm test` (strict
// tsc, then the plugin's test), its deploy dry run, and its deployable answers
// (test/scaffold/deployables.ts).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PackedPair, packBoth } from "../../tools/pack.ts";
import { checkDeployable, npm } from "./deployables.ts";

const repo = fileURLToPath(new URL("../../", import.meta.url));

const PROJECTS = [
  { target: "cloudflare", bots: "telegram", model: "workers-ai", descriptor: "wrangler.toml" },
  { target: "lambda", bots: "discord", model: "anthropic", descriptor: "serverless.yml" },
  { target: "vercel", bots: "none", model: "openai-compatible", descriptor: "vercel.json" },
  {
    target: "node",
    bots: "telegram,discord",
    model: "openai-compatible",
    descriptor: "src/server.ts",
  },
] as const;

let work: string;
let packed: PackedPair;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "create-eliza-edge-packed-"));
  packed = await packBoth();
}, 1_800_000);

// Four installed projects are many files to delete.
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
}, 600_000);

describe("create-eliza-edge from its packed tarball", () => {
  it("ships only its bin, sources, package.json and README", () => {
    const listing = execFileSync("tar", ["-tzf", packed.scaffolder.tarball], {
      encoding: "utf8",
    }).split("\n");
    const files = listing.filter(Boolean).map((f) => f.replace(/^package\//, ""));
    expect(files).toContain("bin/create-eliza-edge.mjs");
    expect(files).toContain("src/cli.mjs");
    expect(files.filter((f) => !/^(bin|src)\//.test(f)).sort()).toEqual([
      "README.md",
      "package.json",
    ]);
  });

  it.each(PROJECTS)(
    "npm run create writes a $target project that installs eliza-edge from vendor/",
    ({ target, bots, model, descriptor }) => {
      // Run from the work directory, as a user runs npm from where the project should go.
      const out = npm(
        [
          "--prefix",
          repo,
          "run",
          "create",
          "--",
          `agent-${target}`,
          "--target",
          target,
          "--bots",
          bots,
          "--model",
          model,
        ],
        work,
      );
      expect(out).toContain(`Created agent-${target} (${target},`);
      const dir = join(work, `agent-${target}`);
      expect(existsSync(join(dir, descriptor))).toBe(true);
      const vendored = `vendor/${packed.elizaEdge.report.filename}`;
      expect(existsSync(join(dir, vendored))).toBe(true);
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      expect(pkg.dependencies["eliza-edge"]).toBe(`file:${vendored}`);
    },
    600_000,
  );

  describe.sequential("each generated project installs and passes its own npm test", () => {
    for (const { target } of PROJECTS) {
      it(`${target}: npm install && npm test, then its deploy dry run and its build answer`, async () => {
        const dir = join(work, `agent-${target}`);
        npm(["install", "--prefer-offline"], dir, 900_000);
        // What a user downloads for this target (README "Start a new agent" has the figures).
        const megabytes = execFileSync("du", ["-sm", join(dir, "node_modules")], {
          encoding: "utf8",
        });
        console.log(`agent-${target}: node_modules ${megabytes.split("\t")[0]} MB`);
        // Its own test script: strict tsc over src/, then the plugin's three tests.
        const out = stripVTControlCharacters(npm(["test"], dir, 600_000));
        expect(out).toMatch(/Tests\s+3 passed \(3\)/);
        await checkDeployable(target, dir);
      }, 1_500_000);
    }
  });
});
