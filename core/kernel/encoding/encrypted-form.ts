// What an elizaOS-encrypted value looks like, apart from the cipher that reads it: settings
// check the form cheaply and load the cipher (kernel/cbc-cipher/) only when a value has it.

/** "<32 hex digits>:<anything>": the shape elizaOS's encryptStringValue produces. */
export function looksEncrypted(value: string): boolean {
  const parts = value.split(":");
  return parts.length === 2 && /^[0-9a-fA-F]{32}$/.test(parts[0] ?? "");
}
