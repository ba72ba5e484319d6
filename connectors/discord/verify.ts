// Discord signs every interaction: Ed25519 over X-Signature-Timestamp + the raw body, with the
// application's public key. Discord sends bad signatures on purpose and drops an endpoint that
// accepts one, so every malformed or missing part is a plain "no".
//
// WebCrypto Ed25519 (Node ≥ 18.4, workerd, Deno, browsers since 2025). There is no pure-JS
// fallback: every runtime this project targets has it, and a hand-written curve is riskier
// than a clear error on a runtime that lacks it.
//
// No freshness window on the timestamp: Discord documents none, and a replayed interaction
// finds its id already claimed in the inbox.

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const HEX_SIGNATURE = /^[0-9a-fA-F]{128}$/;

// Imported keys by hex, kept for the isolate's life. Settled values only: a pending promise
// must not be shared across requests on Workers.
const keys = new Map<string, CryptoKey>();

export async function verifyDiscordSignature(
  publicKeyHex: string,
  signatureHex: string | undefined,
  timestamp: string | undefined,
  body: Uint8Array,
): Promise<boolean> {
  if (!signatureHex || !timestamp || !HEX_SIGNATURE.test(signatureHex)) return false;
  const key = await importKey(publicKeyHex);
  const stamp = new TextEncoder().encode(timestamp);
  const signed = new Uint8Array(stamp.length + body.length);
  signed.set(stamp);
  signed.set(body, stamp.length);
  try {
    return await crypto.subtle.verify("Ed25519", key, hexBytes(signatureHex), signed);
  } catch {
    return false;
  }
}

export function isPublicKeyHex(value: string): boolean {
  return HEX_KEY.test(value);
}

async function importKey(publicKeyHex: string): Promise<CryptoKey> {
  const known = keys.get(publicKeyHex);
  if (known) return known;
  if (!HEX_KEY.test(publicKeyHex)) {
    throw new Error("DISCORD_PUBLIC_KEY must be 64 hex characters (the app's Public Key)");
  }
  const key = await crypto.subtle.importKey(
    "raw",
    hexBytes(publicKeyHex),
    { name: "Ed25519" },
    false,
    ["verify"],
  );
  keys.set(publicKeyHex, key);
  return key;
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
