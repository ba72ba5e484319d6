// elizaOS's environment access (getEnv, setEnv ...). eliza-edge's core reads no global
// environment: Workers have none, and settings reach the runtime as parameters. So this is a
// process-wide table that starts empty; a target or a test fills it with setEnv or
// initBrowserEnvironment, and plugins that call getEnv read what was put there. Settings a
// plugin should read per agent come from runtime.getSetting, as in elizaOS.
import type { Character } from "../kernel/index.ts";

export type RuntimeEnvironment = "node" | "browser" | "unknown";

const table = new Map<string, string>();
let allowed: Set<string> | null = null;

/** eliza-edge runs the same code everywhere and never branches on the platform. */
export const currentRuntime: RuntimeEnvironment = "unknown";
/** False: core code must not rely on Node APIs, even when it happens to run on Node. */
export const isNode = false;
export const isBrowser = false;

export function detectEnvironment(): RuntimeEnvironment {
  return currentRuntime;
}

export function getEnv(key: string, defaultValue?: string): string | undefined {
  return table.get(key) ?? defaultValue;
}

export function setEnv(key: string, value: string | boolean | number): void {
  table.set(key, String(value));
}

export function hasEnv(key: string): boolean {
  return table.has(key);
}

export function getBooleanEnv(key: string, defaultValue = false): boolean {
  const value = table.get(key);
  if (value === undefined) return defaultValue;
  return ["true", "1", "yes", "on"].includes(value.trim().toLowerCase());
}

export function getNumberEnv(key: string, defaultValue?: number): number | undefined {
  const value = table.get(key);
  if (value === undefined) return defaultValue;
  const n = Number(value);
  return Number.isNaN(n) ? defaultValue : n;
}

/** Fills the table (elizaOS: the browser's stand-in for the environment). */
export function initBrowserEnvironment(config: { env?: Record<string, string | undefined> }): void {
  for (const [key, value] of Object.entries(config.env ?? {})) {
    if (value !== undefined) table.set(key, value);
  }
}

export function resetEnvironmentCache(): void {}

/** elizaOS's Environment object over the same table. */
export class Environment {
  getRuntime(): RuntimeEnvironment {
    return currentRuntime;
  }
  isNode(): boolean {
    return isNode;
  }
  isBrowser(): boolean {
    return isBrowser;
  }
  get(key: string, defaultValue?: string): string | undefined {
    return getEnv(key, defaultValue);
  }
  set(key: string, value: string | boolean | number): void {
    setEnv(key, value);
  }
  has(key: string): boolean {
    return hasEnv(key);
  }
  getAll(): Record<string, string | undefined> {
    return Object.fromEntries(table);
  }
  getBoolean(key: string, defaultValue = false): boolean {
    return getBooleanEnv(key, defaultValue);
  }
  getNumber(key: string, defaultValue?: number): number | undefined {
    return getNumberEnv(key, defaultValue);
  }
  clearCache(): void {}
}

const shared = new Environment();
export function getEnvironment(): Environment {
  return shared;
}

/** Which env names setDefaultSecretsFromEnv may copy; null means any. */
export function setAllowedEnvVars(vars: Set<string> | null): void {
  allowed = vars;
}

export function getAllowedEnvVars(): Set<string> | null {
  return allowed;
}

export function hasCharacterSecrets(character: Character): boolean {
  const settings = character.settings as { secrets?: Record<string, unknown> } | undefined;
  const secrets = character.secrets as Record<string, unknown> | undefined;
  return Object.keys(settings?.secrets ?? {}).length > 0 || Object.keys(secrets ?? {}).length > 0;
}

/**
 * Copies the table's values into `character.settings.secrets` where unset (elizaOS copies
 * the whole environment). Returns whether anything was added.
 */
export async function setDefaultSecretsFromEnv(
  character: Character,
  _options?: { skipEnvMerge?: boolean },
): Promise<boolean> {
  if (_options?.skipEnvMerge) return false;
  const holder = character as { settings?: Record<string, unknown> };
  const settings = holder.settings ?? {};
  holder.settings = settings;
  const secrets = (settings.secrets as Record<string, unknown> | undefined) ?? {};
  settings.secrets = secrets;
  let added = false;
  for (const [key, value] of table) {
    if (allowed && !allowed.has(key)) continue;
    if (secrets[key] === undefined) {
      secrets[key] = value;
      added = true;
    }
  }
  return added;
}

/** `http://localhost:<SERVER_PORT or 3000><path>`: elizaOS's own server, same origin here. */
export function getLocalServerUrl(path: string): string {
  return `http://localhost:${getEnv("SERVER_PORT", "3000")}${path}`;
}
