// The shape ARCHITECTURE.md promises a reader: core/'s root holds only its public index, every
// folder of core/ has an index.ts (its public face), and no product file outgrows one sitting
// (400 lines), data aside.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const MAX_LINES = 400;
/** Data, not logic: Weizenbaum's DOCTOR script as a table. */
const DATA_FILES = new Set(["core/features/eliza/script.ts"]);

function folders(dir: string): string[] {
  return readdirSync(join(root, dir))
    .filter((name) => statSync(join(root, dir, name)).isDirectory())
    .flatMap((name) => [`${dir}/${name}`, ...folders(`${dir}/${name}`)]);
}

describe("core's layout", () => {
  it("holds only its public index at core/'s root; everything else is in a layer", () => {
    const loose = readdirSync(join(root, "core")).filter((name) =>
      statSync(join(root, "core", name)).isFile(),
    );
    expect(loose).toEqual(["index.ts"]);
  });

  it("gives every folder of core/ an index.ts", () => {
    const without = folders("core").filter(
      (dir) => !readdirSync(join(root, dir)).includes("index.ts"),
    );
    expect(without).toEqual([]);
  });

  it("keeps every product file under 400 lines, declared data files aside", () => {
    const tracked = execFileSync("git", ["ls-files", "core", "adapters", "connectors", "targets"], {
      cwd: root,
      encoding: "utf8",
    })
      .split("\n")
      .filter((file) => /\.(ts|mts|mjs|js)$/.test(file));
    expect(tracked.length).toBeGreaterThan(200);
    const long = tracked
      .filter((file) => !DATA_FILES.has(file))
      .map((file) => ({
        file,
        lines: readFileSync(join(root, file), "utf8").trimEnd().split("\n").length,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
