// Reading configuration from the process: the only place the Node target touches env and disk
// for settings. Everything it returns is plain data handed to core.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { type Character, parseCharacterJson } from "../../core/index.ts";

export type NodeEnv = Record<string, string | undefined>;

/** `CHARACTER_JSON` (the JSON text itself) wins over `character.json` in the working directory. */
export async function loadCharacter(env: NodeEnv, cwd = process.cwd()): Promise<Character> {
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

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}
