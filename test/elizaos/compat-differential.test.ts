// The same inputs through elizaOS's real functions (@elizaos/core 1.7.2 from node_modules) and
// through eliza-edge/elizaos: deterministic helpers must give the same output.

import { describe, expect, it, vi } from "vitest";
import * as ours from "../../core/elizaos/index.ts";
import { real } from "../support/real-elizaos-core.ts";

type Fn = (...args: unknown[]) => unknown;
const both = (name: string): [Fn, Fn] => [
  (real as unknown as Record<string, Fn>)[name] as Fn,
  (ours as unknown as Record<string, Fn>)[name] as Fn,
];
const clone = <T>(value: T): T => structuredClone(value);

const now = Date.now();
const entities = [
  { id: "e1", names: ["Alice", "Al"], agentId: "a", metadata: { x: 1 } },
  { id: "e2", names: ["Bob"], agentId: "a" },
];
const messages = [
  {
    id: "m3",
    entityId: "e2",
    roomId: "room-2",
    createdAt: now - 5_000,
    content: { text: "late", source: "chat" },
  },
  {
    id: "m2",
    entityId: "e1",
    roomId: "room-1",
    createdAt: now - 3_600_000,
    content: {
      text: "",
      actions: ["REPLY"],
      thought: "thinking",
      inReplyTo: "m1",
      source: "discord",
      attachments: [{ id: "a1", url: "u", title: "t", text: "body", description: "d" }],
    },
  },
  {
    id: "m1",
    entityId: "e9",
    roomId: "room-1",
    createdAt: now - 86_400_000 * 3,
    content: { text: "old" },
  },
];

