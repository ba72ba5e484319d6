// What a local start prints: where the agent is, how to talk to it (the web chat, the terminal
// chat), and, when no model provider is configured, that it is the offline ELIZA, which is
// otherwise easy to take for a broken model.
import { type AgentRuntime, ELIZA_PLUGIN_NAME, ModelType } from "../../core/index.ts";

export const OFFLINE_MODEL_NOTICE =
  "the offline ELIZA (no OPENAI_API_KEY, OPENAI_BASE_URL or ANTHROPIC_API_KEY set): it answers " +
  "with Weizenbaum's 1966 script and runs an action you ask for by name";

/** The provider answering the agent's replies is the offline ELIZA; `provider` from /health. */
export function isOfflineModel(provider: string | null | undefined): boolean {
  return provider === ELIZA_PLUGIN_NAME;
}

export function startBanner(
  runtime: AgentRuntime,
  url: string,
  options: { chatCommand: string },
): string {
  const provider = runtime.getModelRegistration(ModelType.TEXT_LARGE)?.provider;
  const lines = [
    `${runtime.character.name} is listening on ${url} (storage: ${runtime.storage.kind})`,
    `  web chat:  ${url}/`,
    `  terminal:  ${options.chatCommand}`,
    `  model:     ${isOfflineModel(provider) ? OFFLINE_MODEL_NOTICE : provider}`,
    `  try: curl -s ${url}/api/messages -H 'content-type: application/json' -d '{"text":"I feel sad"}'`,
  ];
  return lines.join("\n");
}
