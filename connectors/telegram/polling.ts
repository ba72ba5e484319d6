// Telegram long polling (getUpdates) for a long-lived process: a bot that works on a laptop
// with no public URL. Updates go through the same door as the webhook's (receive.ts: parse,
// limits, the durable inbox, dedupe by update_id), and the offset that confirms an update to
// Telegram moves past it only once it is recorded: a crash between receiving and recording
// gets it again from Telegram, and one after recording finds it already in the inbox, so it is
// answered once either way. Telegram refuses getUpdates while a webhook is set; in "auto"
// mode that stops polling with a message saying what to do, in "polling" mode the webhook is
// deleted first (pending updates kept).
import { type AgentRuntime, describeError, wellFormedDeep } from "../../core/index.ts";
import { acceptWithLimits } from "../../core/pipeline/index.ts";
import { callApi, type DeliveryOptions, PlatformApiError } from "../deliver.ts";
import { callTelegram, type TelegramApi, telegramCall } from "./api.ts";
import { setBotCommands } from "./commands.ts";
import { receiveUpdate } from "./receive.ts";
import type { TelegramResult, TelegramUpdate } from "./types.ts";

export const DEFAULT_POLL_TIMEOUT_S = 30;
export const POLLED_UPDATES = ["message", "edited_message", "channel_post", "callback_query"];
const MAX_BACKOFF_MS = 30_000;

export interface TelegramPollingOptions {
  runtime: AgentRuntime;
  api: TelegramApi;
  username?: string;
  /** "polling": delete a webhook that is set; "auto": leave it and do not poll. */
  mode: "polling" | "auto";
  /** getUpdates' long-poll timeout, seconds; default 30. */
  timeoutSeconds?: number;
  /** Turns run after their update is recorded; the caller tracks them (shutdown waits). */
  background(work: Promise<unknown>): void;
}

export interface TelegramPoller {
  /** Why polling ended, once it has: "stopped", or what made it give up. */
  readonly done: Promise<string>;
  /** Ends the long poll in flight and the loop; resolves once both have. */
  stop(): Promise<void>;
}

export function startTelegramPolling(options: TelegramPollingOptions): TelegramPoller {
  const abort = new AbortController();
  const done = poll(options, abort.signal).catch((error) => {
    options.runtime.logger.error(`telegram polling stopped: ${describeError(error)}`);
    return "failed";
  });
  return {
    done,
    async stop() {
      abort.abort();
      await done;
    },
  };
}

async function poll(options: TelegramPollingOptions, signal: AbortSignal): Promise<string> {
  const { runtime } = options;
  const log = runtime.logger;
  const timeout = options.timeoutSeconds ?? DEFAULT_POLL_TIMEOUT_S;
  const delivery: DeliveryOptions = { ...options.api.delivery, signal };
  const api: TelegramApi = { ...options.api, delivery };
  const sleep = (ms: number) => abortableSleep(ms, signal);
  let backoff = 0;
  const pause = async (why: string) => {
    backoff = Math.min(MAX_BACKOFF_MS, backoff ? backoff * 2 : 1000);
    log.warn(`telegram polling: ${why}; trying again in ${backoff / 1000} s`);
    await sleep(backoff);
  };

  // A webhook and getUpdates exclude each other.
  for (;;) {
    if (signal.aborted) return "stopped";
    try {
      const hook = await webhookUrl(api);
      if (hook === undefined) continue; // timed out: ask again
      if (hook) {
        if (options.mode !== "polling") {
          log.error(
            `telegram: a webhook is set (${hook}), so Telegram gives no updates to long polling. ` +
              "Delete it (npm run telegram:set-webhook -- --delete), or set TELEGRAM_MODE=polling " +
              "to delete it at start, or serve it (TELEGRAM_MODE=webhook and TELEGRAM_WEBHOOK_SECRET).",
          );
          return "webhook set";
        }
        await callTelegram(api, "deleteWebhook", { drop_pending_updates: false });
        log.info(
          `telegram: deleted the webhook ${hook} (TELEGRAM_MODE=polling); pending updates kept`,
        );
      }
      break;
    } catch (error) {
      if (fatal(error)) return giveUp(runtime, error);
      await pause(describeError(error));
    }
  }
  log.info("telegram: long polling for updates (no webhook needed)");
  // The command menu, as telegram:set-webhook sets it for a deployed bot; best effort.
  await setBotCommands(api).catch((error) =>
    log.warn(`telegram: could not set the command menu: ${describeError(error)}`),
  );

  let offset: number | undefined;
  while (!signal.aborted) {
    let updates: TelegramUpdate[];
    try {
      const result = await callApi(
        telegramCall(api, "getUpdates", {
          ...(offset === undefined ? {} : { offset }),
          timeout,
          allowed_updates: POLLED_UPDATES,
        }),
        { ...delivery, timeoutMs: (timeout + 10) * 1000 },
      );
      if (result.outcome !== "sent") continue; // the long poll timed out, or we are stopping
      const body = (result.body as TelegramResult<unknown>).result;
      updates = Array.isArray(body) ? (body as TelegramUpdate[]) : [];
    } catch (error) {
      if (signal.aborted) break;
      if (fatal(error)) return giveUp(runtime, error);
      await pause(describeError(error));
      continue;
    }
    backoff = 0;
    for (const raw of updates.sort((a, b) => Number(a?.update_id) - Number(b?.update_id))) {
      const id = raw?.update_id;
      if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 0) continue;
      try {
        const received = await receiveUpdate(
          {
            runtime,
            api: options.api,
            username: options.username,
            accept: async (inbound) => {
              const acceptance = await acceptWithLimits(runtime, inbound);
              if (acceptance.accepted && acceptance.process) {
                options.background(acceptance.process());
              }
              return acceptance;
            },
            background: options.background,
          },
          wellFormedDeep(raw) as TelegramUpdate,
        );
        if (received.callbackQueryId) {
          const answer = { callback_query_id: received.callbackQueryId };
          options.background(callTelegram(options.api, "answerCallbackQuery", answer));
        }
      } catch (error) {
        // Not recorded (storage down): the offset stays, so Telegram gives it to us again.
        await pause(`update ${id} not recorded: ${describeError(error)}`);
        break;
      }
      offset = id + 1;
    }
  }
  return "stopped";
}

/** The webhook URL ("" for none), or undefined when Telegram did not answer in time. */
async function webhookUrl(api: TelegramApi): Promise<string | undefined> {
  const info = await callTelegram(api, "getWebhookInfo", {});
  if (info.outcome !== "sent") return undefined;
  const url = (info.body as TelegramResult<{ url?: string }>).result?.url;
  return typeof url === "string" ? url : "";
}

/** A refusal no retry fixes: a wrong token, or a webhook set while we poll. */
function fatal(error: unknown): boolean {
  if (!(error instanceof PlatformApiError)) return false;
  if (error.status === 401 || error.status === 404) return true;
  const description = (error.body as TelegramResult | undefined)?.description ?? "";
  return error.status === 409 && /webhook/i.test(description);
}

function giveUp(runtime: AgentRuntime, error: unknown): string {
  const status = (error as PlatformApiError).status;
  runtime.logger.error(
    status === 409
      ? "telegram polling stopped: a webhook was set meanwhile; Telegram sends updates there now"
      : `telegram polling stopped: Telegram refused TELEGRAM_BOT_TOKEN (${describeError(error)})`,
  );
  return status === 409 ? "webhook set" : "token refused";
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}
