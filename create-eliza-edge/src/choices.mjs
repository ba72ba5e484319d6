// @ts-check
// What a new project can be: the values each question accepts and the defaults `--yes` takes.

/** @typedef {"cloudflare" | "lambda" | "vercel" | "node"} Target */
/** @typedef {"telegram" | "discord"} Bot */
/** @typedef {"openai-compatible" | "anthropic" | "workers-ai"} ModelProvider */

/** @type {Record<Target, string>} */
export const TARGETS = {
  cloudflare: "Cloudflare Workers with D1",
  lambda: "AWS Lambda with DynamoDB (Serverless Framework)",
  vercel: "Vercel functions with Neon Postgres",
  node: "Node server with embedded Postgres (PGlite)",
};

/** @type {Record<Bot, string>} */
export const BOTS = {
  telegram: "Telegram bot (webhook)",
  discord: "Discord bot (interactions, /ask)",
};

/** @type {Record<ModelProvider, string>} */
export const MODEL_PROVIDERS = {
  "openai-compatible": "OpenAI or any OpenAI-compatible server (Ollama, Groq, OpenRouter, vLLM)",
  anthropic: "Anthropic (Claude)",
  "workers-ai": "Cloudflare Workers AI (no API key; Cloudflare only)",
};

export const DEFAULTS = Object.freeze({
  target: /** @type {Target} */ ("cloudflare"),
  bots: /** @type {Bot[]} */ ([]),
  model: /** @type {ModelProvider} */ ("openai-compatible"),
});

/**
 * The providers a target can use: Workers AI is a binding, which exists only in a Worker.
 * @param {Target} target
 * @returns {ModelProvider[]}
 */
export function providersFor(target) {
  return target === "cloudflare"
    ? ["openai-compatible", "anthropic", "workers-ai"]
    : ["openai-compatible", "anthropic"];
}
