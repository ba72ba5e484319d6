// @ts-check
// The questions asked in a terminal for whatever the flags left open. Each accepts the
// choice's number or its name; Enter takes the default.
import { BOTS, MODEL_PROVIDERS, providersFor, TARGETS } from "./choices.mjs";
import { parseBots, UsageError } from "./flags.mjs";

/**
 * @typedef {object} Asker
 * @property {(prompt: string) => Promise<string>} question
 * @property {(line: string) => void} say
 */

/**
 * @template {string} K
 * @param {Asker} io
 * @param {string} title
 * @param {Record<K, string>} choices all choices and what they mean
 * @param {K[]} offered the choices to offer, in order
 * @param {K} fallback the default
 * @returns {Promise<K>}
 */
async function choose(io, title, choices, offered, fallback) {
  io.say(title);
  offered.forEach((key, i) => {
    io.say(`  ${i + 1}) ${key.padEnd(18)} ${choices[key]}`);
  });
  for (;;) {
    const answer = (await io.question(`Choose 1-${offered.length} [${fallback}]: `)).trim();
    if (answer === "") return fallback;
    const byNumber = offered[Number(answer) - 1];
    if (/^\d+$/.test(answer) && byNumber) return byNumber;
    const byName = offered.find((key) => key === answer.toLowerCase());
    if (byName) return byName;
    io.say(`  "${answer}" is not one of the choices.`);
  }
}

/** @param {Asker} io */
export async function askName(io, fallback = "my-agent") {
  const answer = (await io.question(`Project directory [${fallback}]: `)).trim();
  return answer === "" ? fallback : answer;
}

/** @param {Asker} io */
export async function askTarget(io) {
  const keys = /** @type {import("./choices.mjs").Target[]} */ (Object.keys(TARGETS));
  return choose(io, "Where will the agent run?", TARGETS, keys, "cloudflare");
}

/**
 * @param {Asker} io
 * @param {import("./choices.mjs").Target} target
 */
export async function askModel(io, target) {
  return choose(
    io,
    "Which model provider?",
    MODEL_PROVIDERS,
    providersFor(target),
    "openai-compatible",
  );
}

/** @param {Asker} io */
export async function askBots(io) {
  io.say("Which chat bots? (the agent always has its REST API)");
  for (const [key, meaning] of Object.entries(BOTS)) io.say(`  ${key.padEnd(18)} ${meaning}`);
  for (;;) {
    const answer = await io.question("Bots, comma-separated, or none [none]: ");
    try {
      return parseBots(answer);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      io.say(`  ${error.message.replace(/^--bots: /, "")}`);
    }
  }
}
