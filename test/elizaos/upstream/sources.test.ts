// The upstream files present in files/ are the exact texts the expectations were made for: an
// edited or newer file would make the pass counts in docs/reference/elizaos-compatibility.md mean something else.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { UPSTREAM_SOURCES } from "./sources.ts";

const dir = new URL("./files/", import.meta.url);
const present = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".ts")) : [];

describe("elizaOS's own tests (test/elizaos/upstream/files)", () => {
  it("holds only files listed in sources.ts", () => {
    expect(present.filter((file) => !UPSTREAM_SOURCES[file])).toEqual([]);
  });

  it.each(present)("%s is the pinned upstream text", (file) => {
    const text = readFileSync(new URL(file, dir));
    expect(createHash("sha256").update(text).digest("hex")).toBe(UPSTREAM_SOURCES[file]?.sha256);
  });
});
