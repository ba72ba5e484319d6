// Media in, as elizaOS attachments: a Telegram photo (no caption) fetched through getFile and
// described by the OpenAI provider's IMAGE_DESCRIPTION, a voice note transcribed by its
// TRANSCRIPTION, a Discord /ask file described the same way; the model then answers knowing
// what was sent. Without such a model the agent says, in one polite sentence, that it reads
// text only. Files are size-capped before download, and the bot token in Telegram's file URL
// is never stored. Fake Telegram, Discord and OpenAI servers; the real OpenAI provider.
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { MemoryTable } from "../../core/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { scriptedModel } from "../support/scripted-model.ts";
import { type Harness, type HarnessOptions, startHarness } from "./harness.ts";
import {
  askInteraction,
  bob,
  discordRequest,
  groupChat,
  telegramRequest,
  textUpdate,
} from "./requests.ts";

let h: Harness;
let openai: FakeOpenAIServer | undefined;
afterEach(async () => {
  await h?.close();
  await openai?.close();
  openai = undefined;
});

const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);
const VOICE = new TextEncoder().encode("OggS fake opus voice note");

/** The agent on the real OpenAI provider, pointed at the fake server. */
async function withOpenAI(env: Record<string, string> = {}, options: Partial<HarnessOptions> = {}) {
  openai = await startFakeOpenAI({
    reply: (request) => {
      const body = JSON.stringify(request.body);
      if (body.includes('"image_url"')) {
        return JSON.stringify({ title: "A cat", description: "a grey cat asleep on a red sofa" });
      }
      return "That sounds lovely.";
    },
  });
  h = await startHarness({
    storage: async (now) => createMemoryStorage({ now }),
    env: {
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: openai.url,
      OPENAI_EMBEDDING_MODEL: "none",
      ...env,
    },
    ...options,
  });
  return openai;
}

function mediaUpdate(fields: Record<string, unknown>, caption?: string) {
  const update = textUpdate("placeholder");
  const message = update.message as unknown as Record<string, unknown>;
  delete message.text;
  Object.assign(message, fields, caption ? { caption } : {});
  return update;
}

/** The planner's prompts, in order (the chat calls that are not image descriptions). */
function plannerPrompts(server: FakeOpenAIServer): string[] {
  return server.requests
    .filter((r) => r.path.endsWith("/chat/completions") && !r.rawBody.includes('"image_url"'))
    .map((r) => r.rawBody);
}

async function storedAttachments() {
  const rooms = await h.storage.getRoomsForParticipant(h.agentId as never);
  const all = [];
  for (const roomId of rooms) {
    const memories = await h.storage.getMemories({ tableName: MemoryTable.MESSAGES, roomId });
    for (const m of memories) all.push(...(m.content.attachments ?? []));
  }
  return all;
}

