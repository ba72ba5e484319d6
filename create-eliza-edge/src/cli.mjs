// @ts-check
// create-eliza-edge: flags or questions -> answers -> files in a new directory -> next steps.
// Returns the exit code: 0 done, 1 the directory cannot take the project, 2 usage error,
// 130 cancelled at a question.

import { isAbsolute, relative } from "node:path";
import { createInterface } from "node:readline/promises";
import { resolveAnswers } from "./answers.mjs";
import { HELP, parseFlags, UsageError } from "./flags.mjs";
import { projectFiles } from "./project/index.mjs";
import { envFileName } from "./project/settings.mjs";
import { VERSION } from "./version.mjs";
import { checkProjectDir, ProjectDirError, writeProject } from "./write-project.mjs";

/**
 * @typedef {object} Io
 * @property {string} cwd
 * @property {Record<string, string | undefined>} env
 * @property {(line: string) => void} out
 * @property {(line: string) => void} err
 * @property {() => import("./questions.mjs").Asker & { close(): void } | undefined} terminal
 *   a question-asker when there is a terminal, else undefined
 */

/** @returns {Io} */
function processIo() {
  return {
    cwd: process.cwd(),
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    terminal: () => {
      if (!process.stdin.isTTY || !process.stdout.isTTY) return undefined;
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      // Ctrl-C at a question: readline would only pause, leaving the question unanswered.
      rl.on("SIGINT", () => {
        process.stdout.write("\n");
        process.exit(130);
      });
      return {
        question: (prompt) => rl.question(prompt),
        say: (line) => process.stdout.write(`${line}\n`),
        close: () => rl.close(),
      };
    },
  };
}

/**
 * @param {string[]} argv
 * @param {Io} [io]
 * @returns {Promise<number>}
 */
export async function run(argv, io = processIo()) {
  let asker;
  try {
    const flags = parseFlags(argv, io.env);
    if (flags.help) {
      io.out(HELP);
      return 0;
    }
    if (flags.version) {
      io.out(VERSION);
      return 0;
    }
    const needsQuestions =
      !flags.yes && [flags.dir, flags.target, flags.bots, flags.model].includes(undefined);
    asker = needsQuestions ? io.terminal() : undefined;
    const answers = await resolveAnswers(flags, { cwd: io.cwd, asker });
    await checkProjectDir(answers.dir);
    const files = projectFiles(answers, { elizaEdgeSpec: flags.elizaEdgeSpec ?? `^${VERSION}` });
    await writeProject(answers.dir, files);
    io.out(nextSteps(answers, shownDir(io.cwd, answers.dir), Object.keys(files)));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`create-eliza-edge: ${error.message}`);
      io.err("Run `npm create eliza-edge@latest -- --help` for the options.");
      return 2;
    }
    // Ctrl-D at a question: the user walked away; nothing has been written yet.
    if (error instanceof Error && "code" in error && error.code === "ABORT_ERR") {
      io.err("create-eliza-edge: cancelled; nothing was written");
      return 130;
    }
    if (error instanceof ProjectDirError) {
      io.err(`create-eliza-edge: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    asker?.close();
  }
}

/**
 * The directory as the user would type it: relative below cwd, else absolute.
 * @param {string} cwd
 * @param {string} dir
 */
function shownDir(cwd, dir) {
  const rel = relative(cwd, dir);
  if (rel === "") return ".";
  return rel.startsWith("..") || isAbsolute(rel) ? dir : rel;
}

/**
 * @param {import("./answers.mjs").Answers} answers
 * @param {string} shownDir
 * @param {string[]} paths
 */
function nextSteps(answers, shownDir, paths) {
  const env = envFileName(answers);
  const bots = answers.bots.length > 0 ? answers.bots.join(" and ") : "no bots";
  return [
    `Created ${answers.name} (${answers.target}, ${bots}, ${answers.model}): ${paths.length} files in ${shownDir}`,
    "",
    "Next:",
    ...(shownDir === "." ? [] : [`  cd ${shownDir}`]),
    `  cp ${env}.example ${env}   # then fill in your settings`,
    "  npm install && npm start",
    "  npm test",
  ].join("\n");
}
