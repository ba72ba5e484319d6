// Workers AI's vision and speech models through the `AI` binding: they take raw bytes (as a
// number array), so an image or audio URL is fetched (http(s)) or decoded (data:) here first.
import {
  type AgentRuntime,
  type ImageDescription,
  ModelError,
  readImageDescription,
  readImageParams,
} from "../../core/index.ts";
import type { WorkersAiBinding } from "./workers-ai-binding.ts";

const ID = "workers-ai";
export const DEFAULT_WORKERS_AI_VISION_MODEL = "@cf/llava-hf/llava-1.5-7b-hf";
export const DEFAULT_WORKERS_AI_TRANSCRIPTION_MODEL = "@cf/openai/whisper";
const VISION_MAX_TOKENS = 512;

type Fetch = typeof fetch;

/** The bytes behind an http(s) or base64 data: URL. */
async function bytesOf(url: string, send: Fetch): Promise<Uint8Array> {
  const data = /^data:[^,]*;base64,(.+)$/i.exec(url);
  if (data) return Uint8Array.from(atob(data[1]!), (char) => char.charCodeAt(0));
  if (!/^https?:\/\//i.test(url)) {
    throw new ModelError(ID, "need an http(s) or base64 data: URL");
  }
  const response = await send(url).catch((error: unknown) => {
    throw new ModelError(ID, `could not fetch ${url}`, { cause: error });
  });
  if (!response.ok) throw new ModelError(ID, `fetching ${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function run(ai: WorkersAiBinding, model: string, inputs: Record<string, unknown>) {
  try {
    return await ai.run(model, inputs);
  } catch (error) {
    throw new ModelError(ID, `Workers AI model ${model} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** IMAGE_DESCRIPTION with a vision model (LLaVA answers `{description}`). */
export function describeImage(ai: WorkersAiBinding, send: Fetch = globalThis.fetch) {
  return async (runtime: AgentRuntime, input: unknown): Promise<ImageDescription> => {
    const { imageUrl, prompt } = readImageParams(ID, input);
    const image = await bytesOf(imageUrl, send);
    const model =
      runtime.getSettingString("CLOUDFLARE_AI_VISION_MODEL") || DEFAULT_WORKERS_AI_VISION_MODEL;
    const output = (await run(ai, model, {
      image: [...image],
      prompt,
      max_tokens: VISION_MAX_TOKENS,
    })) as { description?: unknown; response?: unknown } | null;
    const text = output?.description ?? output?.response;
    if (typeof text !== "string") {
      throw new ModelError(ID, `Workers AI model ${model} returned no description`);
    }
    return readImageDescription(text);
  };
}

/** TRANSCRIPTION with Whisper: bytes, `{audioUrl}` or the URL; answers the text. */
export function transcribe(ai: WorkersAiBinding, send: Fetch = globalThis.fetch) {
  return async (runtime: AgentRuntime, input: unknown): Promise<string> => {
    let audio: Uint8Array;
    if (input instanceof Uint8Array) audio = input;
    else if (input instanceof ArrayBuffer) audio = new Uint8Array(input);
    else {
      const url = typeof input === "string" ? input : (input as { audioUrl?: unknown })?.audioUrl;
      if (typeof url !== "string" || url.trim() === "") {
        throw new ModelError(ID, "TRANSCRIPTION needs audio bytes or audioUrl");
      }
      audio = await bytesOf(url.trim(), send);
    }
    if (audio.length === 0) throw new ModelError(ID, "TRANSCRIPTION got empty audio");
    const model =
      runtime.getSettingString("CLOUDFLARE_AI_TRANSCRIPTION_MODEL") ||
      DEFAULT_WORKERS_AI_TRANSCRIPTION_MODEL;
    const output = (await run(ai, model, { audio: [...audio] })) as { text?: unknown } | null;
    if (typeof output?.text !== "string") {
      throw new ModelError(ID, `Workers AI model ${model} returned no text`);
    }
    return output.text;
  };
}
