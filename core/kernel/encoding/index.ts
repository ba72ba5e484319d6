// Bytes and hex over Uint8Array (elizaOS's BufferUtils), and what an encrypted value looks like.
export {
  alloc,
  type BufferLike,
  BufferUtils,
  byteLength,
  concat,
  equals,
  fromBytes,
  fromHex,
  fromString,
  isBuffer,
  randomBytes,
  slice,
  toHex,
  toString,
} from "./buffer.ts";
export { looksEncrypted } from "./encrypted-form.ts";