describe("eliza-edge/elizaos gives elizaOS's output", () => {
  it("formatMessages and formatPosts", () => {
    for (const name of ["formatMessages", "formatPosts"]) {
      const [r, o] = both(name);
      expect(o({ messages: clone(messages), entities })).toBe(
        r({ messages: clone(messages), entities }),
      );
    }
    const [r, o] = both("formatPosts");
    expect(o({ messages: clone(messages), entities, conversationHeader: false })).toBe(
      r({ messages: clone(messages), entities, conversationHeader: false }),
    );
  });

  it("formatEntities, formatTimestamp, truncateToCompleteSentence, addHeader", () => {
    expect(both("formatEntities")[1]({ entities })).toBe(both("formatEntities")[0]({ entities }));
    for (const t of [
      now,
      now - 59_000,
      now - 61_000,
      now - 7_200_000,
      now - 86_400_000 * 2,
      now + 3_600_000,
    ]) {
      const [r, o] = both("formatTimestamp");
      expect(o(t)).toBe(r(t));
    }
    for (const [text, max] of [
      ["Short.", 10],
      ["One sentence. Another one here.", 20],
      ["no periods at all in this text", 12],
      ["unbroken_text_without_spaces", 10],
      [". leading period", 3],
    ] as const) {
      const [r, o] = both("truncateToCompleteSentence");
      expect(o(text, max)).toBe(r(text, max));
    }
    for (const [h, b] of [
      ["H", "B"],
      ["", "B"],
      ["H", ""],
      ["", ""],
    ]) {
      const [r, o] = both("addHeader");
      expect(o(h, b)).toBe(r(h, b));
    }
  });

  it("parseKeyValueXml on a corpus of model answers", () => {
    const corpus = [
      "<response><thought>t</thought><actions>REPLY,IGNORE</actions><text>hi</text></response>",
      "prose <response>\n<text> spaced </text>\n<simple>TRUE</simple></response> trailing",
      "<response><a x='1'>v &amp; &lt;</a><c/><d></d><providers></providers></response>",
      "<custom><key>value</key></custom>",
      "<response><n><m>x</m></n><k>y</k></response>",
      "<response><start>value</end></response>",
      "<thinking>hmm</thinking><response><text>answer</text></response>",
      "<outer><inner>1</inner><inner>2</inner></outer>",
    ];
    const [r, o] = both("parseKeyValueXml");
    for (const text of corpus) expect({ text, parsed: o(text) }).toEqual({ text, parsed: r(text) });
  });

  it("parseKeyValueXml on 5,000 generated fragments (fixed seed)", () => {
    let state = 3;
    const rand = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    const atoms = [
      "<response>",
      "</response>",
      "<a>",
      "</a>",
      "<b>",
      "</b>",
      "<ab>",
      "</ab>",
      "<actions>",
      "</actions>",
      "x",
      " ",
      "REPLY,IGNORE",
      "&amp;",
      "<c/>",
      "<d x='1'>",
      "</d>",
      "<simple>",
      "</simple>",
      "true",
      "<",
      ">",
      "\n",
      "<!-- c -->",
      "</ a>",
      "<a >",
    ];
    const [r, o] = both("parseKeyValueXml");
    // elizaOS's parser logs a warning for every fragment without XML.
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation(() => {});
    }
    const mismatches: unknown[] = [];
    for (let i = 0; i < 5000; i++) {
      let text = "";
      for (let j = rand(12); j >= 0; j--) text += atoms[rand(atoms.length)];
      const theirs = r(text);
      const ours = o(text);
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) mismatches.push({ text, ours, theirs });
    }
    vi.restoreAllMocks();
    expect(mismatches).toEqual([]);
  });

  it("small pure helpers", () => {
    const cases: Array<[string, unknown[][]]> = [
      [
        "getContentTypeFromMimeType",
        [
          ["image/png"],
          ["video/mp4"],
          ["audio/ogg"],
          ["application/pdf"],
          ["text/plain"],
          ["application/zip"],
        ],
      ],
      [
        "normalizePluginName",
        [["@elizaos/plugin-discord"], ["@acme/plugin-x"], ["plain"], ["@elizaos/core"]],
      ],
      ["parseBooleanFromText", [["yes"], ["NO"], ["enable"], ["maybe"], [""]]],
      [
        "isValidPluginShape",
        [[{ name: "p", actions: [] }], [{ name: "p" }], [null], [{ description: "d" }]],
      ],
      ["createServiceError", [["boom", "E1"], [42]]],
      ["mergeCharacterDefaults", [[{ name: "X", bio: ["b"] }], [{}]]],
      [
        "buildCharacterPlugins",
        [[{}], [{ OPENAI_API_KEY: "k", TELEGRAM_BOT_TOKEN: "t", IGNORE_BOOTSTRAP: "yes" }]],
      ],
      ["getMemoryText", [[{ content: { text: "t" } }], [{ content: {} }, "dflt"]]],
      ["isMessageMetadata", [[{ type: "message" }], [{ type: "document" }]]],
      ["isCustomMetadata", [[{ type: "custom" }], [{ type: "message" }], [{ type: "other" }]]],
      ["asUUID", [["123e4567-e89b-12d3-a456-426614174000"]]],
    ];
    for (const [name, argLists] of cases) {
      const [r, o] = both(name);
      for (const args of argLists) {
        expect({ name, args, out: o(...clone(args)) }).toEqual({
          name,
          args,
          out: r(...clone(args)),
        });
      }
    }
    expect(() => ours.asUUID("nope")).toThrow();
  });

  it("BufferUtils", () => {
    const bytes = new Uint8Array([0, 1, 127, 128, 255]);
    const r = real.BufferUtils;
    const o = ours.BufferUtils;
    expect(o.toHex(bytes)).toBe(r.toHex(bytes));
    expect([...o.fromHex("00ff10")]).toEqual([...r.fromHex("00ff10")]);
    expect(o.toString(o.fromString("héllo"))).toBe("héllo");
    expect(o.toString(bytes, "base64")).toBe(r.toString(bytes, "base64"));
    expect([...o.fromString("AAF/gP8=", "base64")]).toEqual([...bytes]);
    expect(o.equals(o.concat([bytes, bytes]), r.concat([bytes, bytes]))).toBe(true);
    expect(o.byteLength(bytes)).toBe(5);
    expect(o.randomBytes(16)).toHaveLength(16);
    expect(o.isBuffer(bytes)).toBe(true);
    expect(o.isBuffer("x")).toBe(false);
  });

  it("resolvePluginDependencies orders plugins after their dependencies", () => {
    const plugins = new Map(
      [
        { name: "c", dependencies: ["@elizaos/plugin-b"] },
        { name: "b", dependencies: ["a"] },
        { name: "a" },
      ].map((p) => [p.name, p]),
    );
    const [r, o] = both("resolvePluginDependencies");
    const names = (list: unknown) => (list as { name: string }[]).map((p) => p.name);
    expect(names(o(plugins))).toEqual(names(r(plugins)));
    expect(names(o(plugins))).toEqual(["a", "b", "c"]);
  });
});
