// The message loop's templates cut into prompt segments: the same text fillTemplate gives,
// stable marks only on the leading part that is the same every turn; character templates
// (strings and functions) included.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  ChannelType,
  createAgent,
  createUniqueUuid,
  fillTemplate,
  type GenerateTextParams,
  messageService,
  parseCharacter,
} from "../../core/index.ts";
import { fillTemplateSegments } from "../../core/pipeline/messages/segmented-prompt.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const values = { agentName: "Ada", recentMessages: "User: hi {{agentName}}", count: 3 };

describe("fillTemplateSegments", () => {
  it("gives fillTemplate's text; the template and stable values lead, marked stable", () => {
    const template = "Task for {{agentName}}.\n{{recentMessages}}\nCount {{count}}{{missing}}.";
    const { prompt, promptSegments } = fillTemplateSegments(
      template,
      values,
      new Set(["agentName"]),
    );
    expect(prompt).toBe(fillTemplate(template, values));
    expect(promptSegments).toEqual([
      { content: "Task for Ada.\n", stable: true },
      // User text is substituted once, never rescanned, as in fillTemplate.
      { content: "User: hi {{agentName}}\nCount 3.", stable: false },
    ]);
  });

  it("marks nothing stable after the first part that changes, though the template text is fixed", () => {
    const { promptSegments } = fillTemplateSegments(
      "{{recentMessages}} then {{agentName}} and the rules",
      values,
      new Set(["agentName"]),
    );
    expect(promptSegments).toEqual([
      { content: "User: hi {{agentName}} then Ada and the rules", stable: false },
    ]);
  });

  it("a template function (elizaOS's TemplateType) is called with the state, then cut", () => {
    const { prompt, promptSegments } = fillTemplateSegments(
      ({ state }) => `Hello ${String(state.agentName)}, {{recentMessages}}`,
      values,
      new Set(["agentName"]),
    );
    expect(prompt).toBe("Hello Ada, User: hi {{agentName}}");
    expect(promptSegments[0]).toEqual({ content: "Hello Ada, ", stable: true });
  });

  it("an expanded placeholder contributes its own segments", () => {
    const { prompt, promptSegments } = fillTemplateSegments(
      "<p>\n{{providers}}\n</p>",
      {},
      new Set(),
      {
        providers: [
          { content: "# Character", stable: true },
          { content: "\n\n# Conversation", stable: false },
        ],
      },
    );
    expect(prompt).toBe("<p>\n# Character\n\n# Conversation\n</p>");
    expect(promptSegments).toEqual([
      { content: "<p>\n# Character", stable: true },
      { content: "\n\n# Conversation\n</p>", stable: false },
    ]);
  });
});

describe("a character's own templates", () => {
  it("a custom messageHandlerTemplate is sent as segments that join to its filled text", async () => {
    const model = scriptedModel("<response><actions>REPLY</actions><text>ok</text></response>");
    const runtime = await createAgent({
      character: parseCharacter({
        name: "Ada",
        bio: ["Ada counts things."],
        templates: { messageHandlerTemplate: "Be {{agentName}}.\n{{providers}}\nAnswer in XML." },
      }),
      storage: createMemoryStorage(),
      plugins: [model.plugin],
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      env: {},
    });
    const entityId = createUniqueUuid(runtime, "u");
    const roomId = createUniqueUuid(runtime, "r");
    await messageService.handleMessage(
      runtime,
      { entityId, roomId, content: { text: "count sheep", channelType: ChannelType.DM } },
      undefined,
      { connection: { entityId, roomId, source: "test", type: ChannelType.DM } },
    );
    const params: GenerateTextParams = model.calls[0]!.params;
    const segments = params.promptSegments!;
    expect(segments.map((s) => s.content).join("")).toBe(params.prompt);
    expect(segments[0]!.stable).toBe(true);
    expect(segments[0]!.content).toMatch(/^Be Ada\.\n# About Ada/);
    expect(segments[0]!.content).not.toContain("count sheep");
    expect(segments.filter((s) => s.stable)).toHaveLength(1);
    expect(params.prompt).toContain("count sheep");
    expect(params.prompt.endsWith("\nAnswer in XML.")).toBe(true);
  });
});

describe("which providers count as stable", () => {
  it("a plugin's own CHARACTER (plugin-bootstrap's picks bios at random) is not marked stable", async () => {
    const model = scriptedModel("<response><actions>REPLY</actions><text>ok</text></response>");
    let calls = 0;
    const runtime = await createAgent({
      character: parseCharacter({ name: "Ada", bio: ["Ada counts things."] }),
      storage: createMemoryStorage(),
      plugins: [
        model.plugin,
        {
          name: "random-character",
          providers: [
            { name: "CHARACTER", get: async () => ({ text: `# Mood ${++calls}` }), position: -200 },
          ],
        },
      ],
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      env: {},
    });
    const entityId = createUniqueUuid(runtime, "u");
    const roomId = createUniqueUuid(runtime, "r");
    await messageService.handleMessage(
      runtime,
      { entityId, roomId, content: { text: "hello", channelType: ChannelType.DM } },
      undefined,
      { connection: { entityId, roomId, source: "test", type: ChannelType.DM } },
    );
    const { prompt, promptSegments } = model.calls[0]!.params;
    const stableText = promptSegments!
      .filter((s) => s.stable)
      .map((s) => s.content)
      .join("");
    // Two providers share the name: neither is marked stable. One result per name stands, as
    // in elizaOS's composeState, and it is still sent.
    expect(stableText).toContain("<instructions>");
    expect(stableText).not.toContain("# Mood");
    expect(stableText).not.toContain("# About Ada");
    expect(prompt).toMatch(/# Mood 1|# About Ada/);
  });
});
