export { callDiscord, DISCORD_API_BASE, type DiscordApi } from "./api.ts";
export { ASK_COMMAND, registerCommands } from "./commands.ts";
export { type DiscordOptions, discordConnector, discordPlugin } from "./connector.ts";
export { commandText, type DiscordTarget, parseInteraction } from "./parse.ts";
export { clearDeferred, DISCORD_MESSAGE_LIMIT, discordSendHandler } from "./send.ts";
export { type Interaction, InteractionType, ResponseType } from "./types.ts";
export { verifyDiscordSignature } from "./verify.ts";
