// What every provider's IMAGE_DESCRIPTION shares: elizaOS's params (`{imageUrl, prompt?}` or
// the URL itself) and its answer, `{title, description}`, read from whatever the model wrote.

import { type ImageDescriptionParams, ModelError } from "../../kernel/index.ts";
import { tryParseJson } from "./json-answer.ts";

export interface ImageDescription {
  title: string;
  description: string;
}

export const DEFAULT_IMAGE_PROMPT =
  'Describe this image. Answer with a JSON object: {"title": a short title, ' +
  '"description": a detailed description}.';
const TITLE_LINE = /^\s*\**title\**\s*[:\-–]\s*(.+)$/im;

/**
 * The image URL and prompt. Only http(s) and data:image/ URLs: a serverless function has no
 * local files to read, and a path would otherwise reach the provider as a broken URL.
 */
export function readImageParams(
  providerId: string,
  params: unknown,
): { imageUrl: string; prompt: string } {
  const p = typeof params === "string" ? { imageUrl: params } : (params as ImageDescriptionParams);
  const imageUrl = typeof p?.imageUrl === "string" ? p.imageUrl.trim() : "";
  if (!/^(https?:\/\/|data:image\/)/i.test(imageUrl)) {
    throw new ModelError(
      providerId,
      "IMAGE_DESCRIPTION needs imageUrl as an http(s) or data:image/ URL (or the URL as the params)",
    );
  }
  const prompt = typeof p.prompt === "string" && p.prompt.trim() ? p.prompt : DEFAULT_IMAGE_PROMPT;
  return { imageUrl, prompt };
}

/** {title, description} from JSON when the model sent it, else a "Title:" line, else the text. */
export function readImageDescription(text: string): ImageDescription {
  const json = tryParseJson(text) as Partial<Record<string, unknown>> | undefined;
  if (json && typeof json.description === "string") {
    return {
      title: typeof json.title === "string" && json.title ? json.title : "Image",
      description: json.description,
    };
  }
  // Markdown bold around the label ("**Title:** x") leaves asterisks in the capture.
  const title = TITLE_LINE.exec(text)?.[1]?.replace(/\*/g, "").trim();
  if (title) {
    return { title, description: text.replace(TITLE_LINE, "").trim() };
  }
  return { title: "Image", description: text.trim() };
}
