// The shape of one CLI command: its help text and options, parsed by node:util parseArgs.
import type { ParseArgsConfig } from "node:util";

export type Options = NonNullable<ParseArgsConfig["options"]>;
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** `eliza-edge <name> ...` */
  usage: string;
  /** Paragraphs shown by `<name> --help`, after the usage line. */
  help: string;
  options: Options;
  /** Hand the remaining arguments to a delegated script instead of parsing them here. */
  passThrough?: boolean;
  /** Exit code; a thrown UsageError is 2, any other error 1. */
  run(values: Values, positionals: string[]): Promise<number>;
}

/** Options every command takes. */
export const commonOptions: Options = {
  help: { type: "boolean", short: "h" },
  "env-file": { type: "string" },
};

export const COMMON_HELP = `  --env-file <path>   load settings from a .env file first
  -h, --help          show this help`;
