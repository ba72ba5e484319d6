// Where a setting comes from and in which order (runtime, character, env), elizaOS's names for
// ours, and which base URL may receive a secret.
export { ELIZAOS_SETTING_ALIASES, envSetting } from "./aliases.ts";
export {
  elizaSettingValue,
  type SettingCandidate,
  type SettingSource,
  type SettingValue,
  settingCandidates,
  topSetting,
  writeSetting,
} from "./precedence.ts";
export { SECRET_HOSTS_SETTING, type SecretBaseUrl, secretBaseUrl } from "./secret-base-url.ts";
