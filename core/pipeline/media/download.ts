// Reading a platform file into memory, never more than the cap: the declared length is
// checked first, then the body is counted as it streams and the read stops at the cap. Errors
// name the file by a label: a Telegram file URL holds the bot token.

export class MediaError extends Error {
  constructor(
    message: string,
    readonly reason: "too_large" | "unavailable",
  ) {
    super(message);
    this.name = "MediaError";
  }
}

export interface Downloaded {
  bytes: Uint8Array;
  /** The server's Content-Type, when it sent one. */
  contentType?: string;
}

export async function downloadCapped(
  url: string,
  label: string,
  maxBytes: number,
  doFetch: typeof fetch = fetch,
): Promise<Downloaded> {
  let response: Response;
  try {
    response = await doFetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    const why = String(error).split(url).join(`<${label}>`);
    throw new MediaError(`${label}: download failed: ${why}`, "unavailable");
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new MediaError(`${label}: download failed with ${response.status}`, "unavailable");
  }
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(label, maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done || !value) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(label, maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  const contentType = response.headers.get("content-type") ?? undefined;
  return { bytes, ...(contentType ? { contentType } : {}) };
}

export function tooLarge(label: string, maxBytes: number): MediaError {
  return new MediaError(`${label} is larger than MEDIA_MAX_BYTES (${maxBytes} bytes)`, "too_large");
}
