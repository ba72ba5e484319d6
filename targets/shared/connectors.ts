// The chat platforms an edge target serves: the ones chosen in code (the `connectors` option),
// else connectors/ decides from the env (Telegram when TELEGRAM_BOT_TOKEN is set, Discord when
// DISCORD_PUBLIC_KEY is set). Each target takes the routes for createApp and the send-handler
// plugins for createAgent from this one call, so a new connector added there reaches every
// target.
import { connectorsFromEnv } from "../../connectors/index.ts";
import type { Connector, Plugin } from "../../core/index.ts";

export interface ConnectorSet {
  /** Webhook routes, mounted by createApp at /webhooks/<name>. */
  connectors: Connector[];
  /** Their send handlers, registered on the agent. */
  plugins: Plugin[];
}

export function connectorsFor(env: Record<string, unknown>, given?: ConnectorSet): ConnectorSet {
  if (given) return given;
  const { connectors, plugins } = connectorsFromEnv(env);
  return { connectors, plugins };
}
