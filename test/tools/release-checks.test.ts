// The checks `npm run release` makes before building anything: one version for both packages,
// its CHANGELOG section, and the links npm shows on each package's page.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { root } from "../../tools/pack.ts";
import { releaseProblems } from "../../tools/release.ts";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The files the checks read, copied so a test can break them. */
function copy(): string {
  dir = mkdtempSync(join(tmpdir(), "release-checks-"));
  for (const file of ["package.json", "CHANGELOG.md", "create-eliza-edge/package.json"]) {
    cpSync(join(root, file), join(dir, file), { recursive: true });
  }
  return dir;
}

function edit(file: string, change: (json: Record<string, unknown>) => void): void {
  const json = JSON.parse(readFileSync(file, "utf8"));
  change(json);
  writeFileSync(file, JSON.stringify(json));
}

describe("release checks", () => {
  it("pass on this repository", () => {
    expect(releaseProblems(root)).toEqual([]);
  });

  it("refuse two versions, a missing link and a version the CHANGELOG does not describe", () => {
    const d = copy();
    edit(join(d, "create-eliza-edge/package.json"), (pkg) => {
      pkg.version = "0.0.9";
      delete pkg.bugs;
    });
    edit(join(d, "package.json"), (pkg) => {
      pkg.version = "9.9.9";
    });
    expect(releaseProblems(d)).toEqual([
      "create-eliza-edge is 0.0.9, eliza-edge 9.9.9: they are released together, with one version",
      `create-eliza-edge's package.json has no "bugs"`,
      'CHANGELOG.md has no "## [9.9.9] - YYYY-MM-DD" section',
    ]);
  });
});
