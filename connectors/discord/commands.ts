// The slash commands this app offers, and registering them: a PUT that replaces the whole list
// (developers/interactions/application-commands#bulk-overwrite-global-application-commands).
// Guild commands update at once; global ones can take a while to appear everywhere.
import { PlatformApiError } from "../deliver.ts";
import { callDiscord, type DiscordApi } from "./api.ts";

export const ASK_COMMAND = {
  name: "ask",
  type: 1, // CHAT_INPUT
  description: "Talk to the agent",
  options: [
    {
      type: 3, // STRING
      name: "text",
      description: "What you want to say",
      required: true,
      max_length: 6000,
    },
    {
      type: 11, // ATTACHMENT
      name: "file",
      description: "A photo, voice message or document to go with it",
      required: false,
    },
  ],
  integration_types: [0], // installed to a server (the bot can post reminders there)
  contexts: [0, 1], // in servers and in the bot's DMs
};

/** Answered from the character, with no model call (core/pipeline/messages/commands.ts). */
export const HELP_COMMAND = {
  name: "help",
  type: 1,
  description: "What this agent can do",
  integration_types: [0],
  contexts: [0, 1],
};

export interface RegisterCommandsParams {
  applicationId: string;
  /** Register in one server (instant) instead of globally. */
  guildId?: string;
  commands?: unknown[];
}

/** Returns the commands as Discord stored them (with their ids). */
export async function registerCommands(
  api: DiscordApi & { botToken: string },
  params: RegisterCommandsParams,
): Promise<{ id: string; name: string }[]> {
  if (!/^\d+$/.test(params.applicationId)) {
    throw new Error("DISCORD_APPLICATION_ID must be the numeric Application ID");
  }
  if (params.guildId !== undefined && !/^\d+$/.test(params.guildId)) {
    throw new Error("--guild must be a numeric server (guild) id");
  }
  const path = params.guildId
    ? `/applications/${params.applicationId}/guilds/${params.guildId}/commands`
    : `/applications/${params.applicationId}/commands`;
  // PUT replaces the list: sending it twice is harmless, so a timeout may simply be retried.
  const result = await callDiscord(
    api,
    "PUT",
    path,
    params.commands ?? [ASK_COMMAND, HELP_COMMAND],
  );
  if (result.outcome !== "sent") {
    throw new PlatformApiError("discord command registration timed out; run it again", 0, true);
  }
  return result.body as { id: string; name: string }[];
}