describe("telegram media in", () => {
  it("describes a photo sent without a caption, and answers knowing what it shows", async () => {
    const server = await withOpenAI();
    h.telegram.addFile("photo-big", { bytes: PHOTO, path: "photos/file_7.jpg" });
    const update = mediaUpdate({
      photo: [
        { file_id: "photo-small", file_unique_id: "s1", file_size: 100, width: 90, height: 90 },
        {
          file_id: "photo-big",
          file_unique_id: "b1",
          file_size: PHOTO.length,
          width: 800,
          height: 800,
        },
      ],
    });
    expect((await h.fetch(telegramRequest(update))).status).toBe(200);
    await h.settle();
    // The largest size, through getFile, then the download.
    expect(h.telegram.calls("getFile")).toEqual([{ file_id: "photo-big" }]);
    expect(h.telegram.requests.some((r) => r.path === `/bot${h.telegram.token}/getFile`)).toBe(
      true,
    );
    const vision = server.requests.find((r) => r.rawBody.includes('"image_url"'));
    const base64 = Buffer.from(PHOTO).toString("base64");
    expect(vision?.rawBody).toContain(`data:image/jpeg;base64,${base64}`);
    expect(plannerPrompts(server).at(-1)).toContain("a grey cat asleep on a red sofa");
    expect(h.telegram.sent().map((m) => m.shown)).toEqual(["That sounds lovely."]);
    const [attachment] = await storedAttachments();
    expect(attachment).toMatchObject({
      id: "b1",
      contentType: "image",
      title: "A cat",
      description: "a grey cat asleep on a red sofa",
      url: "telegram:file/photo-big",
    });
    // The download URL holds the bot token; nothing stored does.
    const stored = JSON.stringify(await h.storage.getMemories({ tableName: MemoryTable.MESSAGES }));
    expect(stored).not.toContain(h.telegram.token);
  });

  it("transcribes a voice note and answers what was said", async () => {
    const server = await withOpenAI();
    h.telegram.addFile("voice-1", { bytes: VOICE, path: "voice/file_9.oga" });
    await h.fetch(
      telegramRequest(
        mediaUpdate({
          voice: { file_id: "voice-1", file_unique_id: "v1", duration: 3, mime_type: "audio/ogg" },
        }),
      ),
    );
    await h.settle();
    const upload = server.requests.find((r) => r.path.endsWith("/audio/transcriptions"));
    expect(upload?.rawBody).toContain("OggS fake opus voice note");
    expect(plannerPrompts(server).at(-1)).toContain(`heard ${VOICE.length} bytes of audio.ogg`);
    expect(h.telegram.sent()).toHaveLength(1);
    expect((await storedAttachments())[0]).toMatchObject({
      contentType: "audio",
      voice: true,
      text: `heard ${VOICE.length} bytes of audio.ogg`,
    });
  });

  it("says in one sentence that it reads text only when no model reads images", async () => {
    const model = scriptedModel("should not be asked");
    h = await startHarness({
      storage: async (now) => createMemoryStorage({ now }),
      model: model.plugin,
    });
    h.telegram.addFile("p", { bytes: PHOTO });
    await h.fetch(telegramRequest(mediaUpdate({ photo: [{ file_id: "p", file_size: 12 }] })));
    await h.settle();
    expect(h.telegram.sent().map((m) => m.shown)).toEqual([
      "Sorry, I can only read text here, so I couldn't take in a photo. Could you tell me in words?",
    ]);
    expect(model.calls).toEqual([]);
    // Not downloaded: nothing could have read it.
    expect(h.telegram.calls("getFile")).toEqual([]);
  });

  it("says nothing to a photo posted in a group without addressing it", async () => {
    const model = scriptedModel("<response><actions>IGNORE</actions></response>");
    h = await startHarness({
      storage: async (now) => createMemoryStorage({ now }),
      model: model.plugin,
    });
    const update = mediaUpdate({ photo: [{ file_id: "p", file_size: 12 }] });
    Object.assign(update.message!, { chat: groupChat, from: bob });
    await h.fetch(telegramRequest(update));
    await h.settle();
    expect(h.telegram.sent()).toEqual([]);
    // The model was asked whether to speak, as for any group message.
    expect(model.calls.map((c) => c.type)).toEqual(["TEXT_SMALL"]);
  });

  it("answers the caption and notes the unread photo when the photo came with words", async () => {
    const model = scriptedModel((p) => `echo: ${p.userText}`);
    h = await startHarness({
      storage: async (now) => createMemoryStorage({ now }),
      model: model.plugin,
    });
    await h.fetch(
      telegramRequest(mediaUpdate({ photo: [{ file_id: "p", file_size: 12 }] }, "look at this")),
    );
    await h.settle();
    expect(h.telegram.sent().map((m) => m.shown)).toEqual(["echo: look at this"]);
    expect(model.calls.at(-1)?.params.prompt).toContain(
      "[photo: a photo (not read: no IMAGE_DESCRIPTION model)]",
    );
  });

  it("does not download a file over MEDIA_MAX_BYTES", async () => {
    const server = await withOpenAI({ MEDIA_MAX_BYTES: "10" });
    h.telegram.addFile("big", { bytes: PHOTO });
    await h.fetch(
      telegramRequest(mediaUpdate({ photo: [{ file_id: "big", file_size: PHOTO.length }] })),
    );
    // One whose size Telegram did not state is cut off at the cap while downloading.
    h.telegram.addFile("unsized", { bytes: PHOTO, path: "files/unsized" });
    await h.fetch(telegramRequest(mediaUpdate({ photo: [{ file_id: "unsized" }] })));
    await h.settle();
    expect(h.telegram.calls("getFile")).toEqual([{ file_id: "unsized" }]);
    expect(server.requests.some((r) => r.rawBody.includes('"image_url"'))).toBe(false);
    expect(h.telegram.sent().map((m) => m.shown)).toEqual([
      "Sorry, I can only read text here, so I couldn't take in a photo. Could you tell me in words?",
      "Sorry, I can only read text here, so I couldn't take in a photo. Could you tell me in words?",
    ]);
    expect((await storedAttachments()).map((a) => a.description)).toEqual([
      "a photo (too large to read)",
      "a photo (too large to read)",
    ]);
  });

  it.each([
    ["photo is not an array", { photo: "x" }],
    ["a photo size without file_id", { photo: [{ file_size: 3 }] }],
    ["voice is a string", { voice: "v" }],
    ["document.file_size is text", { document: { file_id: "d", file_size: "big" } }],
  ])("acknowledges and drops a message whose %s", async (_label, fields) => {
    await withOpenAI();
    const res = await h.fetch(telegramRequest(mediaUpdate(fields)));
    expect(res.status).toBe(200);
    await h.settle();
    expect(h.telegram.sent()).toEqual([]);
    expect(await h.storage.getTasks({})).toEqual([]);
  });
});

describe("discord media in", () => {
  it("describes a file given to /ask and answers with it in mind", async () => {
    const server = await withOpenAI();
    const fileUrl = `${h.discord.origin}/attachments/1/2/cat.png`;
    h.discord.files.set("/attachments/1/2/cat.png", PHOTO);
    const ask = askInteraction("what is this?");
    const interaction = {
      ...ask,
      data: {
        ...ask.data,
        options: [...ask.data.options, { name: "file", type: 11, value: "900" }],
        resolved: {
          attachments: {
            "900": {
              id: "900",
              filename: "cat.png",
              content_type: "image/png",
              size: PHOTO.length,
              url: fileUrl,
            },
          },
        },
      },
    };
    await h.fetch(discordRequest(interaction));
    await h.settle();
    expect(server.requests.find((r) => r.rawBody.includes('"image_url"'))?.rawBody).toContain(
      `data:image/png;base64,${Buffer.from(PHOTO).toString("base64")}`,
    );
    expect(plannerPrompts(server).at(-1)).toContain("a grey cat asleep on a red sofa");
    expect(h.discord.messages().map((m) => m.content)).toEqual(["That sounds lovely."]);
  });
});
