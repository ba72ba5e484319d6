// The settings every HTTP model provider reads the same way: a trimmed string, a positive
// whole number, a base URL that is checked before it is used.
import { ModelError, secretBaseUrl } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";

/** A setting as a trimmed string; empty values count as unset (`KEY=` in a .env file). */
export function readSetting(runtime: IAgentRuntime, key: string): string | undefined {
  const value = runtime.getSettingString(key)?.trim();
  if (value === undefined) return undefined;
  return value === "" ? undefined : value;
}

/** A setting that must be a positive whole number when present. */
export function readPositiveInt(
  runtime: IAgentRuntime,
  providerId: string,
  key: string,
): number | undefined {
  const value = readSetting(runtime, key);
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number <= 0) {
    throw new ModelError(providerId, `${key} must be a positive whole number, got "${value}"`);
  }
  return number;
}

/**
 * A base URL setting, validated, without trailing slashes so paths can be appended. With
 * `secretKey`, the base must come from where that secret came from (see secret-base-url.ts).
 */
export function readBaseUrl(
  runtime: IAgentRuntime,
  providerId: string,
  key: string,
  fallback: string,
  secretKey?: string,
): string {
  const configured = secretKey
    ? secretBaseUrl(runtime, { baseKey: key, secretKey, fallback }).trim()
    : readSetting(runtime, key);
  const value = configured || fallback;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ModelError(providerId, `${key} is not a valid URL: "${value}"`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new ModelError(providerId, `${key} must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, "");
}
