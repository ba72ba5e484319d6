// Bot setup commands: thin wrappers around the connectors' own scripts (connectors/*/cli/),
// which parse their arguments and set their exit codes themselves.
import type { Command } from "../command.ts";
import { EXIT_OK } from "../errors.ts";
import { runScript } from "../settings.ts";

function delegate(
  name: string,
  load: () => Promise<unknown>,
  details: Omit<Command, "name" | "run" | "options" | "passThrough">,
): Command {
  return {
    name,
    ...details,
    options: {},
    passThrough: true,
    async run(_values, args) {
      await runScript(name, load, args);
      return typeof process.exitCode === "number" ? process.exitCode : EXIT_OK;
    },
  };
}

export const telegramSetWebhook = delegate(
  "telegram:set-webhook",
  () => import("../../../../connectors/telegram/cli/set-webhook.ts"),
  {
    summary: "point Telegram at this deployment's /webhooks/telegram",
    usage: "eliza-edge telegram:set-webhook --url <https url> [options]",
    help: `Calls setWebhook with TELEGRAM_WEBHOOK_SECRET (the value the deployment checks), then prints
getWebhookInfo. Reads TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET, TELEGRAM_API_BASE.
A bare origin gets /webhooks/telegram appended. Never prints the token or the secret.

  --url <https url>          where Telegram should POST updates (required unless --delete)
  --drop-pending-updates     discard updates queued while no webhook was reachable
  --allowed-updates <list>   comma-separated; default message,edited_message,channel_post,callback_query
  --max-connections <1-100>  parallel deliveries Telegram may open (default 40)
  --delete                   remove the webhook instead
  -h, --help                 show this help`,
  },
);

export const telegramWebhookInfo = delegate(
  "telegram:webhook-info",
  () => import("../../../../connectors/telegram/cli/webhook-info.ts"),
  {
    summary: "show which bot this is and where Telegram delivers",
    usage: "eliza-edge telegram:webhook-info",
    help: `Prints getMe and getWebhookInfo: the webhook URL, pending updates and Telegram's last
delivery error. Reads TELEGRAM_BOT_TOKEN and TELEGRAM_API_BASE.

  -h, --help                 show this help`,
  },
);

export const discordRegisterCommands = delegate(
  "discord:register-commands",
  () => import("../../../../connectors/discord/cli/register-commands.ts"),
  {
    summary: "register the /ask slash command with Discord",
    usage: "eliza-edge discord:register-commands [--guild <server id>]",
    help: `A bulk overwrite of the application's commands; running it again is harmless. Global
commands can take a while to show everywhere; --guild registers on one server at once.
Reads DISCORD_APPLICATION_ID, DISCORD_BOT_TOKEN, DISCORD_API_BASE; never prints the token.

  --guild <server id>        register on this server only
  -h, --help                 show this help`,
  },
);
