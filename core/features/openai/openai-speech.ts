// TEXT_TO_SPEECH over an OpenAI-compatible `POST /audio/speech`: text in, audio bytes out,
// returned as an ArrayBuffer as elizaOS's OpenAI plugin does.

import { ModelError, type TextToSpeechParams } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { type HttpModelOptions, postBytes, readSetting } from "../model-http/index.ts";
import { OPENAI_ID, readOpenAIConfig } from "./openai-chat.ts";

export const DEFAULT_TTS_MODEL = "gpt-4o-mini-tts";
export const DEFAULT_TTS_VOICE = "nova";

/** elizaOS's TextToSpeechParams plus what its OpenAI plugin also reads. */
interface SpeechParams extends TextToSpeechParams {
  model?: string;
  instructions?: string;
  /** The audio format (`response_format`): mp3 (the API's default), wav, opus, ... */
  format?: string;
}

function readSpeechParams(input: unknown): SpeechParams {
  const p = (typeof input === "string" ? { text: input } : input) as SpeechParams | null;
  if (!p || typeof p.text !== "string" || p.text.trim() === "") {
    throw new ModelError(OPENAI_ID, "TEXT_TO_SPEECH needs text (a string or {text}) to speak");
  }
  if (p.speed !== undefined && !(typeof p.speed === "number" && p.speed > 0)) {
    throw new ModelError(OPENAI_ID, "TEXT_TO_SPEECH speed must be a positive number");
  }
  return p;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

/**
 * Settings: OPENAI_TTS_MODEL (default gpt-4o-mini-tts), OPENAI_TTS_VOICE (default nova),
 * OPENAI_TTS_INSTRUCTIONS; the call's voice, model and instructions win over them.
 */
export function textToSpeech(options: HttpModelOptions) {
  return async (runtime: IAgentRuntime, input: unknown): Promise<ArrayBuffer> => {
    const params = readSpeechParams(input);
    const config = readOpenAIConfig(runtime);
    const instructions =
      text(params.instructions) ?? readSetting(runtime, "OPENAI_TTS_INSTRUCTIONS");
    const answer = await postBytes(config.provider, `${config.baseUrl}/audio/speech`, {
      ...options,
      headers: config.headers,
      body: {
        model: text(params.model) ?? readSetting(runtime, "OPENAI_TTS_MODEL") ?? DEFAULT_TTS_MODEL,
        voice: text(params.voice) ?? readSetting(runtime, "OPENAI_TTS_VOICE") ?? DEFAULT_TTS_VOICE,
        input: params.text,
        speed: params.speed,
        instructions,
        response_format: text(params.format),
      },
      timeoutMs: config.timeoutMs,
      logger: runtime.logger,
    });
    if (answer.bytes.byteLength === 0) {
      throw new ModelError(OPENAI_ID, `${config.provider.label} returned no audio`);
    }
    // A JSON body on a 200 is a proxy's or server's error page, not audio.
    if (answer.contentType?.includes("json")) {
      throw new ModelError(
        OPENAI_ID,
        `${config.provider.label} answered /audio/speech with JSON instead of audio`,
      );
    }
    const { bytes } = answer;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
}
