// elizaOS's secret encryption, AES-256-CBC under SHA-256(salt) with a random IV, stored as
// "ivHex:cipherHex" (the shape and the lazy loading are in ../secret-cipher.ts). The cipher is
// @noble/ciphers because elizaOS's functions are synchronous and WebCrypto's AES is not.
import { cbc } from "@noble/ciphers/aes.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { fromHex, looksEncrypted, randomBytes, toHex } from "../encoding/index.ts";

function keyFor(salt: string): Uint8Array {
  return sha256(new TextEncoder().encode(salt));
}

/** "ivHex:cipherHex". Non-strings and already-encrypted values are returned unchanged. */
export function encryptStringValue(value: string, salt: string): string {
  if (typeof value !== "string" || looksEncrypted(value)) return value;
  const iv = randomBytes(16);
  const cipherText = cbc(keyFor(salt), iv).encrypt(new TextEncoder().encode(value));
  return `${toHex(iv)}:${toHex(cipherText)}`;
}

/** The plain text; anything that does not decrypt under `salt` is returned unchanged. */
export function decryptStringValue(value: string, salt: string): string {
  if (typeof value !== "string" || !looksEncrypted(value)) return value;
  const [ivHex = "", dataHex = ""] = value.split(":");
  try {
    const plain = cbc(keyFor(salt), fromHex(ivHex)).decrypt(fromHex(dataHex));
    return new TextDecoder("utf-8", { fatal: true }).decode(plain);
  } catch {
    return value;
  }
}
