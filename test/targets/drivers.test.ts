// Drivers are optional peers: each backend's packages are named in one place, at the versions
// eliza-edge is tested with, and choosing a backend whose driver is missing says how to
// install it. (The packed scaffold test runs it for real: a Worker project has no pg.)
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DRIVER_VERSIONS,
  DRIVERS,
  installCommand,
  loadDriver,
  MissingDriverError,
} from "../../targets/shared/drivers.ts";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));

function notFound(name: string) {
  return Object.assign(
    new Error(
      `Cannot find package '${name}' imported from /app/node_modules/eliza-edge/dist/x.mjs`,
    ),
    { code: "ERR_MODULE_NOT_FOUND" },
  );
}

describe("drivers", () => {
  it("are optional peers of eliza-edge, not dependencies, tested at the versions named", () => {
    for (const [name, version] of Object.entries(DRIVER_VERSIONS)) {
      expect(pkg.dependencies[name], name).toBeUndefined();
      expect(pkg.devDependencies[name], name).toBe(version);
      expect(pkg.peerDependencies[name], name).toBe(`^${version}`);
      expect(pkg.peerDependenciesMeta[name], name).toEqual({ optional: true });
    }
    for (const { packages } of Object.values(DRIVERS)) {
      for (const name of packages) expect(Object.keys(DRIVER_VERSIONS)).toContain(name);
    }
  });

  it("name the missing package, what needs it and the command that installs it", async () => {
    const error = await loadDriver("pglite", () =>
      Promise.reject(notFound("@electric-sql/pglite")),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingDriverError);
    expect((error as Error).message).toBe(
      "The embedded database (PGlite, used when DATABASE_URL is not set) needs @electric-sql/pglite and @electric-sql/pglite-pgvector, which this project has not installed: npm i @electric-sql/pglite@0.5.14 @electric-sql/pglite-pgvector@0.0.15",
    );
    expect(installCommand("pg")).toBe("npm i pg@8.23.1");
  });

  it("pass other failures through unchanged, a missing unrelated package included", async () => {
    const broken = new Error("syntax error in the driver");
    await expect(loadDriver("pg", () => Promise.reject(broken))).rejects.toBe(broken);
    const other = notFound("left-pad");
    await expect(loadDriver("pg", () => Promise.reject(other))).rejects.toBe(other);
    expect(await loadDriver("pg", async () => 42)).toBe(42);
  });
});
