// The chat platforms an agent can be reached on, switched on by the env: Telegram when
// TELEGRAM_BOT_TOKEN is set, Discord when DISCORD_PUBLIC_KEY is set. Targets call this once
// with the same env they give createAgent, pass `plugins` to createAgent and `connectors` to
// createApp. Nothing here does I/O until a request arrives.
import type { Connector, Plugin } from "../core/index.ts";
import type { DeliveryOptions } from "./deliver.ts";
import { discordConnector, discordPlugin } from "./discord/connector.ts";
import { telegramConnector, telegramPlugin } from "./telegram/connector.ts";

export { callApi, type Delivery, type DeliveryOptions, PlatformApiError } from "./deliver.ts";
export { type DiscordOptions, discordConnector, discordPlugin } from "./discord/connector.ts";
export { splitText } from "./split.ts";
export { type TelegramOptions, telegramConnector, telegramPlugin } from "./telegram/connector.ts";

export interface ConnectorsOptions {
  /** Outbound retry rules and test hooks, for both platforms. */
  delivery?: DeliveryOptions;
}

export interface EnabledConnectors {
  connectors: Connector[];
  plugins: Plugin[];
  /** "telegram", "discord": for /health or a startup log line. */
  names: string[];
}

export function connectorsFromEnv(
  env: Record<string, unknown>,
  options: ConnectorsOptions = {},
): EnabledConnectors {
  const on = (key: string) => typeof env[key] === "string" && (env[key] as string).length > 0;
  const enabled: EnabledConnectors = { connectors: [], plugins: [], names: [] };
  if (on("TELEGRAM_BOT_TOKEN")) {
    enabled.connectors.push(telegramConnector());
    enabled.plugins.push(telegramPlugin(options));
    enabled.names.push("telegram");
  }
  if (on("DISCORD_PUBLIC_KEY")) {
    enabled.connectors.push(discordConnector());
    enabled.plugins.push(discordPlugin(options));
    enabled.names.push("discord");
  }
  return enabled;
}
