// elizaOS's names for settings eliza-edge calls otherwise, read as fallbacks so an elizaOS
// project's .env works unchanged: POSTGRES_URL for DATABASE_URL, PGLITE_DATA_DIR for
// PGLITE_DIR, DISCORD_API_TOKEN for DISCORD_BOT_TOKEN. Ours wins where both are set (in any
// layer: the elizaOS name is read only when ours is set nowhere), so one deployment never
// sees two values fight. A secret read under its elizaOS name keeps its source, so the base
// URL it may go to is tied to it exactly as for our name (secret-base-url.ts).

/** Our setting name → elizaOS's name for the same thing. */
export const ELIZAOS_SETTING_ALIASES: Readonly<Record<string, string>> = {
  DATABASE_URL: "POSTGRES_URL",
  PGLITE_DIR: "PGLITE_DATA_DIR",
  DISCORD_BOT_TOKEN: "DISCORD_API_TOKEN",
};

/** elizaOS's name for one of ours, if it has another. */
export function settingAlias(key: string): string | undefined {
  return Object.hasOwn(ELIZAOS_SETTING_ALIASES, key) ? ELIZAOS_SETTING_ALIASES[key] : undefined;
}

/**
 * A setting from a plain env record (what targets read before a runtime exists): ours if set
 * and non-empty, else elizaOS's name for it, else undefined.
 */
export function envSetting(env: Record<string, unknown>, key: string): string | undefined {
  for (const name of [key, settingAlias(key)]) {
    if (name === undefined) continue;
    const value = env[name];
    if (typeof value === "string" && value.length > 0) return value;
  }
  return undefined;
}
