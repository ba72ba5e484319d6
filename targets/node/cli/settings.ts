// Options that change where settings come from, applied to process.env before a command runs,
// so the code it calls (which reads the env, as `npm start` does) sees them.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { CliError } from "./errors.ts";

export function loadEnvFile(path: string | undefined): void {
  if (!path) return;
  try {
    process.loadEnvFile(path);
  } catch (error) {
    throw new CliError(`cannot read --env-file ${path}: ${(error as Error).message}`);
  }
}

/** `--character <file>`: the file's text becomes CHARACTER_JSON, which wins over character.json. */
export async function useCharacterFile(path: string | undefined): Promise<void> {
  if (!path) return;
  const file = resolve(path);
  try {
    process.env.CHARACTER_JSON = await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(`cannot read --character ${file}: ${(error as Error).message}`);
  }
}

/**
 * Runs a script that does its work on import (the repo's npm-run CLIs) with these arguments.
 * `load` is a literal `() => import("...")`, so the package build bundles the script with the
 * CLI (a path computed at run time would name a .ts file the package does not ship).
 */
export async function runScript(
  name: string,
  load: () => Promise<unknown>,
  args: string[],
): Promise<void> {
  process.argv = [process.argv[0]!, name, ...args];
  await load();
}
