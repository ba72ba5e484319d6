// elizaOS's processAttachments for eliza-edge: what came with a message is read before the
// message is stored, so the model (and every later turn) sees it as words. Images are
// described with IMAGE_DESCRIPTION and voice notes, audio and round videos transcribed with
// TRANSCRIPTION when a model offers them; plain-text documents are read as they are. Files
// come through the source's fetcher (fetchers.ts), size-capped (MEDIA_MAX_BYTES). Nothing
// here fails the turn: an attachment that cannot be read says so in its description.

import type { Media, Memory } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { MediaError } from "./download.ts";
import { mediaFetcher } from "./fetchers.ts";

/** Telegram's own download cap for bots; Discord's free upload limit is below it. */
export const DEFAULT_MEDIA_MAX_BYTES = 20 * 1024 * 1024;
const MAX_DOCUMENT_CHARS = 20_000;
const TEXT_TYPES = /^(?:text\/|application\/(?:json|xml|x-yaml|yaml|csv))/i;

export function mediaMaxBytes(runtime: IAgentRuntime): number {
  const value = runtime.getSettingString("MEDIA_MAX_BYTES")?.trim();
  return value && /^\d+$/.test(value) && Number(value) > 0
    ? Number(value)
    : DEFAULT_MEDIA_MAX_BYTES;
}

export async function processAttachments(
  runtime: IAgentRuntime,
  message: Memory,
): Promise<Media[]> {
  const list = Array.isArray(message.content.attachments) ? message.content.attachments : [];
  const fetcher = mediaFetcher(runtime, message.content.source);
  if (!fetcher || !list.length) return list;
  const maxBytes = mediaMaxBytes(runtime);
  const out: Media[] = [];
  for (const media of list) {
    out.push(await processOne(runtime, media, (m) => fetcher(runtime, m, maxBytes)));
  }
  return out;
}

async function processOne(
  runtime: IAgentRuntime,
  media: Media,
  fetchBytes: (media: Media) => Promise<{ bytes: Uint8Array; contentType?: string }>,
): Promise<Media> {
  if (media.read !== undefined) return media; // done by an earlier run
  const kind = media.contentType;
  const mime = typeof media.mimeType === "string" ? media.mimeType : "";
  const isImage = kind === "image";
  const isSound = kind === "audio" || kind === "video";
  const isText = kind === "document" && TEXT_TYPES.test(mime);
  const model = isImage ? "IMAGE_DESCRIPTION" : isSound ? "TRANSCRIPTION" : undefined;
  if (model && !runtime.getModel(model)) {
    return { ...media, read: false, description: `${label(media)} (not read: no ${model} model)` };
  }
  if (!model && !isText) {
    return { ...media, read: false, description: `${label(media)} (not read: not a text file)` };
  }
  try {
    const file = await fetchBytes(media);
    const type = mime || file.contentType || "application/octet-stream";
    if (isImage) {
      const dataUrl = `data:${type.startsWith("image/") ? type : "image/jpeg"};base64,${base64(file.bytes)}`;
      const answer = await runtime.useModel<{ title?: string; description?: string } | string>(
        "IMAGE_DESCRIPTION",
        { imageUrl: dataUrl },
      );
      const description =
        typeof answer === "string" ? answer : String(answer?.description ?? "").trim();
      const title = typeof answer === "string" ? undefined : answer?.title;
      return {
        ...media,
        read: true,
        title: title || media.title || "Image",
        description,
        text: description,
      };
    }
    if (isSound) {
      const text = String(
        (await runtime.useModel<string>("TRANSCRIPTION", file.bytes)) ?? "",
      ).trim();
      return { ...media, read: true, description: `${label(media)}, transcribed`, text };
    }
    const text = new TextDecoder().decode(file.bytes).slice(0, MAX_DOCUMENT_CHARS);
    return { ...media, read: true, text };
  } catch (error) {
    const why =
      error instanceof MediaError && error.reason === "too_large"
        ? "too large to read"
        : "could not be read";
    runtime.logger.warn(`attachment ${why}`, {
      kind,
      error: error instanceof Error ? error.message : String(error),
    });
    return { ...media, read: false, description: `${label(media)} (${why})` };
  }
}

/** "a photo", "a voice message": how the agent names what it was sent. */
export function label(media: Media): string {
  if (media.contentType === "image") return "a photo";
  if (media.contentType === "audio") return media.voice ? "a voice message" : "an audio file";
  if (media.contentType === "video") return "a video";
  return media.title ? `the file ${media.title}` : "a file";
}

/** Attachments only, and none of them read: the agent has nothing to answer. */
export function nothingReadable(message: Memory): Media[] | undefined {
  const text = typeof message.content.text === "string" ? message.content.text.trim() : "";
  const list = Array.isArray(message.content.attachments) ? message.content.attachments : [];
  return !text && list.length && list.every((m) => m.read !== true) ? list : undefined;
}

/** One polite sentence for a message the agent could not read at all. */
export function textOnlyReply(attachments: Media[]): string {
  const what = [...new Set(attachments.map(label))].join(" and ");
  return `Sorry, I can only read text here, so I couldn't take in ${what}. Could you tell me in words?`;
}

/** How an attachment reads in the conversation the model sees. */
export function attachmentLine(media: Media): string {
  const body = media.read && media.text ? media.text : (media.description ?? label(media));
  const name = media.contentType === "image" ? "photo" : (media.contentType ?? "file");
  return `[${name}: ${String(body).slice(0, 2000)}]`;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
