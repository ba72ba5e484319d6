// What a reply carries besides its text, read once for every platform: pressable choices
// (content.choices), elizaOS's link buttons (content.buttons) and images to show
// (content.attachments whose contentType is image, or whose URL names an image file).
import type { Choice, Content, Media } from "../core/index.ts";

export interface ChoiceButton {
  label: string;
  value: string;
}

export interface LinkButton {
  label: string;
  url: string;
}

/** Most choices one reply offers: Telegram and Discord both fit this in a few rows. */
export const MAX_CHOICES = 10;
const MAX_LABEL_CHARS = 64;
const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp)(?:[?#]|$)/i;

export function choicesOf(content: Content): ChoiceButton[] {
  const list = Array.isArray(content.choices) ? content.choices : [];
  const out: ChoiceButton[] = [];
  for (const item of list) {
    const choice: Choice | undefined =
      typeof item === "string" ? { label: item } : (item as Choice | undefined);
    const label = typeof choice?.label === "string" ? choice.label.trim() : "";
    if (!label) continue;
    const value = typeof choice?.value === "string" && choice.value.trim() ? choice.value : label;
    out.push({ label: label.slice(0, MAX_LABEL_CHARS), value });
    if (out.length === MAX_CHOICES) break;
  }
  return out;
}

export function linkButtonsOf(content: Content): LinkButton[] {
  const list = Array.isArray(content.buttons) ? content.buttons : [];
  return list
    .filter((b) => typeof b?.text === "string" && b.text && isHttpUrl(b.url))
    .slice(0, MAX_CHOICES)
    .map((b) => ({ label: b.text.slice(0, MAX_LABEL_CHARS), url: b.url }));
}

/** Images a reply shows, by http(s) URL. */
export function imagesOf(content: Content): Media[] {
  const list = Array.isArray(content.attachments) ? content.attachments : [];
  return list.filter(
    (a) =>
      !!a &&
      isHttpUrl(a.url) &&
      (a.contentType === "image" ||
        (typeof a.contentType === "string" && a.contentType.startsWith("image/")) ||
        (a.contentType === undefined && IMAGE_FILE.test(a.url))),
  );
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
