// TODO describe core/kernel/encoding
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
