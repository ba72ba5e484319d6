// `eliza-edge <command>`: a dependency-free dispatcher on node:util parseArgs. Each command
// lives in commands/; this file finds it, parses its options, prints help, and turns errors
// into exit codes (errors.ts) with one readable line instead of a stack trace.

import { parseArgs } from "node:util";
import { redactorForEnv } from "../../../core/index.ts";
import { installNodeRunScope } from "../../shared/node-run-scope.ts";
import { version } from "../version.ts";
import { type Command, commonOptions } from "./command.ts";
import { commands } from "./commands/index.ts";
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from "./errors.ts";
import { loadEnvFile } from "./settings.ts";

export function mainHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const list = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n");
  return `eliza-edge ${version}: run an elizaOS-style agent locally and manage its deployments

usage: eliza-edge <command> [options]

commands:
${list}

Every command reads its settings from the environment (every setting: docs/reference/configuration.md).
  eliza-edge <command> --help   options of one command
  eliza-edge --version          print the version
Exit codes: 0 ok, 1 the command failed, 2 usage error.`;
}

export function commandHelp(command: Command): string {
  return `usage: ${command.usage}\n\n${command.summary}.\n\n${command.help}`;
}

export async function main(argv: string[]): Promise<number> {
  installNodeRunScope();
  const [name, ...rest] = argv;
  if (name === undefined) {
    console.error(mainHelp());
    return EXIT_USAGE;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    const about = rest[0] && commands.find((c) => c.name === rest[0]);
    console.log(about ? commandHelp(about) : mainHelp());
    return EXIT_OK;
  }
  if (name === "--version" || name === "-v") {
    console.log(version);
    return EXIT_OK;
  }
  const command = commands.find((c) => c.name === name);
  try {
    if (!command) throw new UsageError(`unknown command "${name}"`);
    if (command.passThrough) {
      if (rest.includes("--help") || rest.includes("-h")) {
        console.log(commandHelp(command));
        return EXIT_OK;
      }
      const { envFile, args } = takeEnvFile(rest);
      loadEnvFile(envFile);
      return await command.run({}, args);
    }
    const { values, positionals } = parse(command, rest);
    if (values.help) {
      console.log(commandHelp(command));
      return EXIT_OK;
    }
    loadEnvFile(values["env-file"] as string | undefined);
    return await command.run(values, positionals);
  } catch (error) {
    return report(error, command);
  }
}

/**
 * Pass-through commands parse their own arguments, but the settings they read come from the
 * env like every other command's: `--env-file` is taken out and applied here.
 */
function takeEnvFile(args: string[]): { envFile?: string; args: string[] } {
  const rest: string[] = [];
  let envFile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--env-file") {
      envFile = args[++i];
      if (envFile === undefined) throw new UsageError("--env-file needs a path");
    } else if (arg.startsWith("--env-file=")) envFile = arg.slice("--env-file=".length);
    else rest.push(arg);
  }
  return { envFile, args: rest };
}

function parse(command: Command, args: string[]) {
  try {
    return parseArgs({
      args,
      options: { ...commonOptions, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // parseArgs throws TypeErrors with ERR_PARSE_ARGS_* codes for unknown or malformed options.
    throw new UsageError((error as Error).message);
  }
}

function report(error: unknown, command: Command | undefined): number {
  // A driver's message may carry the connection string; its password never reaches stderr.
  const redact = redactorForEnv(process.env);
  const prefix = command ? `eliza-edge ${command.name}` : "eliza-edge";
  if (error instanceof UsageError) {
    console.error(redact(`${prefix}: ${error.message}`));
    console.error(
      command
        ? `usage: ${command.usage}\nRun "eliza-edge ${command.name} --help" for details.`
        : `Run "eliza-edge --help" for the list of commands.`,
    );
    return EXIT_USAGE;
  }
  console.error(redact(`${prefix}: ${describe(error)}`));
  // Configuration and I/O problems are expected; a stack only helps when asked for.
  if (!(error instanceof CliError) && process.env.LOG_LEVEL === "debug" && error instanceof Error) {
    console.error(redact(error.stack ?? ""));
  }
  return EXIT_FAILURE;
}

/** The error's first line, plus its cause's: drizzle wraps "connect ECONNREFUSED" in "Failed query". */
function describe(error: unknown): string {
  const line = (e: unknown) => {
    const first = (e instanceof Error ? e.message : String(e)).split("\n")[0]!.trim();
    // drizzle's first line is the whole statement; the log gets neither it nor its params.
    return first.startsWith("Failed query:") ? "query failed" : first;
  };
  const cause = error instanceof Error ? error.cause : undefined;
  return cause && line(cause) !== line(error) ? `${line(error)} (${line(cause)})` : line(error);
}
