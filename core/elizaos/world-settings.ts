// elizaOS's world settings and secret encryption. Values are encrypted as elizaOS does them,
// AES-256-CBC under SHA-256(salt) with a random IV, stored "ivHex:cipherHex", so settings
// written by an elizaOS agent decrypt here and the other way round. The cipher is
// @noble/ciphers: elizaOS's functions are synchronous and WebCrypto's AES is not.

import * as cbcCipher from "../kernel/cbc-cipher/index.ts";
import {
  type Character,
  createUniqueUuid,
  DEFAULT_SECRET_SALT,
  deploymentSalt,
  provideSecretCipher,
  type World,
} from "../kernel/index.ts";
import type { IAgentRuntime } from "../runtime/index.ts";
import { getEnv } from "./environment.ts";
import { worldOf } from "./runtime-access.ts";

export interface Setting {
  name: string;
  description: string;
  usageDescription?: string;
  value: string | boolean | null;
  required: boolean;
  public?: boolean;
  secret?: boolean;
  validation?: (value: unknown) => boolean;
  dependsOn?: string[];
  onSetAction?: (value: unknown) => string;
  visibleIf?: (settings: Record<string, Setting>) => boolean;
}

export type WorldSettings = Record<string, Setting>;

export interface OnboardingConfig {
  settings: Record<string, Omit<Setting, "value">>;
}

const DEFAULT_SALT = DEFAULT_SECRET_SALT;

/**
 * The salt elizaOS's helpers encrypt under: the SECRET_SALT the agent's runtime reads (its
 * character, settings and the target's env or bindings, on every target), else the compat
 * environment's (setEnv), else elizaOS's default "secretsalt".
 */
export function getSalt(): string {
  return deploymentSalt() || getEnv("SECRET_SALT") || DEFAULT_SALT;
}

/** Kept for elizaOS's API; the salt is read on every call, so there is nothing cached. */
export function clearSaltCache(): void {}

const { decryptStringValue, encryptStringValue } = cbcCipher;

export { decryptStringValue, encryptStringValue };

// elizaOS's functions here are synchronous, so the cipher is loaded with this module anyway:
// from now on the runtime decrypts settings with it too (../secret-cipher.ts).
provideSecretCipher(cbcCipher);

export function encryptObjectValues(
  obj: Record<string, unknown>,
  salt: string,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) => [
      k,
      typeof v === "string" && v ? encryptStringValue(v, salt) : v,
    ]),
  );
}

export function decryptObjectValues(
  obj: Record<string, unknown>,
  salt: string,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) => [
      k,
      typeof v === "string" && v ? decryptStringValue(v, salt) : v,
    ]),
  );
}

/** A copy of the setting with its value encrypted when it is a non-empty secret string. */
export function saltSettingValue(setting: Setting, salt: string): Setting {
  const copy = { ...setting };
  if (setting.secret === true && typeof setting.value === "string" && setting.value) {
    copy.value = encryptStringValue(setting.value, salt);
  }
  return copy;
}

export function unsaltSettingValue(setting: Setting, salt: string): Setting {
  const copy = { ...setting };
  if (setting.secret === true && typeof setting.value === "string" && setting.value) {
    copy.value = decryptStringValue(setting.value, salt);
  }
  return copy;
}

export function saltWorldSettings(settings: WorldSettings, salt: string): WorldSettings {
  return Object.fromEntries(
    Object.entries(settings).map(([k, s]) => [k, saltSettingValue(s, salt)]),
  );
}

export function unsaltWorldSettings(settings: WorldSettings, salt: string): WorldSettings {
  return Object.fromEntries(
    Object.entries(settings).map(([k, s]) => [k, unsaltSettingValue(s, salt)]),
  );
}

export function createSettingFromConfig(config: Omit<Setting, "value">): Setting {
  return {
    name: config.name,
    description: config.description,
    usageDescription: config.usageDescription || "",
    value: null,
    required: config.required,
    validation: config.validation || undefined,
    public: config.public || false,
    secret: config.secret || false,
    dependsOn: config.dependsOn || [],
    onSetAction: config.onSetAction || undefined,
    visibleIf: config.visibleIf || undefined,
  };
}

async function saveWorld(runtime: IAgentRuntime, world: World): Promise<void> {
  const own = (runtime as unknown as { updateWorld?: (w: World) => Promise<void> }).updateWorld;
  await (own ? own.call(runtime, world) : runtime.storage.updateWorld(world));
}

/** Stores `settings` (secrets encrypted) on the world of `serverId`; false if there is none. */
export async function updateWorldSettings(
  runtime: IAgentRuntime,
  serverId: string,
  settings: WorldSettings,
): Promise<boolean> {
  const world = await worldOf(runtime, createUniqueUuid(runtime, serverId));
  if (!world) return false;
  world.metadata = { ...(world.metadata ?? {}), settings: saltWorldSettings(settings, getSalt()) };
  await saveWorld(runtime, world);
  return true;
}

/** The world's settings with secrets decrypted, or null. */
export async function getWorldSettings(
  runtime: IAgentRuntime,
  serverId: string,
): Promise<WorldSettings | null> {
  const world = await worldOf(runtime, createUniqueUuid(runtime, serverId));
  const stored = world?.metadata?.settings as WorldSettings | undefined;
  return stored ? unsaltWorldSettings(stored, getSalt()) : null;
}

/** The world's settings, created empty from `config` on first use. */
export async function initializeOnboarding(
  runtime: IAgentRuntime,
  world: World,
  config: OnboardingConfig,
): Promise<WorldSettings | null> {
  const existing = world.metadata?.settings as WorldSettings | undefined;
  if (existing) return unsaltWorldSettings(existing, getSalt());
  const settings: WorldSettings = {};
  for (const [key, setting] of Object.entries(config.settings ?? {})) {
    settings[key] = createSettingFromConfig(setting);
  }
  world.metadata = { ...(world.metadata ?? {}), settings };
  await saveWorld(runtime, world);
  return settings;
}

function mapSecrets(
  character: Character,
  map: (o: Record<string, unknown>) => Record<string, unknown>,
): Character {
  const copy = JSON.parse(JSON.stringify(character)) as Character & {
    settings?: { secrets?: Record<string, unknown> };
    secrets?: Record<string, unknown>;
  };
  if (copy.settings?.secrets) copy.settings.secrets = map(copy.settings.secrets);
  if (copy.secrets) copy.secrets = map(copy.secrets) as typeof copy.secrets;
  return copy;
}

export function encryptedCharacter(character: Character): Character {
  const salt = getSalt();
  return mapSecrets(character, (o) => encryptObjectValues(o, salt));
}

export function decryptedCharacter(character: Character, _runtime?: IAgentRuntime): Character {
  const salt = getSalt();
  return mapSecrets(character, (o) => decryptObjectValues(o, salt));
}
