// Where a setting comes from, and the two ways to read one: elizaOS's getSetting (typed:
// booleans and numbers as such, null when missing) and eliza-edge's string accessor that the
// kit's own code uses, so nothing internal breaks on a boolean or a null.
import { type ParsedCharacter, revealField } from "../character/index.ts";
import { DEFAULT_SECRET_SALT, looksEncrypted, secretCipher } from "../secrets/index.ts";
import { settingAlias } from "./aliases.ts";

/**
 * Where a setting's value came from. The character file is one source (its secrets, settings
 * and settings.secrets are written by the same hand); runtime settings and the env are others.
 */
export type SettingSource = "character" | "runtime" | "env";

/** A setting as elizaOS's getSetting returns it. */
export type SettingValue = string | boolean | number | null;

export interface SettingCandidate {
  /** The value as a string (what eliza-edge's own code reads). */
  value: string;
  /** The value as it was written (a boolean or number stays one). */
  raw: string | number | boolean;
  source: SettingSource;
}

export interface SettingLayers {
  character: ParsedCharacter;
  /** Settings given to the runtime's constructor: above the character, as elizaOS documents. */
  runtime: Record<string, unknown>;
  /** The env the target passed in: an eliza-edge extension elizaOS reads at process start. */
  env: Record<string, unknown>;
}

/**
 * Every value a setting has, highest-ranked first: runtime settings (the constructor's, which
 * the elizaOS documents rank first) → character.secrets → character.settings →
 * character.settings.secrets → env. Empty strings and null count as unset.
 * A value elizaOS encrypted ("ivHex:cipherHex", as in a character exported from its database)
 * comes back decrypted under SECRET_SALT (default elizaOS's "secretsalt"), as elizaOS does.
 * A key with an elizaOS name (setting-aliases.ts) falls back to it when set nowhere itself.
 */
export function settingCandidates(layers: SettingLayers, key: string): SettingCandidate[] {
  const alias = settingAlias(key);
  let found = plainCandidates(layers, key);
  if (!found.length && alias) found = plainCandidates(layers, alias);
  if (!found.some((c) => typeof c.raw === "string" && looksEncrypted(c.raw))) return found;
  const cipher = secretCipher();
  if (!cipher) return found;
  const salt = plainCandidates(layers, "SECRET_SALT")[0]?.value ?? DEFAULT_SECRET_SALT;
  return found.map((c) => {
    if (typeof c.raw !== "string") return c;
    const plain = cipher.decryptStringValue(c.raw, salt);
    return plain === c.raw ? c : { ...c, value: plain, raw: plain };
  });
}

/**
 * settingCandidates(layers, key)[0], without building the list: the kit reads a dozen settings
 * a turn, and most are unset. A value that looks encrypted takes the full path (decryption).
 */
export function topSetting(layers: SettingLayers, key: string): SettingCandidate | undefined {
  let top = firstPlain(layers, key);
  if (!top) {
    const alias = settingAlias(key);
    if (alias) top = firstPlain(layers, alias);
  }
  if (top && typeof top.raw === "string" && looksEncrypted(top.raw)) {
    return settingCandidates(layers, key)[0];
  }
  return top;
}

/** plainCandidates(layers, key)[0], in the same order. */
function firstPlain(layers: SettingLayers, key: string): SettingCandidate | undefined {
  const settings = layers.character.settings as Record<string, unknown>;
  const nestedSecrets = settings.secrets as Record<string, unknown> | undefined;
  return (
    plain(layers.runtime[key], "runtime") ??
    plain(layers.character.secrets[key], "character") ??
    plain(settings[key], "character") ??
    plain(nestedSecrets?.[key], "character") ??
    plain(layers.env[key], "env")
  );
}

function plain(raw: unknown, source: SettingSource): SettingCandidate | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  if (typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean") {
    return { value: String(raw), raw, source };
  }
  return undefined;
}

function plainCandidates(layers: SettingLayers, key: string): SettingCandidate[] {
  const settings = layers.character.settings as Record<string, unknown>;
  const nestedSecrets = settings.secrets as Record<string, unknown> | undefined;
  const candidates: [unknown, SettingSource][] = [
    [layers.runtime[key], "runtime"],
    [layers.character.secrets[key], "character"],
    [settings[key], "character"],
    [nestedSecrets?.[key], "character"],
    [layers.env[key], "env"],
  ];
  const found: SettingCandidate[] = [];
  for (const [raw, source] of candidates) {
    if (raw === undefined || raw === null || raw === "") continue;
    if (typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean") {
      found.push({ value: String(raw), raw, source });
    }
  }
  return found;
}

/** elizaOS's conversion: "true"/"false" become booleans, numbers stay numbers, missing is null. */
export function elizaSettingValue(candidate: SettingCandidate | undefined): SettingValue {
  if (!candidate) return null;
  const { raw } = candidate;
  if (raw === "true") return true;
  if (raw === "false") return false;
  return raw;
}

/** elizaOS's setSetting: a secret goes to character.secrets, anything else to character.settings. */
export function writeSetting(
  character: ParsedCharacter,
  key: string,
  value: string | boolean | number | null,
  secret: boolean,
): void {
  // elizaOS ignores a null value rather than deleting the setting.
  if (value === null || value === undefined) return;
  const field = secret ? "secrets" : "settings";
  revealField(character, field);
  (character[field] as Record<string, unknown>)[key] = value;
}
