// elizaOS's stream extractors, fed the same chunk sequences as @elizaos/core's own: the text
// streamed, the held-back rest and `done` must match, wherever the chunks split the tags.

import { describe, expect, it } from "vitest";
import * as ours from "../../core/elizaos/index.ts";
import { real } from "../support/real-elizaos-core.ts";

interface Extractor {
  readonly done: boolean;
  push(chunk: string): string;
  flush?(): string;
  reset(): void;
}

function run(extractor: Extractor, chunks: string[]) {
  const pushed = chunks.map((c) => extractor.push(c));
  return { pushed, done: extractor.done, flushed: extractor.flush?.() ?? "" };
}

/** Every way of cutting `text` into pieces of `size` characters. */
function chunked(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const answers = [
  "<response><thought>t</thought><actions>REPLY</actions><text>Hello there, this is a longer reply text.</text></response>",
  "<response><actions>REPLY,SEND_MESSAGE</actions><text>Working on it, one moment please.</text></response>",
  "<response><text>Early text before actions arrive here.</text><actions>REPLY</actions></response>",
  "<response><actions>REPLY</actions><text>never closed and quite long indeed",
  "Just plain prose answer without any markup at all.",
  '{"json": "object", "never": "streamed"}',
  "  <text>xml with leading space</text> trailing",
  "",
];

const kinds: Array<[string, () => Extractor, () => Extractor]> = [
  [
    "XmlTagExtractor(text)",
    () => new real.XmlTagExtractor("text"),
    () => new ours.XmlTagExtractor("text"),
  ],
  [
    "XmlTagExtractor(thought)",
    () => new real.XmlTagExtractor("thought"),
    () => new ours.XmlTagExtractor("thought"),
  ],
  [
    "ResponseStreamExtractor",
    () => new real.ResponseStreamExtractor(),
    () => new ours.ResponseStreamExtractor(),
  ],
  ["ActionStreamFilter", () => new real.ActionStreamFilter(), () => new ours.ActionStreamFilter()],
  [
    "PassthroughExtractor",
    () => new real.PassthroughExtractor(),
    () => new ours.PassthroughExtractor(),
  ],
];

describe("stream extractors behave as elizaOS's", () => {
  it.each(kinds)("%s", (_name, makeReal, makeOurs) => {
    for (const answer of answers) {
      for (const size of [1, 3, 7, 16, 1000]) {
        const chunks = chunked(answer, size);
        expect({ answer, size, ...run(makeOurs(), chunks) }).toEqual({
          answer,
          size,
          ...run(makeReal(), chunks),
        });
      }
    }
  });

  it("reset starts over", () => {
    const extractor = new ours.XmlTagExtractor("text");
    extractor.push("<text>first</text>");
    expect(extractor.done).toBe(true);
    extractor.reset();
    expect(extractor.done).toBe(false);
    expect(extractor.push("<text>second</text>")).toBe("second");
  });

  it("refuses a chunk over 1 MiB with a StreamError", () => {
    const error = (() => {
      try {
        new ours.PassthroughExtractor().push("x".repeat(1024 * 1024 + 1));
      } catch (e) {
        return e;
      }
    })();
    expect(ours.StreamError.isStreamError(error)).toBe(true);
    expect((error as ours.StreamError).code).toBe("CHUNK_TOO_LARGE");
  });

  it("createStreamingContext streams through the extractor and keeps the streamed text", async () => {
    const sent: string[] = [];
    const context = ours.createStreamingContext(new ours.XmlTagExtractor("text"), async (chunk) => {
      sent.push(chunk);
    });
    for (const chunk of chunked("<text>streamed words here</text> ignored", 4)) {
      await context.onStreamChunk(chunk);
    }
    expect(sent.join("")).toBe("streamed words here");
    expect(context.getStreamedText()).toBe("streamed words here");
    expect(context.isComplete()).toBe(true);
    context.reset();
    expect(context.getStreamedText()).toBe("");
  });
});
