// The project directory's name becomes the package name: npm's rules decide what is accepted.
import { builtinModules } from "node:module";
import { describe, expect, it } from "vitest";
import { packageNameProblems, slugOf } from "../../create-eliza-edge/src/package-name.mjs";

const problems = (name: string) => packageNameProblems(name, builtinModules);

describe("package name rules", () => {
  it.each(["my-agent", "agent2", "a", "my.agent", "my_agent", "x~y", "@me/agent"])(
    "accepts %s",
    (name) => {
      expect(problems(name)).toEqual([]);
    },
  );

  it.each([
    ["", "the name is empty"],
    ["My-Agent", "it has capital letters"],
    [".agent", 'it starts with "." or "_"'],
    ["_agent", 'it starts with "." or "_"'],
    ["my agent", "it may hold only letters a-z, digits and - . _ ~"],
    ["agent!", "it may hold only letters a-z, digits and - . _ ~"],
    ["ägent", "it may hold only letters a-z, digits and - . _ ~"],
    ["a/b", 'only a scoped name ("@scope/name") has a "/"'],
    ["node_modules", '"node_modules" is reserved by npm'],
    ["http", '"http" is a Node.js core module'],
    ["a".repeat(215), "it is longer than 214 characters"],
    [" agent", "it starts or ends with a space"],
  ])("refuses %j: %s", (name, problem) => {
    expect(problems(name)).toContain(problem);
  });

  it("lists every problem of a name, not just the first", () => {
    expect(problems("_My Agent")).toHaveLength(3);
  });

  it.each([
    ["my-agent", "my-agent"],
    ["@me/my.agent", "my-agent"],
    ["my__agent", "my-agent"],
    ["-a-", "a"],
    ["___", "agent"],
    [`${"a".repeat(53)}.b`, "a".repeat(53)],
  ])("makes %j the resource name %j", (name, slug) => {
    expect(slugOf(name)).toBe(slug);
  });
});
