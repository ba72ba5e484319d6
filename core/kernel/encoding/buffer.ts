// elizaOS's BufferUtils over Uint8Array, which every runtime has (Node's Buffer is one).
export type BufferLike = Uint8Array;

export function fromHex(hex: string): Uint8Array {
  const clean = hex.replace(/[^0-9a-fA-F]/g, "");
  const out = new Uint8Array(Math.floor(clean.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function toHex(buffer: Uint8Array): string {
  return Array.from(buffer, (b) => b.toString(16).padStart(2, "0")).join("");
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function fromString(
  text: string,
  encoding: "utf8" | "utf-8" | "base64" | "hex" = "utf8",
): Uint8Array {
  if (encoding === "hex") return fromHex(text);
  if (encoding === "base64") return fromBase64(text);
  return new TextEncoder().encode(text);
}

function bufferToString(
  buffer: Uint8Array,
  encoding: "utf8" | "utf-8" | "base64" | "hex" = "utf8",
): string {
  if (encoding === "hex") return toHex(buffer);
  if (encoding === "base64") return toBase64(buffer);
  return new TextDecoder().decode(buffer);
}

/** elizaOS's isBuffer: bytes in a Uint8Array (Node's Buffer is one) or an ArrayBuffer. */
export function isBuffer(value: unknown): value is Uint8Array | ArrayBuffer {
  return value instanceof Uint8Array || value instanceof ArrayBuffer;
}

export function alloc(size: number): Uint8Array {
  return new Uint8Array(size);
}

export function fromBytes(bytes: number[] | Uint8Array): Uint8Array {
  return Uint8Array.from(bytes);
}

export function concat(buffers: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(buffers.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of buffers) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

export function slice(buffer: Uint8Array, start: number, end?: number): Uint8Array {
  return buffer.slice(start, end);
}

export function equals(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function byteLength(buffer: Uint8Array): number {
  return buffer.byteLength;
}

export function randomBytes(size: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(size));
}

export const BufferUtils = {
  fromHex,
  fromString,
  fromBytes,
  toHex,
  toString: bufferToString,
  isBuffer,
  alloc,
  concat,
  slice,
  equals,
  byteLength,
  randomBytes,
};

// Named toString in elizaOS; declared under another name so it does not shadow the global.
export { bufferToString as toString };
