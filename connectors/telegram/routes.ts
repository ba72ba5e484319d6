// POST /webhooks/telegram: verify the secret, dedupe the update, record it in the inbox, answer
// 200 at once and run the turn in the background. Telegram retries any non-2xx, so only a
// storage outage (503: nothing was stored, the retry is accepted) or a misconfiguration asks for
// a retry; a bad update is refused, an unwanted one (or one over the message limits)
// acknowledged and dropped.
import { Hono } from "hono";
import * as z from "zod";
import {
  ApiError,
  type AppEnv,
  acceptInBackground,
  ChannelType,
  rateLimitRefusal,
  readJson,
  runInBackground,
  setting,
} from "../../core/index.ts";
import { botIdOf, botKey, botUsername, TELEGRAM_API_BASE } from "./api.ts";
import { needsUsername, parseUpdate } from "./parse.ts";
import type { TelegramUpdate } from "./types.ts";
import { SECRET_HEADER, verifyTelegramSecret } from "./verify.ts";

const updateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });

export function telegramRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post("/", async (c) => {
    const options = c.get("options");
    const env = options.env(c);
    await verifyTelegramSecret(
      c.req.header(SECRET_HEADER),
      setting(env, "TELEGRAM_WEBHOOK_SECRET"),
    );
    const token = setting(env, "TELEGRAM_BOT_TOKEN");
    if (!token) {
      // Telegram keeps the update for 24 h and retries: a fixed configuration loses nothing.
      throw new ApiError(503, "not_configured", "TELEGRAM_BOT_TOKEN is not set");
    }
    const update = (await readJson(c, updateSchema)) as TelegramUpdate;
    const api = { token, base: setting(env, "TELEGRAM_API_BASE") ?? TELEGRAM_API_BASE };
    const bot = {
      key: await botKey(token),
      id: botIdOf(token),
      username: needsUsername(update)
        ? await botUsername(api, setting(env, "TELEGRAM_BOT_USERNAME"))
        : undefined,
    };
    const runtime = await options.getAgent(c);
    const parsed = parseUpdate(runtime, update, bot);
    // Stops the button's spinner in the same response, without a second API call.
    const ack =
      "callbackQueryId" in parsed && parsed.callbackQueryId
        ? { method: "answerCallbackQuery", callback_query_id: parsed.callbackQueryId }
        : { ok: true };
    if (parsed.kind === "malformed") {
      // One line, naming the field only: the update's text never reaches the log.
      runtime.logger.warn("telegram update malformed; dropped", {
        updateId: update.update_id,
        reason: parsed.reason,
      });
      return c.json(ack);
    }
    if (parsed.kind === "ignore") {
      runtime.logger.debug("telegram update ignored", {
        updateId: update.update_id,
        reason: parsed.reason,
      });
      return c.json(ack);
    }
    const acceptance = await acceptInBackground(c, runtime, parsed.inbound);
    // Over the limit: acknowledged (a non-2xx would be redelivered) and dropped. A message the
    // agent would have answered hears why, once a minute, rather than silence.
    if (!acceptance.accepted && acceptance.reason === "rate_limited") {
      const { message } = parsed.inbound;
      const addressed =
        message.content.channelType === ChannelType.DM ||
        message.content.mentionsAgent === true ||
        message.content.isReplyToAgent === true;
      if (
        addressed &&
        (await runtime.messageLimiter.claimNotice(message, acceptance.verdict, runtime.now()))
      ) {
        const refusal = { text: rateLimitRefusal(acceptance.verdict), source: "telegram" };
        runInBackground(c, runtime.sendMessageToTarget(parsed.inbound.target, refusal));
      }
    }
    return c.json(ack);
  });
  return routes;
}
