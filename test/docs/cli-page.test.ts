// docs/reference/cli.md is what the CLI's --help prints today (run from the TypeScript sources
// in a child process). `npm run docs:generate` rewrites it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { type CliHelp, cliHelpCommand, cliPage } from "../../tools/docs/generate/cli.ts";
import { root } from "../../tools/docs/generate.ts";

it("docs/reference/cli.md is up to date with every command's --help", () => {
  const [command, args] = cliHelpCommand(root);
  const env = { PATH: process.env.PATH ?? "", NO_COLOR: "1" };
  const help = JSON.parse(
    execFileSync(command, args, { cwd: root, encoding: "utf8", env }),
  ) as CliHelp;
  expect(help.commands.map((c) => c.name)).toContain("start");
  for (const { name, help: text } of help.commands) expect(text, name).toMatch(/^usage: /);
  const committed = readFileSync(join(root, "docs/reference/cli.md"), "utf8");
  expect(committed === cliPage(help), "docs/reference/cli.md is stale").toBe(true);
}, 120_000);
