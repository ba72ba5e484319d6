// IMAGE_DESCRIPTION over an OpenAI-compatible server: one vision message (the prompt and an
// image_url part) to OPENAI_IMAGE_DESCRIPTION_MODEL (default the small chat model; on Ollama a
// vision model such as llava). Answers elizaOS's {title, description}.
import type { AgentRuntime } from "../runtime/agent-runtime.ts";
import type { HttpModelOptions } from "./http.ts";
import { readPositiveInt, readSetting } from "./http.ts";
import { tryParseJson } from "./json-answer.ts";
import { chatText, OPENAI_ID } from "./openai-chat.ts";
import type { ImageDescriptionParams } from "./params.ts";
import { ModelError } from "./types.ts";

export interface ImageDescription {
  title: string;
  description: string;
}

const DEFAULT_PROMPT =
  'Describe this image. Answer with a JSON object: {"title": a short title, ' +
  '"description": a detailed description}.';
const TITLE_LINE = /^\s*\**title\**\s*[:\-–]\s*(.+)$/im;

/** `{imageUrl, prompt?}` or the URL itself; http(s) or a data: URL (no local paths here). */
function readParams(params: unknown): { imageUrl: string; prompt: string } {
  const p = typeof params === "string" ? { imageUrl: params } : (params as ImageDescriptionParams);
  const imageUrl = typeof p?.imageUrl === "string" ? p.imageUrl.trim() : "";
  if (!/^(https?:\/\/|data:image\/)/i.test(imageUrl)) {
    throw new ModelError(
      OPENAI_ID,
      "IMAGE_DESCRIPTION needs imageUrl as an http(s) or data:image/ URL (or the URL as the params)",
    );
  }
  const prompt = typeof p.prompt === "string" && p.prompt.trim() ? p.prompt : DEFAULT_PROMPT;
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

export function describeImage(
  options: HttpModelOptions,
  chatModel: (runtime: AgentRuntime, size: "small" | "large") => string,
) {
  return async (runtime: AgentRuntime, params: unknown): Promise<ImageDescription> => {
    const { imageUrl, prompt } = readParams(params);
    const text = await chatText(runtime, options, {
      model: readSetting(runtime, "OPENAI_IMAGE_DESCRIPTION_MODEL") ?? chatModel(runtime, "small"),
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: prompt },
            { type: "image_url", image_url: { url: imageUrl } },
          ],
        },
      ],
      max_tokens: readPositiveInt(runtime, OPENAI_ID, "OPENAI_IMAGE_DESCRIPTION_MAX_TOKENS"),
    });
    return readImageDescription(text);
  };
}
