// Real character files from public elizaOS projects (sources and licenses in the folders'
// README.txt): every one in real/ loads, and for every file our verdict is elizaOS 1.7's own
// validateCharacter verdict, apart from the leniencies eliza-edge documents (0.x files).
import { readdirSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  contentSchema,
  knowledgeItemSchema,
  mediaSchema,
  settingsSchema,
} from "../../core/elizaos/index.ts";
import { CharacterError, parseCharacterJson } from "../../core/index.ts";

type ElizaIssue = { code: string; path: PropertyKey[] };
type Schema = { safeParse(value: unknown): { success: boolean } };
type SchemaName = "settingsSchema" | "contentSchema" | "knowledgeItemSchema" | "mediaSchema";
type ElizaCore = Record<SchemaName, Schema> & {
  validateCharacter(data: unknown): { success: boolean; error?: { issues?: ElizaIssue[] } };
};

const folder = (name: string) => new URL(`../fixtures/characters/${name}/`, import.meta.url);
const jsonFiles = (name: string) =>
  readdirSync(folder(name))
    .filter((file) => file.endsWith(".json"))
    .map((file) => [file, readFileSync(new URL(file, folder(name)), "utf8")] as const);

const realFiles = jsonFiles("real");
const invalidFiles = jsonFiles("real-invalid");

let eliza: ElizaCore;
beforeAll(async () => {
  // The real @elizaos/core (plugin-bootstrap's dependency), by path: the bare name is aliased
  // to eliza-edge's compat entry in tests.
  const entry = new URL(
    "../../node_modules/@elizaos/core/dist/node/index.node.js",
    import.meta.url,
  );
  eliza = (await import(entry.href)) as ElizaCore;
});

const at = (data: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    data,
  );

/**
 * elizaOS's complaints that eliza-edge accepts on purpose (docs/guides/characters-and-plugins.md):
 * unknown top-level fields (0.x `lore`, `clients`, `modelProvider`, a project's own keys),
 * `user` for `name` in 0.x examples, a missing `bio`, and newer `{ examples: [...] }` groups.
 */
function documentedLeniency(data: unknown, issue: ElizaIssue): boolean {
  const path = issue.path.map(String);
  if (issue.code === "unrecognized_keys" && path.length === 0) return true;
  if (path.length === 1 && path[0] === "bio" && at(data, ["bio"]) === undefined) return true;
  if (path[0] === "messageExamples" && path.length === 4 && path[3] === "name") {
    return typeof at(data, [...issue.path.slice(0, 3), "user"]) === "string";
  }
  if (path[0] === "messageExamples" && path.length === 2) {
    return Array.isArray(at(data, [...issue.path, "examples"]));
  }
  return false;
}

function ourIssues(text: string): string[] {
  try {
    parseCharacterJson(text);
    return [];
  } catch (error) {
    if (!(error instanceof CharacterError)) throw error;
    return error.issues.map((issue) => issue.path);
  }
}

describe("real elizaOS character files", () => {
  it("has real files to check", () => {
    expect(realFiles.length).toBeGreaterThanOrEqual(8);
    expect(invalidFiles.length).toBeGreaterThanOrEqual(2);
  });

  it.each(realFiles)("loads %s", (file, text) => {
    const character = parseCharacterJson(text, file);
    expect(character.name).toBe(JSON.parse(text).name);
  });

  it.each(invalidFiles)("refuses %s, naming the field", (file, text) => {
    expect(() => parseCharacterJson(text, file)).toThrow(CharacterError);
    expect(() => parseCharacterJson(text, file)).toThrow(file);
  });

  it.each([...realFiles, ...invalidFiles])("gives elizaOS's verdict on %s", (_file, text) => {
    const data: unknown = JSON.parse(text);
    const theirs = (eliza.validateCharacter(data).error?.issues ?? [])
      .filter((issue) => !documentedLeniency(data, issue))
      .map((issue) => issue.path.map(String).join("."));
    const ours = ourIssues(text);
    expect(ours.length === 0).toBe(theirs.length === 0);
    // Where elizaOS refuses, we name the same field (or one inside it).
    for (const path of theirs) {
      expect(ours.some((mine) => mine === path || mine.startsWith(`${path}.`))).toBe(true);
    }
  });
});

