// Secrets at rest: elizaOS's encrypted settings (their cipher loads lazily from
// ../cbc-cipher), eliza-edge's own AES-GCM for stored characters.

export { deploymentSalt, setDeploymentSalt } from "./deployment-salt.ts";
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
