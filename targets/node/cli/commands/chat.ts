import { COMMON_HELP, type Command } from "../command.ts";
import { CliError, EXIT_OK } from "../errors.ts";
import { runScript, useCharacterFile } from "../settings.ts";

export const chat: Command = {
  name: "chat",
  summary: "talk to the agent in the terminal",
  usage: "eliza-edge chat [--character <file>]",
  help: `A terminal REPL through the same message pipeline as the API, on the configured storage
(the same rules as \`start\`). Type /quit to leave. Reads stdin, so it also takes piped input.

  --character <file>  character JSON to use instead of ./character.json
${COMMON_HELP}`,
  options: { character: { type: "string" } },
  async run(values) {
    await useCharacterFile(values.character as string | undefined);
    try {
      await runScript("chat", () => import("../../chat.ts"), []);
    } catch (error) {
      throw new CliError((error as Error).message);
    }
    return EXIT_OK;
  },
};
