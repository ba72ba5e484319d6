// Where the benches find elizaOS: @elizaos/core and @elizaos/plugin-sql 1.7.2, installed in
// bench/elizaos with their own lockfile on first use, so the project's own install and
// typecheck never depend on them. The benches' elizaOS code imports them by these URLs.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

export const elizaDir = fileURLToPath(new URL("../elizaos/", import.meta.url));

type ElizaPackage = "@elizaos/core" | "@elizaos/plugin-sql";
const entry = (name: ElizaPackage) => `${elizaDir}node_modules/${name}/dist/node/index.node.js`;

/** Installs bench/elizaos when a package is missing; returns the URL of its Node entry. */
export function elizaUrl(name: ElizaPackage): string {
  if (!existsSync(entry("@elizaos/core")) || !existsSync(entry("@elizaos/plugin-sql"))) {
    console.error("Installing elizaOS 1.7.2 into bench/elizaos (first run only)...");
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: elizaDir, stdio: "inherit" });
  }
  return pathToFileURL(entry(name)).href;
}

/** The installed version of one of bench/elizaos's packages, for captions. */
export function elizaVersion(name: ElizaPackage = "@elizaos/core"): string {
  elizaUrl(name);
  const manifest = `${elizaDir}node_modules/${name}/package.json`;
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}
