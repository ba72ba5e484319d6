// eliza-edge's own secret encryption for what it writes to storage: AES-256-GCM through
// WebCrypto (present in workerd, Node, Lambda, Vercel), the key derived from SECRET_SALT with
// HKDF-SHA-256 under a fixed info. HKDF, not PBKDF2: a Worker's cold start cannot afford
// 100k iterations, so SECRET_SALT should itself be a long random string. Stored as
// "v1:gcm:<iv>:<ciphertext+tag>" (base64url), a shape elizaOS's "ivHex:cipherHex" (CBC,
// secret-cipher.ts) never takes, so neither reader mistakes the other's values.

/** The prefix every value this cipher writes starts with. */
export const GCM_PREFIX = "v1:gcm:";

/** A value that did not decrypt: the salt differs from the one it was written under. */
export class SecretDecryptError extends Error {
  constructor() {
    super(
      "A stored secret did not decrypt under SECRET_SALT: it was written under another salt " +
        "(was SECRET_SALT changed or unset?). Set the salt it was written with.",
    );
    this.name = "SecretDecryptError";
  }
}

const encoder = new TextEncoder();
const HKDF_SALT = encoder.encode("eliza-edge");
const HKDF_INFO = encoder.encode("eliza-edge stored secrets v1");
/** Derived keys by salt: a runtime uses one or two salts; the bound only stops a leak. */
const keys = new Map<string, Promise<CryptoKey>>();
const KEY_CACHE_LIMIT = 8;

function keyFor(salt: string): Promise<CryptoKey> {
  let key = keys.get(salt);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(salt), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: HKDF_SALT, info: HKDF_INFO },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    if (keys.size >= KEY_CACHE_LIMIT) keys.delete(keys.keys().next().value as string);
    keys.set(salt, key);
  }
  return key;
}

/** True for a value this cipher wrote. */
export function isGcmSealed(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(GCM_PREFIX);
}

/**
 * Encrypts any JSON value (a secret may be a string, number, boolean or object); the type
 * survives the round trip. An already-sealed string is returned as it is.
 */
export async function sealValue(value: unknown, salt: string): Promise<string> {
  if (isGcmSealed(value)) return value;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = encoder.encode(JSON.stringify(value));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyFor(salt), plain);
  return `${GCM_PREFIX}${toBase64Url(iv)}:${toBase64Url(new Uint8Array(sealed))}`;
}

/** The value `sealValue` was given. Throws SecretDecryptError under the wrong salt. */
export async function openValue(sealed: string, salt: string): Promise<unknown> {
  const [ivText, dataText, ...rest] = sealed.slice(GCM_PREFIX.length).split(":");
  if (!isGcmSealed(sealed) || !ivText || !dataText || rest.length > 0) {
    throw new Error(`Not a sealed secret (expected ${GCM_PREFIX}<iv>:<data>)`);
  }
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(ivText) },
      await keyFor(salt),
      fromBase64Url(dataText),
    );
  } catch {
    // GCM's tag check is the only failure a well-formed value can meet: another key.
    throw new SecretDecryptError();
  }
  return JSON.parse(new TextDecoder().decode(plain));
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
