// DISCORD_GATEWAY=true: the Node target joins Discord's Gateway (a long-lived WebSocket, so
// Node only) with @discordjs/ws, discord.js's own Gateway client (heartbeats, identify,
// resume, reconnects), and answers channel messages as elizaOS's Discord plugin does: DMs,
// and mentions of the bot or replies to it in servers (connectors/discord/message.ts). Each
// message goes through the same door as /ask: message limits, the durable inbox, dedupe by
// message id (a re-sent event after a resume is answered once), the same rooms. Replies go
// out over REST with DISCORD_BOT_TOKEN. The client is imported only when the Gateway is on,
// so `npm start` without it loads none of it.
import { DISCORD_API_BASE } from "../../connectors/discord/api.ts";
import { type GatewayMessage, parseGatewayMessage } from "../../connectors/discord/message.ts";
import {
  type AgentRuntime,
  acceptWithLimits,
  describeError,
  secretBaseUrl,
  wellFormedDeep,
} from "../../core/index.ts";
import { loadDriver } from "../shared/drivers.ts";
import type { NodeEnv } from "./config.ts";

// developers/events/gateway#gateway-intents
const INTENTS =
  (1 << 0) | // GUILDS
  (1 << 9) | // GUILD_MESSAGES
  (1 << 12) | // DIRECT_MESSAGES
  (1 << 15); // MESSAGE_CONTENT (privileged: switch it on in the Developer Portal)

export interface DiscordGateway {
  /** The bot's user id once READY arrived. */
  readonly botUserId: () => string | undefined;
  stop(): Promise<void>;
}

export type GatewayStarter = (
  runtime: AgentRuntime,
  background: (work: Promise<unknown>) => void,
) => DiscordGateway;

/** Checks the settings at start; undefined when the Gateway is not wanted. */
export function discordGatewayFromEnv(env: NodeEnv): GatewayStarter | undefined {
  const flag = env.DISCORD_GATEWAY?.trim().toLowerCase();
  if (!flag || flag === "false" || flag === "0") return undefined;
  if (flag !== "true" && flag !== "1") {
    throw new Error(`DISCORD_GATEWAY must be true or false, got ${env.DISCORD_GATEWAY}`);
  }
  if (!(env.DISCORD_BOT_TOKEN ?? env.DISCORD_API_TOKEN)?.trim()) {
    throw new Error("DISCORD_GATEWAY=true needs DISCORD_BOT_TOKEN (Developer Portal → Bot)");
  }
  return (runtime, background) => startGateway(runtime, background);
}

function startGateway(
  runtime: AgentRuntime,
  background: (work: Promise<unknown>) => void,
): DiscordGateway {
  const token = runtime.getSettingString("DISCORD_BOT_TOKEN") ?? "";
  const base = secretBaseUrl(runtime, {
    baseKey: "DISCORD_API_BASE",
    secretKey: "DISCORD_BOT_TOKEN",
    fallback: DISCORD_API_BASE,
  });
  // @discordjs/rest appends /v<version> itself.
  const api = base.replace(/\/+$/, "").replace(/\/v\d+$/, "");
  let botUserId: string | undefined;
  const log = runtime.logger;
  let manager: { destroy(): unknown } | undefined;

  const connecting = (async () => {
    const [{ REST }, { WebSocketManager, WebSocketShardEvents }] = await loadDriver("discord", () =>
      Promise.all([import("@discordjs/rest"), import("@discordjs/ws")]),
    );
    const rest = new REST({ version: "10", api }).setToken(token);
    const ws = new WebSocketManager({ token, intents: INTENTS, rest });
    manager = ws;
    ws.on(WebSocketShardEvents.Dispatch, (payload) => {
      if (payload.t === "READY") {
        botUserId = payload.d.user.id;
        log.info(`discord: connected to the Gateway as ${payload.d.user.username}`);
        return;
      }
      if (payload.t !== "MESSAGE_CREATE" || !botUserId) return;
      const parsed = parseGatewayMessage(
        runtime,
        wellFormedDeep(payload.d) as unknown as GatewayMessage,
        botUserId,
      );
      if (parsed.kind === "ignore") return;
      background(
        (async () => {
          const acceptance = await acceptWithLimits(runtime, parsed.inbound);
          if (acceptance.accepted && acceptance.process) await acceptance.process();
        })(),
      );
    });
    ws.on(WebSocketShardEvents.Closed, (code) => {
      // 4004: the token was refused; 4014: MESSAGE_CONTENT (or another intent) is not enabled.
      if (code === 4004 || code === 4014) {
        log.error(
          code === 4004
            ? "discord: the Gateway refused DISCORD_BOT_TOKEN"
            : "discord: the Gateway refused the intents; enable Message Content Intent (Developer Portal → Bot)",
        );
      }
    });
    ws.on(WebSocketShardEvents.Error, (error) => {
      log.warn(`discord Gateway: ${describeError(error)}`);
    });
    await ws.connect();
  })().catch((error: unknown) => {
    log.error(`discord: could not join the Gateway: ${describeError(error)}`);
  });
  return {
    botUserId: () => botUserId,
    async stop() {
      await connecting;
      await Promise.resolve(manager?.destroy()).catch(() => {});
    },
  };
}
