// Where the benches find elizaOS: @elizaos/core 1.7.2 installed in bench/elizaos with its own
// lockfile, on first use, so the project's own install and typecheck never depend on it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

export const elizaDir = fileURLToPath(new URL("../elizaos/", import.meta.url));
const elizaCore = `${elizaDir}node_modules/@elizaos/core/dist/node/index.node.js`;

/** Installs bench/elizaos when it is missing; returns the URL its agent imports core from. */
export function elizaCoreUrl(): string {
  if (!existsSync(elizaCore)) {
    console.error("Installing elizaOS into bench/elizaos (first run only)...");
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: elizaDir, stdio: "inherit" });
  }
  return pathToFileURL(elizaCore).href;
}

/** The installed @elizaos/core version, for table captions. */
export async function elizaVersion(): Promise<string> {
  elizaCoreUrl();
  const pkg = pathToFileURL(`${elizaDir}node_modules/@elizaos/core/package.json`).href;
  const { default: json } = (await import(pkg, { with: { type: "json" } })) as {
    default: { version: string };
  };
  return json.version;
}
