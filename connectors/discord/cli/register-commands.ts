// Registers the /ask command: `npm run discord:register-commands` (global; can take a while
// to show everywhere) or `-- --guild <server id>` (one server, at once). A bulk overwrite:
// running it again is harmless. Reads DISCORD_APPLICATION_ID, DISCORD_BOT_TOKEN and
// DISCORD_API_BASE; never prints the token.
import { parseArgs } from "node:util";
import { envSetting } from "../../../core/kernel/index.ts";
import { DISCORD_API_BASE } from "../api.ts";
import { registerCommands } from "../commands.ts";

let guild: string | undefined;
try {
  guild = parseArgs({ options: { guild: { type: "string" } }, strict: true }).values.guild;
} catch (error) {
  console.error(
    `${(error as Error).message}\nusage: npm run discord:register-commands [-- --guild <id>]`,
  );
  process.exit(2);
}
const applicationId = process.env.DISCORD_APPLICATION_ID;
const botToken = envSetting(process.env, "DISCORD_BOT_TOKEN");
if (!applicationId || !botToken) {
  console.error(
    `${!applicationId ? "DISCORD_APPLICATION_ID" : "DISCORD_BOT_TOKEN"} is not set (Developer Portal: General Information / Bot)`,
  );
  // A missing setting is a failed command (1), not a wrong command line (2).
  process.exit(1);
}
try {
  const commands = await registerCommands(
    { botToken, base: process.env.DISCORD_API_BASE || DISCORD_API_BASE },
    { applicationId, ...(guild ? { guildId: guild } : {}) },
  );
  const where = guild ? `in server ${guild}` : "globally";
  console.log(`registered ${commands.map((c) => `/${c.name}`).join(", ")} ${where}`);
} catch (error) {
  console.error(`could not register commands: ${(error as Error).message}`);
  process.exitCode = 1;
}
