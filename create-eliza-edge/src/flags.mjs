// @ts-check
// Command-line flags: every question has one, so a script (or a test) never needs a terminal.
import { parseArgs } from "node:util";
import { BOTS, MODEL_PROVIDERS, TARGETS } from "./choices.mjs";

/** A mistake in how the command was called: printed with a hint, exit code 2. */
export class UsageError extends Error {}

/**
 * @typedef {object} Flags
 * @property {string | undefined} dir the project directory (positional)
 * @property {import("./choices.mjs").Target | undefined} target
 * @property {import("./choices.mjs").Bot[] | undefined} bots
 * @property {import("./choices.mjs").ModelProvider | undefined} model
 * @property {boolean} yes take the default for every answer not given
 * @property {boolean} help
 * @property {boolean} version
 * @property {string | undefined} elizaEdgeSpec where `npm install` gets eliza-edge from
 */

export const HELP = `Create a new eliza-edge agent project.

usage: npm create eliza-edge@latest [directory] -- [options]
       npx create-eliza-edge [directory] [options]

options:
  --target <name>   where it runs: ${Object.keys(TARGETS).join(" | ")}
  --bots <list>     chat bots, comma-separated: ${Object.keys(BOTS).join(",")} (or "none")
  --model <name>    model provider: ${Object.keys(MODEL_PROVIDERS).join(" | ")}
                    (workers-ai on cloudflare only)
  -y, --yes         use the defaults for every question not answered by a flag
                    (cloudflare, no bots, openai-compatible)
  -h, --help        show this help
  -v, --version     print the version

Without --yes, questions not answered by a flag are asked in the terminal.
The directory must be new or empty; its name is the package name.`;

/**
 * @param {string[]} argv the arguments after the command
 * @param {Record<string, string | undefined>} env
 * @returns {Flags}
 */
export function parseFlags(argv, env = {}) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        target: { type: "string", short: "t" },
        bots: { type: "string", short: "b" },
        model: { type: "string", short: "m" },
        yes: { type: "boolean", short: "y" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
        // Not in --help: tests install eliza-edge from a local `npm pack` tarball.
        "eliza-edge-spec": { type: "string" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) {
    throw new UsageError(
      `one project directory expected, got ${positionals.length}: ${positionals.join(" ")}`,
    );
  }
  return {
    dir: positionals[0],
    target: values.target === undefined ? undefined : oneOf("--target", values.target, TARGETS),
    bots: values.bots === undefined ? undefined : parseBots(values.bots),
    model: values.model === undefined ? undefined : oneOf("--model", values.model, MODEL_PROVIDERS),
    yes: values.yes ?? false,
    help: values.help ?? false,
    version: values.version ?? false,
    elizaEdgeSpec: values["eliza-edge-spec"] ?? nonEmpty(env.CREATE_ELIZA_EDGE_SPEC),
  };
}

/**
 * "telegram,discord", "discord", "none" or "" -> the bots, each once, in the order given.
 * @param {string} text
 * @returns {import("./choices.mjs").Bot[]}
 */
export function parseBots(text) {
  const names = text
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length > 0);
  if (names.length === 1 && names[0] === "none") return [];
  return [...new Set(names.map((name) => oneOf("--bots", name, BOTS)))];
}

/**
 * @template {string} K
 * @param {string} flag
 * @param {string} value
 * @param {Record<K, string>} allowed
 * @returns {K}
 */
function oneOf(flag, value, allowed) {
  const wanted = value.trim().toLowerCase();
  if (Object.hasOwn(allowed, wanted)) return /** @type {K} */ (wanted);
  throw new UsageError(
    `${flag}: unknown value ${JSON.stringify(value)} (one of: ${Object.keys(allowed).join(", ")})`,
  );
}

/** @param {string | undefined} value */
function nonEmpty(value) {
  return value === undefined || value === "" ? undefined : value;
}
