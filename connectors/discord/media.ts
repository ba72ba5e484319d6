// Files given to /ask's `file` option as elizaOS attachments (Media), and reading them from
// the attachment's CDN URL (signed by Discord, valid for a while; it comes in the verified
// interaction, so it is the only URL fetched here).
import { downloadCapped, type Media, MediaError, type MediaFetcher } from "../../core/index.ts";
import type { DeliveryOptions } from "../deliver.ts";
import { isHttpUrl } from "../reply-parts.ts";
import type { DiscordAttachment, Interaction } from "./types.ts";

const ATTACHMENT_OPTION = 11;

export function attachmentsOf(interaction: Interaction): Media[] {
  const resolved = interaction.data?.resolved?.attachments;
  if (!resolved || typeof resolved !== "object") return [];
  const ids = (Array.isArray(interaction.data?.options) ? interaction.data.options : [])
    .filter((o) => o?.type === ATTACHMENT_OPTION && typeof o.value === "string")
    .map((o) => String(o.value));
  return ids.flatMap((id) => {
    const file = (resolved as Record<string, DiscordAttachment>)[id];
    return file ? mediaOf({ ...file, id }) : [];
  });
}

/** One Discord attachment object (an interaction's resolved file, a message's attachment). */
export function mediaOf(file: DiscordAttachment): Media[] {
  if (!file || typeof file.id !== "string" || !isHttpUrl(file.url)) return [];
  const mime = typeof file.content_type === "string" ? file.content_type : "";
  return [
    {
      id: file.id,
      url: file.url,
      contentType: mime.startsWith("image/")
        ? "image"
        : mime.startsWith("audio/")
          ? "audio"
          : mime.startsWith("video/")
            ? "video"
            : "document",
      source: "discord",
      ...(typeof file.filename === "string" ? { title: file.filename } : {}),
      ...(mime ? { mimeType: mime } : {}),
      ...(typeof file.size === "number" ? { size: file.size } : {}),
      // Discord marks voice messages with a waveform; a file named voice-message.ogg is one.
      ...(file.filename === "voice-message.ogg" ? { voice: true } : {}),
    },
  ];
}

export function discordMediaFetcher(delivery?: DeliveryOptions): MediaFetcher {
  return async (_runtime, media, maxBytes) => {
    if (typeof media.size === "number" && media.size > maxBytes) {
      throw new MediaError(
        `discord attachment is larger than MEDIA_MAX_BYTES (${maxBytes} bytes)`,
        "too_large",
      );
    }
    if (!isHttpUrl(media.url)) throw new MediaError("discord attachment has no URL", "unavailable");
    return downloadCapped(media.url, "discord attachment", maxBytes, delivery?.fetch);
  };
}
