// elizaOS's encrypted settings ("ivHex:cipherHex", AES-256-CBC under SHA-256(SECRET_SALT)): a
// character exported from an elizaOS database carries its secrets this way, and elizaOS's
// getSetting reads them back in plain text; so does ours. The cipher (kernel/cbc-cipher/)
// builds its AES tables when its module loads, a twelfth of a cold start's CPU, for a value
// few characters hold: so it is loaded only for them. createAgent loads it before the runtime
// is built when a setting it is given looks encrypted; eliza-edge/elizaos (whose elizaOS
// functions are synchronous) loads it with itself. Until then an encrypted value stays as it
// is, never decrypted, so no plain secret exists that redaction could miss.
import { looksEncrypted } from "../encoding/index.ts";

export { looksEncrypted };

/** elizaOS's salt when SECRET_SALT is unset. */
export const DEFAULT_SECRET_SALT = "secretsalt";

export interface SecretCipher {
  decryptStringValue(value: string, salt: string): string;
}

let loaded: SecretCipher | undefined;

/** The cipher, once loaded (or provided); undefined before. */
export function secretCipher(): SecretCipher | undefined {
  return loaded;
}

/** Makes `cipher` the one settings decrypt with: eliza-edge/elizaos, which imports it anyway. */
export function provideSecretCipher(cipher: SecretCipher): void {
  loaded = cipher;
}

export async function loadSecretCipher(): Promise<SecretCipher> {
  loaded ??= await import("../cbc-cipher/index.ts");
  return loaded;
}

/** Whether any string among these values, or in objects among them, looks encrypted. */
export function holdsEncrypted(...sources: (Record<string, unknown> | undefined)[]): boolean {
  return sources.some((source) =>
    Object.values(source ?? {}).some((value) =>
      typeof value === "string"
        ? looksEncrypted(value)
        : value !== null &&
          typeof value === "object" &&
          !Array.isArray(value) &&
          holdsEncrypted(value as Record<string, unknown>),
    ),
  );
}
