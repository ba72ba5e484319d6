// TRANSCRIPTION over an OpenAI-compatible server: the audio as a multipart upload to
// /audio/transcriptions. elizaOS passes `{audioUrl, prompt?}`, the URL alone, or the bytes
// (a Buffer); URLs are fetched here (http(s)) or decoded (data:), since a serverless function
// has no local files.
import * as z from "zod/mini";
import { lazySchema, ModelError, type TranscriptionParams } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { type HttpModelOptions, postJson, readSetting } from "../model-http/index.ts";
import { OPENAI_ID, readOpenAIConfig } from "./openai-chat.ts";

const DEFAULT_TRANSCRIPTION_MODEL = "gpt-4o-mini-transcribe";
const transcription = lazySchema(() => z.object({ text: z.string() }));

interface Audio {
  bytes: Uint8Array;
  /** The file name the server reads the format from ("audio.wav"). */
  name: string;
}

const EXTENSIONS: Record<string, string> = {
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/flac": "flac",
  "audio/mp4": "m4a",
  "audio/m4a": "m4a",
  "audio/x-m4a": "m4a",
};

/** The format from the first bytes, for raw audio that arrives without a type. */
function sniffExtension(bytes: Uint8Array): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === "RIFF") return "wav";
  if (ascii(0, 4) === "OggS") return "ogg";
  if (ascii(0, 4) === "fLaC") return "flac";
  if (ascii(4, 8) === "ftyp") return "m4a";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return "webm";
  }
  if (ascii(0, 3) === "ID3" || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) {
    return "mp3";
  }
  return "webm";
}

function audioFile(bytes: Uint8Array, mime?: string): Audio {
  if (bytes.length === 0) throw new ModelError(OPENAI_ID, "TRANSCRIPTION got empty audio");
  const type = mime?.split(";")[0]?.trim().toLowerCase();
  return { bytes, name: `audio.${(type && EXTENSIONS[type]) || sniffExtension(bytes)}` };
}

function decodeBase64(data: string): Uint8Array {
  const binary = atob(data);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function readAudio(
  input: unknown,
  options: HttpModelOptions,
): Promise<{ audio: Audio; prompt?: string }> {
  if (input instanceof Uint8Array) return { audio: audioFile(input) };
  if (input instanceof ArrayBuffer) return { audio: audioFile(new Uint8Array(input)) };
  const p = (typeof input === "string" ? { audioUrl: input } : input) as TranscriptionParams | null;
  const url = typeof p?.audioUrl === "string" ? p.audioUrl.trim() : "";
  const prompt = typeof p?.prompt === "string" && p.prompt ? p.prompt : undefined;
  const data = /^data:([^;,]+)?;base64,(.+)$/i.exec(url);
  if (data) return { audio: audioFile(decodeBase64(data[2]!), data[1]), prompt };
  if (!/^https?:\/\//i.test(url)) {
    throw new ModelError(
      OPENAI_ID,
      "TRANSCRIPTION needs audio bytes, or audioUrl as an http(s) or base64 data: URL",
    );
  }
  const send = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await send(url);
  } catch (error) {
    throw new ModelError(OPENAI_ID, `could not fetch the audio at ${url}`, { cause: error });
  }
  if (!response.ok) {
    throw new ModelError(OPENAI_ID, `fetching the audio at ${url} answered ${response.status}`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { audio: audioFile(bytes, response.headers.get("content-type") ?? undefined), prompt };
}

export function transcribe(options: HttpModelOptions) {
  return async (runtime: IAgentRuntime, input: unknown): Promise<string> => {
    const { audio, prompt } = await readAudio(input, options);
    const config = readOpenAIConfig(runtime);
    const form = new FormData();
    form.append(
      "model",
      readSetting(runtime, "OPENAI_TRANSCRIPTION_MODEL") ?? DEFAULT_TRANSCRIPTION_MODEL,
    );
    form.append("file", new Blob([audio.bytes as BlobPart]), audio.name);
    if (prompt) form.append("prompt", prompt);
    const data = await postJson(config.provider, `${config.baseUrl}/audio/transcriptions`, {
      ...options,
      headers: config.headers,
      body: form,
      timeoutMs: config.timeoutMs,
      response: transcription(),
      logger: runtime.logger,
    });
    return data.text;
  };
}
