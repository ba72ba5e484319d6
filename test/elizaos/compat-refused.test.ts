// Names that cannot work on serverless are exported anyway, so plugins importing them still
// link; using them throws an Error that names the function, says why and what to use instead.
import { describe, expect, it } from "vitest";
import * as compat from "../../core/elizaos/index.ts";
import { REFUSED } from "../../core/elizaos/refused.ts";

describe("refused names", () => {
  it("import without throwing (this file loaded) and are all listed", () => {
    expect(Object.keys(REFUSED).sort()).toEqual(
      [
        "DefaultMessageService",
        "ElizaOS",
        "findAllEnvFiles",
        "findEnvFile",
        "getAllElizaPaths",
        "getCharactersDir",
        "getDataDir",
        "getDatabaseDir",
        "getElizaPaths",
        "getGeneratedDir",
        "getUploadsAgentsDir",
        "getUploadsChannelsDir",
        "loadAndPreparePlugin",
        "loadEnvFile",
        "loadEnvFilesWithPrecedence",
        "loadPlugin",
        "resetPaths",
        "tryInstallPlugin",
      ].sort(),
    );
  });

  it("throw at call or construction time with the reason", () => {
    const exports = compat as unknown as Record<string, unknown>;
    for (const [name, reason] of Object.entries(REFUSED)) {
      const value = exports[name] as (...args: unknown[]) => unknown;
      expect(typeof value).toBe("function");
      const call = /^[A-Z]/.test(name)
        ? () => new (value as unknown as new () => unknown)()
        : () => value("arg");
      expect(call).toThrow(`${name} is not available on eliza-edge: ${reason}`);
    }
  });

  it("point to what to use instead", () => {
    expect(() => compat.loadPlugin("@elizaos/plugin-discord")).toThrow(
      /createAgent\(\{ plugins \}\)/,
    );
    expect(() => new compat.ElizaOS()).toThrow(/createAgent\(\)/);
    expect(() => compat.getDataDir()).toThrow(/storage adapter/);
  });

  it("resolvePlugins accepts plugin objects and refuses package names", async () => {
    const resolved = await compat.resolvePlugins([
      { name: "b", dependencies: ["a"] },
      { name: "a" },
    ]);
    expect(resolved.map((p) => p.name)).toEqual(["a", "b"]);
    await expect(compat.resolvePlugins(["@elizaos/plugin-sql"])).rejects.toThrow(/package name/);
  });
});
