// The Discord connector as the app and the agent take it: the interactions endpoint for
// createApp, and a plugin with the send handler plus a hook that removes the deferred
// "thinking…" message when the agent decides not to answer (otherwise Discord shows "The
// application did not respond" 15 minutes later).
import {
  type AgentRuntime,
  ChannelType,
  type Connector,
  EventType,
  type Memory,
  type Plugin,
  registerMediaFetcher,
  type SendTarget,
} from "../../core/index.ts";
import type { DeliveryOptions } from "../deliver.ts";
import { typingLoop } from "../typing-loop.ts";
import { callDiscord } from "./api.ts";
import { discordMediaFetcher } from "./media.ts";
import { discordRoutes } from "./routes.ts";
import { clearDeferred, discordApiBase, discordSendHandler } from "./send.ts";

export interface DiscordOptions {
  /** Outbound retry rules and test hooks (sleep, fetch); see deliver.ts. */
  delivery?: DeliveryOptions;
}

export function discordConnector(): Connector {
  return { name: "discord", routes: discordRoutes() };
}

const PENDING_LIMIT = 1000;

export function discordPlugin(options: DiscordOptions = {}): Plugin {
  const handler = discordSendHandler(options);
  // Deferred interactions by run id, between MESSAGE_RECEIVED and RUN_ENDED of one turn.
  const pending = new Map<string, SendTarget>();
  // Gateway messages have no "thinking…": the channel shows "typing…" instead (10 s each).
  const typing = typingLoop(8000);
  const gatewayTyping = (runtime: AgentRuntime, runId: string, message: Memory) => {
    const content = message.content;
    const channelId = (message.metadata?.discord as { messageId?: unknown; channelId?: unknown })
      ?.channelId;
    const fromGateway = (message.metadata?.discord as { messageId?: unknown })?.messageId;
    const addressed =
      content.channelType === ChannelType.DM ||
      content.mentionsAgent === true ||
      content.isReplyToAgent === true;
    const botToken = runtime.getSettingString("DISCORD_BOT_TOKEN");
    if (content.source !== "discord" || !fromGateway || !addressed || !botToken) return;
    if (typeof channelId !== "string" || !/^\d+$/.test(channelId)) return;
    const api = {
      base: discordApiBase(runtime),
      botToken,
      delivery: { ...options.delivery, maxRetryAfterMs: 0, serverErrorPauseMs: 0 },
    };
    typing.start(
      runId,
      () => callDiscord(api, "POST", `/channels/${channelId}/typing`),
      (error) => runtime.logger.debug("discord typing failed", { error: String(error) }),
    );
  };
  return {
    name: "discord",
    description: "Completes Discord interactions and posts reminders to Discord channels",
    async init(_config, runtime) {
      runtime.registerSendHandler("discord", handler);
      registerMediaFetcher(runtime, "discord", discordMediaFetcher(options.delivery));
    },
    events: {
      [EventType.MESSAGE_RECEIVED]: [
        ({ runtime, runId, message }) => {
          if (typeof runId === "string" && message) {
            gatewayTyping(runtime, runId, message as Memory);
          }
          const reply = ((message as Memory | undefined)?.metadata?.discord as { reply?: unknown })
            ?.reply;
          if (!reply || typeof runId !== "string") return;
          if (pending.size >= PENDING_LIMIT) pending.clear();
          pending.set(runId, reply as SendTarget);
        },
      ],
      [EventType.MESSAGE_SENT]: [({ runId }) => typing.stop(String(runId))],
      [EventType.RUN_TIMEOUT]: [({ runId }) => typing.stop(String(runId))],
      [EventType.RUN_ENDED]: [
        async ({ runtime, runId, status, didRespond }) => {
          typing.stop(String(runId));
          const target = pending.get(String(runId));
          if (!target) return;
          pending.delete(String(runId));
          if (status === "completed" && didRespond === false) {
            await clearDeferred(runtime, target, options);
          }
        },
      ],
    },
  };
}