// One field at a time, against elizaOS 1.7's schema: what it accepts we accept with the same
// meaning, what it refuses we refuse naming the same field.
const base = { name: "Ada", bio: "b" };
const example = (content: Record<string, unknown>) => ({
  messageExamples: [[{ name: "u", content }]],
});
const fieldCases: [string, Record<string, unknown>][] = [
  ["settings holding a list", { settings: { allowedChannelIds: ["1", "2"] } }],
  [
    "settings.voice and settings.model objects",
    { settings: { voice: { model: "m" }, model: { small: "s" } } },
  ],
  ["settings with a null value", { settings: { AVATAR: null } }],
  ["secrets with numbers and booleans", { secrets: { PORT: 3000, DEBUG: true } }],
  ["secrets holding an object", { secrets: { nested: { a: 1 } } }],
  ["templates that are not text", { templates: { replyTemplate: { text: "x" } } }],
  [
    "knowledge as path, {path, shared} and {directory, shared}",
    { knowledge: ["a.md", { path: "b.md", shared: true }, { directory: "docs", shared: false }] },
  ],
  ["knowledge as a number", { knowledge: [1] }],
  ["knowledge as an object", { knowledge: { documents: [] } }],
  ["an id that is a UUID", { id: "b850bc30-45f8-0041-a00a-83df46d8555d" }],
  ["an id without dashes", { id: "6aa0ed7206b7f10cc0c7bbc1cd7b811b" }],
  ["style.all as text", { style: { all: "terse" } }],
  [
    "example content with typed extras",
    example({ text: "t", actions: ["REPLY"], providers: ["TIME"] }),
  ],
  ["example actions as text", example({ text: "t", actions: "REPLY" })],
  ["example inReplyTo that is no UUID", example({ text: "t", inReplyTo: "msg-1" })],
  ["example attachments without url", example({ text: "t", attachments: [{ id: "1" }] })],
  ["example channelType unknown", example({ text: "t", channelType: "CHATROOM" })],
  ["example text null", example({ text: null })],
  ["example without name or user", { messageExamples: [[{ content: { text: "t" } }]] }],
  ["examples not grouped in lists", { messageExamples: [{ name: "u", content: { text: "t" } }] }],
  ["username as a number", { username: 5 }],
  ["system null", { system: null }],
  ["plugins as objects", { plugins: [{ name: "p" }] }],
  ["topics null", { topics: null }],
];

describe("field by field against elizaOS 1.7's character schema", () => {
  it.each(fieldCases)("same verdict: %s", (_label, fields) => {
    const text = JSON.stringify({ ...base, ...fields });
    const issues = eliza.validateCharacter(JSON.parse(text)).error?.issues ?? [];
    const theirs = issues.map((issue) => issue.path.map(String).join("."));
    const ours = ourIssues(text);
    expect(ours.length === 0).toBe(theirs.length === 0);
    for (const path of theirs) {
      expect(ours.some((mine) => mine === path || mine.startsWith(`${path}.`))).toBe(true);
    }
  });
});

// The same shapes as eliza-edge/elizaos exports them, for plugins that validate with them.
const schemaCases: [SchemaName, unknown][] = [
  ["settingsSchema", { list: ["a"], voice: { model: "m" }, n: 1, b: false }],
  ["settingsSchema", { x: null }],
  ["contentSchema", { text: "t", actions: ["REPLY"], extra: { kept: true } }],
  ["contentSchema", { actions: "REPLY" }],
  ["contentSchema", { inReplyTo: "not-a-uuid" }],
  ["contentSchema", { channelType: "CHATROOM" }],
  ["knowledgeItemSchema", { directory: "docs", shared: true }],
  ["knowledgeItemSchema", 7],
  ["mediaSchema", { id: "1", url: "u", contentType: "image" }],
  ["mediaSchema", { id: "1", url: "u", contentType: "gif" }],
];

const compat: Record<SchemaName, Schema> = {
  settingsSchema,
  contentSchema,
  knowledgeItemSchema,
  mediaSchema,
};

describe("eliza-edge/elizaos's character schemas", () => {
  it.each(schemaCases)("%s gives elizaOS's verdict on %j", (name, value) => {
    expect(compat[name].safeParse(value).success).toBe(eliza[name].safeParse(value).success);
  });
});
