// The chat platforms an agent can be reached on, switched on by the env: Telegram when
// TELEGRAM_BOT_TOKEN is set, Discord when DISCORD_PUBLIC_KEY is set (or DISCORD_GATEWAY=true). Targets call this once
// with the same env they give createAgent, pass `plugins` to createAgent and `connectors` to
// createApp. Nothing here does I/O until a request arrives.
import type { Connector, Plugin } from "../core/index.ts";
import type { DeliveryOptions } from "./deliver.ts";
import { discordConnector, discordPlugin } from "./discord/connector.ts";
import { telegramConnector, telegramPlugin } from "./telegram/connector.ts";

export { callApi, type Delivery, type DeliveryOptions, PlatformApiError } from "./deliver.ts";
export { type DiscordOptions, discordConnector, discordPlugin } from "./discord/connector.ts";
export { parseGatewayMessage } from "./discord/message.ts";
export { choicesOf, imagesOf, linkButtonsOf } from "./reply-parts.ts";
export { splitText } from "./split.ts";
export { type TelegramOptions, telegramConnector, telegramPlugin } from "./telegram/connector.ts";
export { toMarkdownV2 } from "./telegram/markdown.ts";
export {
  startTelegramPolling,
  type TelegramPoller,
  type TelegramPollingOptions,
} from "./telegram/polling.ts";

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

/** The chat platforms this kit has connectors for. */
export type ConnectorName = "telegram" | "discord";

const CONNECTORS: Record<
  ConnectorName,
  (options: ConnectorsOptions) => { connector: Connector; plugin: Plugin }
> = {
  telegram: (options) => ({ connector: telegramConnector(), plugin: telegramPlugin(options) }),
  discord: (options) => ({ connector: discordConnector(), plugin: discordPlugin(options) }),
};

/** The env setting that switches each connector on when none are chosen in code. */
const SWITCHED_ON_BY: Record<ConnectorName, string> = {
  telegram: "TELEGRAM_BOT_TOKEN",
  discord: "DISCORD_PUBLIC_KEY",
};

/**
 * The connectors chosen by name, in code (`connectors: ["telegram"]`), whatever the env
 * switches on; an unknown name fails here, at start. Their secrets are still settings.
 */
export function connectorsNamed(
  names: readonly string[],
  options: ConnectorsOptions = {},
): EnabledConnectors {
  const enabled: EnabledConnectors = { connectors: [], plugins: [], names: [] };
  for (const name of new Set(names)) {
    if (!Object.hasOwn(CONNECTORS, name)) {
      throw new Error(
        `connectors: unknown connector ${JSON.stringify(name)} (known: ${Object.keys(CONNECTORS).join(", ")})`,
      );
    }
    const { connector, plugin } = CONNECTORS[name as ConnectorName](options);
    enabled.connectors.push(connector);
    enabled.plugins.push(plugin);
    enabled.names.push(name);
  }
  return enabled;
}

export function connectorsFromEnv(
  env: Record<string, unknown>,
  options: ConnectorsOptions = {},
): EnabledConnectors {
  const on = (key: string) => typeof env[key] === "string" && (env[key] as string).length > 0;
  const names = (Object.keys(SWITCHED_ON_BY) as ConnectorName[]).filter(
    (name) =>
      on(SWITCHED_ON_BY[name]) ||
      // The Node target's Gateway needs the Discord plugin without the interactions endpoint.
      (name === "discord" && /^(true|1)$/i.test(String(env.DISCORD_GATEWAY ?? ""))),
  );
  return connectorsNamed(names, options);
}
