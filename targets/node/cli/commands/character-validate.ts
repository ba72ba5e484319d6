import { readFile } from "node:fs/promises";
import { CharacterError, parseCharacterJson } from "../../../../core/index.ts";
import { COMMON_HELP, type Command } from "../command.ts";
import { CliError, EXIT_FAILURE, EXIT_OK, UsageError } from "../errors.ts";

export const characterValidate: Command = {
  name: "character:validate",
  summary: "check a character file; lists every bad field",
  usage: "eliza-edge character:validate <file>",
  help: `Checks an elizaOS character file (0.x or 1.x) against the schema every target loads it
with. Exit 0 when valid; 1 with every offending field listed when not.

${COMMON_HELP}`,
  options: {},
  async run(_values, positionals) {
    const [file, ...extra] = positionals;
    if (!file) throw new UsageError("name the character file to check");
    if (extra.length) throw new UsageError(`one file at a time; got ${positionals.join(" ")}`);
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CliError(
        `cannot read ${file}: ${code === "ENOENT" ? "no such file" : (error as Error).message}`,
      );
    }
    try {
      const character = parseCharacterJson(text, file);
      console.log(`${file}: valid character "${character.name}"`);
      return EXIT_OK;
    } catch (error) {
      if (!(error instanceof CharacterError)) throw error;
      const n = error.issues.length;
      console.error(`${file}: invalid character (${n} problem${n === 1 ? "" : "s"})`);
      for (const issue of error.issues) {
        console.error(`  ${issue.path || "(whole file)"}: ${issue.message}`);
      }
      return EXIT_FAILURE;
    }
  },
};
