// POST /webhooks/telegram: verify the secret, dedupe the update, record it in the inbox, answer
// 200 at once and run the turn in the background. Telegram retries any non-2xx, so only a
// storage outage (503: nothing was stored, the retry is accepted) or a misconfiguration asks for
// a retry; a bad update is refused, an unwanted one (or one over the message limits)
// acknowledged and dropped.
import { Hono } from "hono";
import * as z from "zod/mini";
import {
  ApiError,
  type AppEnv,
  acceptInBackground,
  readJson,
  runInBackground,
  setting,
} from "../../core/index.ts";
import { lazySchema } from "../../core/kernel/index.ts";
import { TELEGRAM_API_BASE } from "./api.ts";
import { receiveUpdate } from "./receive.ts";
import type { TelegramUpdate } from "./types.ts";
import { SECRET_HEADER, verifyTelegramSecret } from "./verify.ts";

const updateSchema = lazySchema(() => z.looseObject({ update_id: z.int().check(z.nonnegative()) }));

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
    const update = (await readJson(c, updateSchema())) as TelegramUpdate;
    const runtime = await options.getAgent(c);
    const received = await receiveUpdate(
      {
        runtime,
        api: { token, base: setting(env, "TELEGRAM_API_BASE") ?? TELEGRAM_API_BASE },
        username: setting(env, "TELEGRAM_BOT_USERNAME"),
        accept: (inbound) => acceptInBackground(c, runtime, inbound),
        background: (work) => runInBackground(c, work),
      },
      update,
    );
    // Stops the button's spinner in the same response, without a second API call.
    return c.json(
      received.callbackQueryId
        ? { method: "answerCallbackQuery", callback_query_id: received.callbackQueryId }
        : { ok: true },
    );
  });
  return routes;
}
