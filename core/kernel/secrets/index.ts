// TODO describe core/kernel/secrets
export {
  DEFAULT_SECRET_SALT,
  holdsEncrypted,
  loadSecretCipher,
  looksEncrypted,
  provideSecretCipher,
  secretCipher,
} from "./secret-cipher.ts";
export {
  hasPlainSecrets,
  hasSecrets,
  openCharacterSecrets,
  sealCharacterSecrets,
} from "./stored-character.ts";
