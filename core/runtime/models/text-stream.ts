// elizaOS's TextStreamResult: what a text model handler returns when asked to stream
// (`params.stream === true`). useModel reads `textStream` to the end, passing each chunk to the
// caller's onStreamChunk. The promises settle when the stream ends and never reject (nobody
// need await them): a failure surfaces where the stream is read.
import type { TokenUsage } from "../../kernel/index.ts";

export interface TextStreamResult {
  textStream: AsyncIterable<string>;
  text: Promise<string>;
  usage: Promise<TokenUsage | undefined>;
  finishReason: Promise<string | undefined>;
}

/** What a provider's stream reader yields: text, and at some point usage and a finish reason. */
export type StreamPart = { text: string } | { usage: TokenUsage } | { finishReason: string };

export function textStreamResult(
  parts: AsyncIterable<StreamPart>,
  onEnd: (end: { text: string; usage?: TokenUsage; finishReason?: string }) => void,
): TextStreamResult {
  let settle!: (end: { text: string; usage?: TokenUsage; finishReason?: string }) => void;
  const ended = new Promise<{ text: string; usage?: TokenUsage; finishReason?: string }>(
    (resolve) => {
      settle = resolve;
    },
  );
  async function* textStream(): AsyncGenerator<string> {
    let text = "";
    let usage: TokenUsage | undefined;
    let finishReason: string | undefined;
    try {
      for await (const part of parts) {
        if ("text" in part) {
          if (!part.text) continue;
          text += part.text;
          yield part.text;
        } else if ("usage" in part) usage = part.usage;
        else finishReason = part.finishReason;
      }
      onEnd({ text, usage, finishReason });
    } finally {
      settle({ text, usage, finishReason });
    }
  }
  return {
    textStream: textStream(),
    text: ended.then((e) => e.text),
    usage: ended.then((e) => e.usage),
    finishReason: ended.then((e) => e.finishReason),
  };
}
