// Telegram proves an update is from Telegram by echoing setWebhook's secret_token in
// X-Telegram-Bot-Api-Secret-Token. Compared in constant time; a route without a configured
// secret is closed rather than open.
import { ApiError, secretMatches } from "../../core/index.ts";

export const SECRET_HEADER = "x-telegram-bot-api-secret-token";

/** Throws 401 (no secret configured or sent) or 403 (wrong secret); returns when it matches. */
export async function verifyTelegramSecret(
  given: string | undefined,
  expected: string | undefined,
): Promise<void> {
  if (!expected) {
    throw new ApiError(
      401,
      "unauthorized",
      "TELEGRAM_WEBHOOK_SECRET is not set; this route is closed",
    );
  }
  if (given === undefined || given === "") {
    throw new ApiError(401, "unauthorized", "Missing X-Telegram-Bot-Api-Secret-Token header");
  }
  if (!(await secretMatches(given, expected))) {
    throw new ApiError(403, "forbidden", "Invalid X-Telegram-Bot-Api-Secret-Token");
  }
}
