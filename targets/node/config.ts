// Reading configuration from the process: the only place the Node target touches env and disk
// for settings. Everything it returns is plain data handed to core.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { isLoopbackHostname, parseCharacterJson } from "../../core/index.ts";
import type { ParsedCharacter } from "../../core/kernel/index.ts";

export type NodeEnv = Record<string, string | undefined>;

/** `CHARACTER_JSON` (the JSON text itself) wins over `character.json` in the working directory. */
export async function loadCharacter(env: NodeEnv, cwd = process.cwd()): Promise<ParsedCharacter> {
  if (env.CHARACTER_JSON) return parseCharacterJson(env.CHARACTER_JSON, "CHARACTER_JSON");
  const file = resolve(cwd, "character.json");
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new Error(
      `Cannot read ${file}: ${(error as Error).message}. Set CHARACTER_JSON or add the file.`,
    );
  }
  return parseCharacterJson(text, file);
}

/** A listen address on this machine only: localhost, a 127.0.0.0/8 literal or ::1 (not a name like 127.example.com). */
export function isLoopback(host: string): boolean {
  return isLoopbackHostname(host);
}
