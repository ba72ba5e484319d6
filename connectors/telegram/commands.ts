// The commands Telegram lists in the bot's menu (setMyCommands). The agent answers them from
// its character, without a model call (core/pipeline/messages/commands.ts).
import { callTelegram, type TelegramApi } from "./api.ts";

export const BOT_COMMANDS = [
  { command: "start", description: "Say hello and see what I can do" },
  { command: "help", description: "What I can do" },
];

/** Replaces the bot's command menu; true when Telegram took it. */
export async function setBotCommands(api: TelegramApi): Promise<boolean> {
  const result = await callTelegram(api, "setMyCommands", { commands: BOT_COMMANDS });
  return result.outcome === "sent";
}
