// elizaOS's AES-256-CBC secret cipher, apart from kernel/index.ts: its module builds AES tables
// when it loads, so only what needs it loads it (secrets/secret-cipher.ts imports it lazily,
// for a setting that holds an encrypted value; the elizaOS compat entry imports it outright).
export { decryptStringValue, encryptStringValue } from "./cbc-cipher.ts";
