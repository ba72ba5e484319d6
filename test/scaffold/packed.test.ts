// A new project as each getting-started page (docs/getting-started/) tells a user with a clone
// to make one, with the page's own commands (test/scaffold/getting-started.ts, which also says
// how they are run here): `npm run create -- ../my-agent ...` (tools/create.ts) packs
// create-eliza-edge and eliza-edge (in a temporary copy of the sources), runs the packed
// scaffolder through `npm exec` (what `npm create eliza-edge` does) and vendors the eliza-edge
// tarball into the project. Once per target, in a temporary directory; then each project
// installs its dependencies, runs its own `npm test` (strict tsc, then the plugin's test), runs
// locally and answers, and makes its deploy dry run; then its deployable answers
// (test/scaffold/deployables.ts).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PackedPair, packBoth } from "../../tools/pack.ts";
import { checkDeployable, npm } from "./deployables.ts";
import { GETTING_STARTED, type GettingStarted, npmArgs, words } from "./getting-started.ts";
import { whileRunning } from "./local-run.ts";

const repo = fileURLToPath(new URL("../../", import.meta.url));

/** The clone stand-in each target's scaffold command runs from (its project lands beside it). */
const cloneOf = (target: string) => join(work, target, "clone");

/** The project's directory: where the page's `cd` goes from the clone. */
function projectOf({ target, steps }: GettingStarted): string {
  const [cd, dir] = words(steps.enter);
  if (cd !== "cd" || !dir) throw new Error(`enter is not a cd: ${steps.enter}`);
  return join(cloneOf(target), dir);
}

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

  it.each(GETTING_STARTED)(
    "the $page page's scaffold command writes a $target project that installs eliza-edge from vendor/",
    (page) => {
      const { target, steps, descriptor } = page;
      // From the clone's directory, as the page has the reader run it; --prefix is the clone.
      mkdirSync(cloneOf(target), { recursive: true });
      const out = npm(["--prefix", repo, ...npmArgs(steps.scaffold)], cloneOf(target));
      const dir = projectOf(page);
      expect(out).toContain(`Created ${basename(dir)} (${target},`);
      expect(existsSync(join(dir, descriptor))).toBe(true);
      const vendored = `vendor/${packed.elizaEdge.report.filename}`;
      expect(existsSync(join(dir, vendored))).toBe(true);
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      expect(pkg.dependencies["eliza-edge"]).toBe(`file:${vendored}`);
    },
    600_000,
  );

  describe.sequential("each generated project installs and passes its own npm test", () => {
    for (const page of GETTING_STARTED) {
      const { target, steps } = page;
      it(`${target}: the page's install, test, local run and deploy dry run, then its build answers`, async () => {
        const dir = projectOf(page);
        npm(npmArgs(steps.install), dir, 900_000, { npm_config_prefer_offline: "true" });
        // What a user downloads for this target (docs/getting-started/overview.md, "Start a new agent", has the figures).
        const megabytes = execFileSync("du", ["-sm", join(dir, "node_modules")], {
          encoding: "utf8",
        });
        console.log(`${target}: node_modules ${megabytes.split("\t")[0]} MB`);
        // Its own test script: strict tsc over src/, then the plugin's three tests.
        const out = stripVTControlCharacters(npm(npmArgs(steps.test), dir, 600_000));
        expect(out).toMatch(/Tests\s+3 passed \(3\)/);
        await whileRunning(target, steps.run, dir, async (url) => {
          const health = await fetch(`${url}/health`);
          expect(health.status).toBe(200);
          expect(await health.json()).toMatchObject({ status: "ok", name: "My Agent" });
        });
        npm(npmArgs(steps.dryRun), dir, 600_000);
        await checkDeployable(target, dir);
      }, 1_500_000);
    }
  });
});
