// Replies and reminders to Discord. While the interaction token lives (15 min) a reply
// completes the deferred "thinking…" message (PATCH @original) and further chunks or replies
// are follow-ups; after that, and for reminders, the bot posts to the channel with
// DISCORD_BOT_TOKEN. Content is cut at Discord's 2000 characters, and mentions in what the
// model wrote never ping anyone (allowed_mentions: none).
import {
  type AgentRuntime,
  type Content,
  deliveryProgressOf,
  type SendHandler,
  type SendTarget,
  secretBaseUrl,
} from "../../core/index.ts";
import { type DeliveryOptions, PlatformApiError } from "../deliver.ts";
import { choicesOf, imagesOf, linkButtonsOf } from "../reply-parts.ts";
import { sendChunks } from "../send-chunks.ts";
import { splitText } from "../split.ts";
import { callDiscord, DISCORD_API_BASE, type DiscordApi } from "./api.ts";
import { INTERACTION_TOKEN_MS } from "./parse.ts";
import { ButtonStyle, ComponentType } from "./types.ts";

export const DISCORD_MESSAGE_LIMIT = 2000;
/** A button's custom_id limit. */
const CUSTOM_ID_LIMIT = 100;
const NO_MENTIONS = { parse: [] };
// Discord's answers for a dead interaction token: Unknown Webhook, Invalid Webhook Token.
const DEAD_TOKEN_CODES = new Set([10015, 50027]);

export interface DiscordSendOptions {
  delivery?: DeliveryOptions;
}

export function discordSendHandler(options: DiscordSendOptions = {}): SendHandler {
  return async (runtime: AgentRuntime, target: SendTarget, content: Content) => {
    const text = typeof content.text === "string" ? content.text.trim() : "";
    const extras = messageExtras(content);
    if (!text && !extras.embeds) return;
    const base = discordApiBase(runtime);
    // A retry's wait is recorded on the reply's row (core's send-once): see deliver.ts.
    const delivery = { ...options.delivery, progress: deliveryProgressOf(content) };
    const hook = liveInteraction(runtime, target);
    let viaInteraction = hook !== undefined;
    const chunks = text ? splitText(text, DISCORD_MESSAGE_LIMIT) : [""];
    const scope = `discord:${String(target.channelId)}`;
    const result = await sendChunks(runtime, content, scope, chunks, async (chunk, index) => {
      // Buttons and images go with the last piece, under the end of the answer.
      const last = index === chunks.length - 1;
      // A reply to a channel message (the Gateway) quotes it; a deleted one costs nothing.
      const quote =
        index === 0 && !hook && typeof target.replyToMessageId === "string"
          ? {
              message_reference: { message_id: target.replyToMessageId, fail_if_not_exists: false },
            }
          : {};
      const body = {
        ...(chunk ? { content: chunk } : {}),
        allowed_mentions: NO_MENTIONS,
        ...(last ? extras : {}),
        ...quote,
      };
      if (hook && viaInteraction) {
        try {
          // Only the first piece of the first reply replaces "thinking…"; the claim makes
          // that hold across concurrent sends and a retried run.
          const original =
            index === 0 &&
            (await runtime.storage.claimOnce(
              `discord:original:${hook.applicationId}:${hook.interactionId}`,
              INTERACTION_TOKEN_MS,
              runtime.now(),
            ));
          const api: DiscordApi = { base, delivery };
          const path = `/webhooks/${hook.applicationId}/${hook.token}`;
          return original
            ? await callDiscord(api, "PATCH", `${path}/messages/@original`, body)
            : await callDiscord(api, "POST", path, body);
        } catch (error) {
          if (!(isDeadToken(error) && runtime.getSettingString("DISCORD_BOT_TOKEN"))) throw error;
          runtime.logger.warn("discord interaction token no longer valid; posting to the channel");
          viaInteraction = false;
        }
      }
      return postToChannel(runtime, target, body, base, delivery);
    });
    if (result.unknown > 0) {
      runtime.logger.warn("discord send timed out; not resent, it may have arrived", {
        channelId: String(target.channelId),
      });
    }
  };
}

