// Prints, as JSON, what `eliza-edge --help` and `eliza-edge <command> --help` print, run through
// the CLI's own main() from the TypeScript sources (no dist/ needed). Run with tsx by cli.ts.
import { main } from "../../../targets/node/cli/main.ts";

async function helpOf(argv: string[]): Promise<string> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => lines.push(args.join(" "));
  try {
    const code = await main(argv);
    if (code !== 0) throw new Error(`eliza-edge ${argv.join(" ")} exited ${code}`);
  } finally {
    console.log = log;
  }
  return lines.join("\n");
}

const overview = await helpOf(["--help"]);
const names = [...overview.matchAll(/^ {2}([a-z][a-z0-9:-]*) {2,}/gm)].map((m) => m[1]!);
const commands: { name: string; help: string }[] = [];
for (const name of names) commands.push({ name, help: await helpOf([name, "--help"]) });
process.stdout.write(JSON.stringify({ overview, commands }));
