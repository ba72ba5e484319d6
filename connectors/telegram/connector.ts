// The Telegram connector as the app and the agent take it: webhook routes for createApp, and a
// plugin that registers the send handler inbox replies and reminders go through.
import type { Connector, Plugin } from "../../core/index.ts";
import type { DeliveryOptions } from "../deliver.ts";
import { telegramRoutes } from "./routes.ts";
import { telegramSendHandler } from "./send.ts";

export interface TelegramOptions {
  /** Outbound retry rules and test hooks (sleep, fetch); see deliver.ts. */
  delivery?: DeliveryOptions;
}

export function telegramConnector(): Connector {
  return { name: "telegram", routes: telegramRoutes() };
}

export function telegramPlugin(options: TelegramOptions = {}): Plugin {
  const handler = telegramSendHandler(options);
  return {
    name: "telegram",
    description: "Sends replies and reminders to Telegram chats",
    async init(_config, runtime) {
      runtime.registerSendHandler("telegram", handler);
    },
  };
}
