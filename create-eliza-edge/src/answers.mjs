// @ts-check
// Turns flags into a complete set of answers: flags first, then --yes defaults, then questions
// in the terminal. Without a terminal and without --yes, a missing answer is a usage error
// rather than a hang.
import { builtinModules } from "node:module";
import { basename, resolve } from "node:path";
import { DEFAULTS, providersFor } from "./choices.mjs";
import { UsageError } from "./flags.mjs";
import { packageNameProblems } from "./package-name.mjs";
import { askBots, askModel, askName, askTarget } from "./questions.mjs";

/**
 * @typedef {object} Answers
 * @property {string} dir absolute project directory
 * @property {string} name package name (the directory's name)
 * @property {import("./choices.mjs").Target} target
 * @property {import("./choices.mjs").Bot[]} bots
 * @property {import("./choices.mjs").ModelProvider} model
 */

/**
 * @param {import("./flags.mjs").Flags} flags
 * @param {{ cwd: string, asker?: import("./questions.mjs").Asker }} io asker only when there
 *   is a terminal to ask in
 * @returns {Promise<Answers>}
 */
export async function resolveAnswers(flags, io) {
  const { asker } = io;
  /** @param {string} what @param {string} flag */
  const cannotAsk = (what, flag) =>
    new UsageError(
      `no ${what} given and no terminal to ask in: pass ${flag}, or --yes for defaults`,
    );

  let dirText = flags.dir;
  if (dirText === undefined) {
    if (flags.yes) dirText = "my-agent";
    else if (asker) dirText = await askName(asker);
    else throw cannotAsk("project directory", "a directory name");
  }
  let named = nameOf(dirText, io.cwd);
  while (named.problems.length > 0 && asker && flags.dir === undefined && !flags.yes) {
    asker.say(`  Not a valid npm package name: ${named.problems.join("; ")}.`);
    named = nameOf(await askName(asker), io.cwd);
  }
  if (named.problems.length > 0) {
    throw new UsageError(
      `"${named.name}" cannot be the package name: ${named.problems.join("; ")}. ` +
        "Pick a directory name like my-agent.",
    );
  }

  const target =
    flags.target ??
    (flags.yes ? DEFAULTS.target : asker ? await askTarget(asker) : missing(cannotAsk, "target"));
  const bots =
    flags.bots ??
    (flags.yes ? DEFAULTS.bots : asker ? await askBots(asker) : missing(cannotAsk, "bots"));
  const model =
    flags.model ??
    (flags.yes
      ? DEFAULTS.model
      : asker
        ? await askModel(asker, target)
        : missing(cannotAsk, "model"));
  if (!providersFor(target).includes(model)) {
    throw new UsageError(
      `--model ${model} is not available on ${target} (there: ${providersFor(target).join(", ")})`,
    );
  }
  return { dir: named.dir, name: named.name, target, bots, model };
}

/**
 * @param {(what: string, flag: string) => UsageError} cannotAsk
 * @param {"target" | "bots" | "model"} key
 * @returns {never}
 */
function missing(cannotAsk, key) {
  throw cannotAsk(key === "bots" ? "bots" : key, `--${key}`);
}

/**
 * The package name is the directory's own name ("." names the current directory).
 * @param {string} dirText
 * @param {string} cwd
 */
function nameOf(dirText, cwd) {
  const dir = resolve(cwd, dirText);
  const name = basename(dir);
  return { dir, name, problems: packageNameProblems(name, builtinModules) };
}
