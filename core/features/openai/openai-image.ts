// IMAGE_DESCRIPTION over an OpenAI-compatible server: one vision message (the prompt and an
// image_url part) to OPENAI_IMAGE_DESCRIPTION_MODEL (default the small chat model; on Ollama a
// vision model such as llava). Answers elizaOS's {title, description}.
import type { IAgentRuntime } from "../../runtime/index.ts";
import {
  type HttpModelOptions,
  type ImageDescription,
  readImageDescription,
  readImageParams,
  readPositiveInt,
  readSetting,
} from "../model-http/index.ts";
import { chatText, OPENAI_ID } from "./openai-chat.ts";

export function describeImage(
  options: HttpModelOptions,
  chatModel: (runtime: IAgentRuntime, size: "small" | "large") => string,
) {
  return async (runtime: IAgentRuntime, params: unknown): Promise<ImageDescription> => {
    const { imageUrl, prompt } = readImageParams(OPENAI_ID, params);
    const text = await chatText(
      runtime,
      options,
      {
        model:
          readSetting(runtime, "OPENAI_IMAGE_DESCRIPTION_MODEL") ?? chatModel(runtime, "small"),
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
      },
      params,
    );
    return readImageDescription(text);
  };
}
