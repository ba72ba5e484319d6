// IMAGE over an OpenAI-compatible server: POST /images/generations. elizaOS's answer is
// `[{url}]`; gpt-image-1 sends base64 only, which becomes a data: URL, so callers get a URL
// either way.
import * as z from "zod/mini";
import { type ImageGenerationParams, lazySchema, ModelError } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { type HttpModelOptions, postJson, readSetting } from "../model-http/index.ts";
import { OPENAI_ID, readOpenAIConfig } from "./openai-chat.ts";

const DEFAULT_IMAGE_MODEL = "gpt-image-1";
const MAX_IMAGES = 10;

const imagesResponse = lazySchema(() =>
  z.object({
    data: z.array(z.object({ url: z.nullish(z.string()), b64_json: z.nullish(z.string()) })),
  }),
);

function readParams(params: unknown): ImageGenerationParams {
  const p = (typeof params === "string" ? { prompt: params } : params) as ImageGenerationParams;
  if (!p || typeof p.prompt !== "string" || p.prompt.trim() === "") {
    throw new ModelError(OPENAI_ID, "IMAGE needs params.prompt as a non-empty string");
  }
  if (
    p.count !== undefined &&
    !(Number.isInteger(p.count) && p.count >= 1 && p.count <= MAX_IMAGES)
  ) {
    throw new ModelError(OPENAI_ID, `IMAGE count must be a whole number from 1 to ${MAX_IMAGES}`);
  }
  return p;
}

export function generateImage(options: HttpModelOptions) {
  return async (runtime: IAgentRuntime, input: unknown): Promise<{ url: string }[]> => {
    const params = readParams(input);
    const config = readOpenAIConfig(runtime);
    const data = await postJson(config.provider, `${config.baseUrl}/images/generations`, {
      ...options,
      headers: config.headers,
      body: {
        model: readSetting(runtime, "OPENAI_IMAGE_MODEL") ?? DEFAULT_IMAGE_MODEL,
        prompt: params.prompt,
        n: params.count ?? 1,
        size: params.size,
      },
      timeoutMs: config.timeoutMs,
      response: imagesResponse(),
      logger: runtime.logger,
    });
    const images = data.data.map((image) =>
      image.url ? image.url : image.b64_json ? `data:image/png;base64,${image.b64_json}` : "",
    );
    if (images.length === 0 || images.some((url) => url === "")) {
      throw new ModelError(OPENAI_ID, `${config.provider.label} returned an image without data`);
    }
    return images.map((url) => ({ url }));
  };
}
