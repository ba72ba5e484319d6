// The events URL's credential. A browser's EventSource cannot send an Authorization header, so
// the POST that starts a stream (which has API_TOKEN) returns a URL with a token good for that
// one stream only, for a few minutes: HMAC-SHA256 of the stream's id and expiry, keyed by
// API_TOKEN. Leaked (a proxy log, a shared screen), it reads one turn's events and nothing else.

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let text = "";
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function signature(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return base64url(await crypto.subtle.sign("HMAC", key, encoder.encode(payload)));
}

const payloadOf = (scope: string, streamId: string, expiresAt: number) =>
  `eliza-edge:stream:${scope}:${streamId}:${expiresAt}`;

/** `<expiresAt>.<signature>` for one stream of one agent (`scope`, its id). */
export async function streamToken(
  secret: string,
  scope: string,
  streamId: string,
  expiresAt: number,
): Promise<string> {
  return `${expiresAt}.${await signature(secret, payloadOf(scope, streamId, expiresAt))}`;
}

/** Whether `token` was issued for this stream and has not expired at `now`. */
export async function verifyStreamToken(
  secret: string,
  scope: string,
  streamId: string,
  token: string,
  now: number,
): Promise<boolean> {
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (!(expiresAt > now)) return false;
  const expected = await signature(secret, payloadOf(scope, streamId, expiresAt));
  // Constant time: every character compared whatever the first difference.
  let diff = expected.length ^ (match[2] ?? "").length;
  for (let i = 0; i < expected.length; i++) {
    diff |= expected.charCodeAt(i) ^ (match[2] ?? "").charCodeAt(i);
  }
  return diff === 0;
}
