// Files in a Telegram message as elizaOS attachments (Media), and reading them: getFile names
// the file's path, then it is downloaded from {base}/file/bot<token>/<path>. That URL holds the
// bot token, so it is never stored: an attachment's `url` is `telegram:file/<file_id>`, and the
// file is fetched again by id when it is read.
import {
  type AgentRuntime,
  downloadCapped,
  type Media,
  MediaError,
  type MediaFetcher,
  secretBaseUrl,
} from "../../core/index.ts";
import type { DeliveryOptions } from "../deliver.ts";
import { callTelegram, TELEGRAM_API_BASE } from "./api.ts";
import type { TelegramFile, TelegramMessage, TelegramResult } from "./types.ts";

export function attachmentsOf(message: TelegramMessage): Media[] {
  const out: Media[] = [];
  const add = (file: TelegramFile | undefined, kind: string, extra: Partial<Media> = {}) => {
    if (!file || typeof file.file_id !== "string") return;
    out.push({
      id: file.file_unique_id ?? file.file_id,
      url: `telegram:file/${file.file_id}`,
      contentType: kind,
      source: "telegram",
      fileId: file.file_id,
      ...(typeof file.file_size === "number" ? { size: file.file_size } : {}),
      ...(file.mime_type ? { mimeType: file.mime_type } : {}),
      ...(file.file_name ? { title: file.file_name } : {}),
      ...extra,
    });
  };
  // Telegram sends a photo in several sizes, smallest first: the largest is the one to read.
  if (Array.isArray(message.photo) && message.photo.length) {
    add(message.photo[message.photo.length - 1], "image", { mimeType: "image/jpeg" });
  }
  const doc = message.document;
  add(doc, doc?.mime_type?.startsWith("image/") ? "image" : "document");
  add(message.voice, "audio", { voice: true, mimeType: message.voice?.mime_type ?? "audio/ogg" });
  add(message.audio, "audio");
  add(message.video, "video");
  add(message.video_note, "video", { mimeType: "video/mp4" });
  return out;
}

export function telegramMediaFetcher(delivery?: DeliveryOptions): MediaFetcher {
  return async (runtime: AgentRuntime, media: Media, maxBytes: number) => {
    const fileId = typeof media.fileId === "string" ? media.fileId : undefined;
    const token = runtime.getSettingString("TELEGRAM_BOT_TOKEN");
    if (!fileId || !token) throw new MediaError("telegram file: nothing to fetch", "unavailable");
    if (typeof media.size === "number" && media.size > maxBytes) {
      throw new MediaError(
        `telegram file is larger than MEDIA_MAX_BYTES (${maxBytes} bytes)`,
        "too_large",
      );
    }
    const base = secretBaseUrl(runtime, {
      baseKey: "TELEGRAM_API_BASE",
      secretKey: "TELEGRAM_BOT_TOKEN",
      fallback: TELEGRAM_API_BASE,
    }).replace(/\/+$/, "");
    const info = await callTelegram({ token, base, delivery }, "getFile", { file_id: fileId });
    const path =
      info.outcome === "sent"
        ? (info.body as TelegramResult<{ file_path?: string }>).result?.file_path
        : undefined;
    if (!path) throw new MediaError("telegram getFile gave no file path", "unavailable");
    return downloadCapped(
      `${base}/file/bot${token}/${path}`,
      "telegram file",
      maxBytes,
      delivery?.fetch,
    );
  };
}