/**
 * Choices as buttons (custom_id = the value, which a press sends back), elizaOS link buttons as
 * link buttons, five to a row; images as embeds.
 */
export function messageExtras(content: Content): { components?: unknown[]; embeds?: unknown[] } {
  const buttons = [
    ...choicesOf(content).map((c) => ({
      type: ComponentType.BUTTON,
      style: ButtonStyle.PRIMARY,
      label: c.label.slice(0, 80),
      custom_id: c.value.length <= CUSTOM_ID_LIMIT ? c.value : c.label.slice(0, CUSTOM_ID_LIMIT),
    })),
    ...linkButtonsOf(content).map((b) => ({
      type: ComponentType.BUTTON,
      style: ButtonStyle.LINK,
      label: b.label.slice(0, 80),
      url: b.url,
    })),
  ];
  const rows = [];
  for (let i = 0; i < buttons.length && rows.length < 5; i += 5) {
    rows.push({ type: ComponentType.ACTION_ROW, components: buttons.slice(i, i + 5) });
  }
  const images = imagesOf(content).slice(0, 10);
  return {
    ...(rows.length ? { components: rows } : {}),
    ...(images.length
      ? {
          embeds: images.map((m) => ({
            image: { url: m.url },
            ...(m.title ? { title: m.title.slice(0, 256) } : {}),
          })),
        }
      : {}),
  };
}

/** Removes the "thinking…" message when the agent chose to say nothing. */
export async function clearDeferred(
  runtime: AgentRuntime,
  target: SendTarget,
  options: DiscordSendOptions = {},
): Promise<void> {
  const hook = liveInteraction(runtime, target);
  if (!hook) return;
  const key = `discord:original:${hook.applicationId}:${hook.interactionId}`;
  if (!(await runtime.storage.claimOnce(key, INTERACTION_TOKEN_MS, runtime.now()))) return;
  const base = discordApiBase(runtime);
  await callDiscord(
    { base, delivery: options.delivery },
    "DELETE",
    `/webhooks/${hook.applicationId}/${hook.token}/messages/@original`,
  );
}

function liveInteraction(runtime: AgentRuntime, target: SendTarget) {
  const { applicationId, interactionId, interactionToken, interactionExpiresAt } = target;
  if (
    typeof applicationId !== "string" ||
    typeof interactionId !== "string" ||
    typeof interactionToken !== "string" ||
    typeof interactionExpiresAt !== "number" ||
    runtime.now() >= interactionExpiresAt
  ) {
    return undefined;
  }
  return { applicationId, interactionId, token: interactionToken };
}

function postToChannel(
  runtime: AgentRuntime,
  target: SendTarget,
  body: unknown,
  base: string,
  delivery: DeliveryOptions | undefined,
) {
  const botToken = runtime.getSettingString("DISCORD_BOT_TOKEN");
  if (!botToken) {
    throw new Error(
      "DISCORD_BOT_TOKEN is not set; cannot post to a Discord channel after the interaction ended",
    );
  }
  if (typeof target.channelId !== "string" || !/^\d+$/.test(target.channelId)) {
    throw new Error("discord send target has no channelId");
  }
  return callDiscord(
    { base, botToken, delivery },
    "POST",
    `/channels/${target.channelId}/messages`,
    body,
  );
}

function isDeadToken(error: unknown): boolean {
  if (!(error instanceof PlatformApiError)) return false;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return (error.status === 401 || error.status === 404) && DEAD_TOKEN_CODES.has(Number(code));
}

/**
 * DISCORD_API_BASE receives DISCORD_BOT_TOKEN (channel posts) and interaction tokens, so it
 * comes from where the bot token came from (see secret-base-url.ts).
 */
export function discordApiBase(runtime: AgentRuntime): string {
  return secretBaseUrl(runtime, {
    baseKey: "DISCORD_API_BASE",
    secretKey: "DISCORD_BOT_TOKEN",
    fallback: DISCORD_API_BASE,
  });
}
