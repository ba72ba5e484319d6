// The character as the agents row holds it: every value of `secrets` and `settings.secrets`
// sealed (gcm-cipher.ts), everything else as given. The runtime keeps its plain character in
// memory; only the stored copy is sealed, and reading the row back opens it.
import { isGcmSealed, openValue, sealValue } from "./gcm-cipher.ts";

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The two places a character keeps secrets, as elizaOS reads them. */
function secretRecords(character: Json): Json[] {
  const records: Json[] = [];
  if (isRecord(character.secrets)) records.push(character.secrets);
  if (isRecord(character.settings) && isRecord(character.settings.secrets)) {
    records.push(character.settings.secrets);
  }
  return records;
}

/** A copy deep enough that rewriting the secrets leaves `character` untouched. */
function copySecretPaths(character: Json): Json {
  const copy: Json = { ...character };
  if (isRecord(character.secrets)) copy.secrets = { ...character.secrets };
  if (isRecord(character.settings)) {
    const settings: Json = { ...character.settings };
    if (isRecord(settings.secrets)) settings.secrets = { ...settings.secrets };
    copy.settings = settings;
  }
  return copy;
}

async function mapSecrets(
  character: Json,
  map: (value: unknown) => Promise<unknown>,
): Promise<Json> {
  const copy = copySecretPaths(character);
  for (const record of secretRecords(copy)) {
    for (const [key, value] of Object.entries(record)) {
      if (value === undefined || value === null) continue;
      record[key] = await map(value);
    }
  }
  return copy;
}

/** True when the character holds any secret value. */
export function hasSecrets(character: unknown): boolean {
  if (!isRecord(character)) return false;
  return secretRecords(character).some((record) =>
    Object.values(record).some((v) => v !== undefined && v !== null),
  );
}

/** True when some secret is not yet sealed (a row an older eliza-edge wrote in plain text). */
export function hasPlainSecrets(character: unknown): boolean {
  if (!isRecord(character)) return false;
  return secretRecords(character).some((record) =>
    Object.values(record).some((v) => v !== undefined && v !== null && !isGcmSealed(v)),
  );
}

/** A copy of the character with every secret value sealed under `salt`. */
export function sealCharacterSecrets(character: Json, salt: string): Promise<Json> {
  return mapSecrets(character, (value) => sealValue(value, salt));
}

export interface OpenedCharacter {
  character: Json;
  /** Secrets that did not open under the salt: left sealed in `character`. */
  sealed: number;
}

/**
 * A copy of the character with its sealed secrets opened. A value written under another salt
 * (or damaged) stays sealed (counted in `sealed`) rather than failing the read: the rest of the row is good.
 */
export async function openCharacterSecrets(
  character: Json,
  salt: string,
): Promise<OpenedCharacter> {
  let sealed = 0;
  const opened = await mapSecrets(character, async (value) => {
    if (!isGcmSealed(value)) return value;
    try {
      return await openValue(value, salt);
    } catch {
      // SecretDecryptError (another salt) or a value damaged in storage: neither opens.
      sealed++;
      return value;
    }
  });
  return { character: opened, sealed };
}
