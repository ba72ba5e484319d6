// docs/reference/cli.md from the CLI's own --help output: `eliza-edge --help`, then each
// command's `eliza-edge <command> --help`, run from the TypeScript sources with tsx.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { generatedNotice } from "./notice.ts";

export interface CliHelp {
  overview: string;
  commands: { name: string; help: string }[];
}

/** The command that prints the CLI's help texts as JSON (tools/docs/generate/cli-help.ts). */
export function cliHelpCommand(root: string): [string, string[]] {
  return [join(root, "node_modules/.bin/tsx"), [join(root, "tools/docs/generate/cli-help.ts")]];
}

/** Runs the CLI's --help for the overview and every command it lists (one child process). */
export function readCliHelp(root: string): CliHelp {
  const [command, args] = cliHelpCommand(root);
  // Only PATH is passed on: the help texts must not depend on the developer's settings.
  const env = { PATH: process.env.PATH ?? "", NO_COLOR: "1" };
  return JSON.parse(execFileSync(command, args, { cwd: root, encoding: "utf8", env })) as CliHelp;
}

function fence(text: string): string[] {
  return ["```text", text.trimEnd(), "```", ""];
}

export function cliPage(help: CliHelp): string {
  const lines = [
    "---",
    "title: CLI",
    "description: The eliza-edge command line, every command and option, from its own --help.",
    "---",
    "",
    generatedNotice("the CLI's --help (targets/node/cli/)"),
    "",
    "# CLI",
    "",
    "`eliza-edge` is the package's command (`npx eliza-edge <command>` in a project, `npm run",
    "eliza-edge -- <command>` in a clone). Settings come from the environment and `--env-file`;",
    "see [Configuration](/reference/configuration).",
    "",
    "## `eliza-edge --help`",
    "",
    ...fence(help.overview),
  ];
  for (const command of help.commands) {
    lines.push(`## \`${command.name}\` {#${command.name.replace(/[^a-z0-9]+/g, "-")}}`, "");
    lines.push(...fence(command.help));
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
