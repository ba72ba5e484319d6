// A base URL that receives a secret (TELEGRAM_API_BASE gets TELEGRAM_BOT_TOKEN in its path,
// OPENAI_BASE_URL gets OPENAI_API_KEY in a header) is taken only from the place the secret
// came from: a character file that sets OPENAI_BASE_URL cannot send the operator's env key to
// its own host. The base set next to the secret is used instead (else the platform's default),
// and one warning per runtime says why. An operator can allow hosts anyway with
// SECRET_HOSTS_ALLOWED, read from the env and runtime settings only, never from the character.
import type { Logger } from "../logging/index.ts";
import type { SettingCandidate, SettingSource } from "./precedence.ts";

export interface SecretBaseUrl {
  /** The base URL setting: "TELEGRAM_API_BASE". */
  baseKey: string;
  /** The secret sent to it: "TELEGRAM_BOT_TOKEN". */
  secretKey: string;
  /** The platform's own base, used when no configured one may receive the secret. */
  fallback: string;
}

/** What the rule reads of a runtime: its settings, with where each came from. */
export interface SettingsWithSources {
  readonly logger: Logger;
  getSettingCandidates(key: string): SettingCandidate[];
  getSettingWithSource(key: string): { value: string; source: SettingSource } | undefined;
}

export const SECRET_HOSTS_SETTING = "SECRET_HOSTS_ALLOWED";
const warned = new WeakMap<SettingsWithSources, Set<string>>();

export function secretBaseUrl(runtime: SettingsWithSources, rule: SecretBaseUrl): string {
  const bases = runtime.getSettingCandidates(rule.baseKey).filter((b) => b.value.trim() !== "");
  const top = bases[0];
  if (!top) return rule.fallback;
  const secret = runtime.getSettingWithSource(rule.secretKey);
  if (!secret) return top.value;
  const trusted = (b: { value: string; source: string }) =>
    b.source === secret.source ||
    sameOrigin(b.value, rule.fallback) ||
    hostAllowed(runtime, b.value);
  if (trusted(top)) return top.value;
  const chosen = bases.find(trusted)?.value ?? rule.fallback;
  const seen = warned.get(runtime) ?? new Set<string>();
  warned.set(runtime, seen);
  if (!seen.has(rule.baseKey)) {
    seen.add(rule.baseKey);
    runtime.logger.warn(
      `${rule.baseKey} from the ${top.source} ignored: ${rule.secretKey} comes from the ${secret.source}, and a secret goes only to a base URL set in the same place or to a host in ${SECRET_HOSTS_SETTING}; using ${originOf(chosen)}`,
    );
  }
  return chosen;
}

/** SECRET_HOSTS_ALLOWED: comma-separated host names (or host:port), from env or runtime. */
function hostAllowed(runtime: SettingsWithSources, url: string): boolean {
  const setting = runtime
    .getSettingCandidates(SECRET_HOSTS_SETTING)
    .find((s) => s.source !== "character");
  if (!setting) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const allowed = setting.value
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return (
    allowed.includes(parsed.host.toLowerCase()) || allowed.includes(parsed.hostname.toLowerCase())
  );
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "the default";
  }
}
