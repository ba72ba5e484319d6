// The Telegram connector as the app and the agent take it: webhook routes for createApp, and a
// plugin that registers the send handler inbox replies and reminders go through, and shows
// "typing…" while a turn addressed to the agent runs.
import {
  type Connector,
  type EventPayload,
  EventType,
  type Memory,
  type Plugin,
  registerMediaFetcher,
} from "../../core/index.ts";
import type { DeliveryOptions } from "../deliver.ts";
import { telegramMediaFetcher } from "./media.ts";
import { telegramRoutes } from "./routes.ts";
import { telegramSendHandler } from "./send.ts";
import { typingIndicator } from "./typing.ts";

export interface TelegramOptions {
  /** Outbound retry rules and test hooks (sleep, fetch); see deliver.ts. */
  delivery?: DeliveryOptions;
}

export function telegramConnector(): Connector {
  return { name: "telegram", routes: telegramRoutes() };
}

export function telegramPlugin(options: TelegramOptions = {}): Plugin {
  const handler = telegramSendHandler(options);
  const typing = typingIndicator(options.delivery);
  const stop = (payload: EventPayload) => typing.stop(String(payload.runId));
  return {
    name: "telegram",
    description: "Sends replies and reminders to Telegram chats",
    async init(_config, runtime) {
      runtime.registerSendHandler("telegram", handler);
      registerMediaFetcher(runtime, "telegram", telegramMediaFetcher(options.delivery));
    },
    events: {
      [EventType.MESSAGE_RECEIVED]: [
        ({ runtime, runId, message }) => {
          if (typeof runId === "string" && message) typing.start(runtime, runId, message as Memory);
        },
      ],
      [EventType.MESSAGE_SENT]: [stop],
      [EventType.RUN_ENDED]: [stop],
      [EventType.RUN_TIMEOUT]: [stop],
    },
  };
}
