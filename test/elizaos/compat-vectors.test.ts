// Test vectors from elizaOS's own tests, so ids and parsed model output match elizaOS's
// bit for bit. Sources (github.com/elizaOS/eliza):
//   stringToUuid:      packages/core/src/__tests__/ "stringToUuid SHA-1 implementation" suite
//                      (known-input vectors) and packages/core/src/__tests__/utils.test.ts
//   createUniqueUuid:  packages/core/src/__tests__/entities.test.ts
//   parseKeyValueXml, composePrompt, composePromptFromState, addHeader, safeReplacer,
//   trimTokens:        packages/core/src/__tests__/utils.test.ts
import { describe, expect, it } from "vitest";
import {
  type AgentRuntime,
  addHeader,
  composePrompt,
  composePromptFromState,
  createUniqueUuid,
  ModelType,
  parseKeyValueXml,
  safeReplacer,
  stringToUuid,
  trimTokens,
  type UUID,
  validateUuid,
} from "../../core/elizaos/index.ts";

describe("stringToUuid (elizaOS vectors)", () => {
  it.each([
    ["test", "a94a8fe5-ccb1-0ba6-9c4c-0873d391e987"],
    ["hello world", "f0355dd5-2823-054c-ae66-a0b12842c215"],
    ["", "da39a3ee-5e6b-0b0d-b255-bfef95601890"],
    ["123", "40bd0015-6308-0fc3-9165-329ea1ff5c5e"],
    ["user:agent", "a49810ce-da30-0d3b-97ee-d4d47774d8af"],
  ])("%j → %s", (input, expected) => {
    expect(stringToUuid(input)).toBe(expected);
  });

  it("returns a UUID unchanged and hashes numbers as their text", () => {
    expect(stringToUuid("550e8400-e29b-41d4-a716-446655440000")).toBe(
      "550e8400-e29b-41d4-a716-446655440000",
    );
    expect(stringToUuid(42)).toBe(stringToUuid("42"));
    expect(stringToUuid(-1)).toBe(stringToUuid("-1"));
  });

  it("sets the variant bits and a zero version nibble", () => {
    const [, , version = "", variant = ""] = stringToUuid("test").split("-");
    expect(Number.parseInt(variant.slice(0, 2), 16) & 0xc0).toBe(0x80);
    expect(version[0]).toBe("0");
  });

  it("throws TypeError for values that are not strings or numbers", () => {
    for (const bad of [null, undefined, {}, [], true]) {
      expect(() => stringToUuid(bad as unknown as string)).toThrow(TypeError);
    }
  });

  it("validates UUIDs as elizaOS does", () => {
    expect(validateUuid("123e4567-e89b-12d3-a456-426614174000")).toBe(
      "123e4567-e89b-12d3-a456-426614174000",
    );
    for (const bad of [
      "not-a-uuid",
      "123e4567-e89b-12d3-a456",
      "123e4567e89b12d3a456426614174000",
      null,
      123,
      {},
    ]) {
      expect(validateUuid(bad)).toBeNull();
    }
  });
});

describe("createUniqueUuid (elizaOS vectors)", () => {
  const runtime = { agentId: "agent-id-123" as UUID };
  it("returns the agent id for the agent itself", () => {
    expect(createUniqueUuid(runtime, "agent-id-123")).toBe("agent-id-123");
  });
  it('hashes "base:agentId"', () => {
    expect(createUniqueUuid(runtime, "user-456")).toBe(stringToUuid("user-456:agent-id-123"));
  });
});

describe("parseKeyValueXml (elizaOS vectors)", () => {
  it("parses a response block", () => {
    const xml = `<response>
      <name>TestAgent</name>
      <reasoning>Test reasoning</reasoning>
      <action>RESPOND</action>
    </response>`;
    expect(parseKeyValueXml(xml)).toEqual({
      name: "TestAgent",
      reasoning: "Test reasoning",
      action: "RESPOND",
    });
  });

  it("splits actions, providers and evaluators on commas", () => {
    const xml = `<response>
      <actions>ACTION1,ACTION2,ACTION3</actions>
      <providers>PROVIDER1, PROVIDER2</providers>
      <evaluators>EVAL1, EVAL2</evaluators>
    </response>`;
    expect(parseKeyValueXml(xml)).toEqual({
      actions: ["ACTION1", "ACTION2", "ACTION3"],
      providers: ["PROVIDER1", "PROVIDER2"],
      evaluators: ["EVAL1", "EVAL2"],
    });
  });

  it("makes only `simple` a boolean", () => {
    expect(
      parseKeyValueXml("<response><simple>true</simple><complex>false</complex></response>"),
    ).toEqual({
      simple: true,
      complex: "false",
    });
  });

  it("unescapes XML entities", () => {
    expect(
      parseKeyValueXml("<response><text>Value with &lt;tags&gt; &amp; entities</text></response>"),
    ).toEqual({ text: "Value with <tags> & entities" });
  });

  it("returns null for empty, plain, unclosed, mismatched and childless input", () => {
    for (const input of [
      "",
      "not xml",
      "<unclosed>",
      "<response><start>value</end></response>",
      "<response></response>",
      "<response>Just plain text</response>",
    ]) {
      expect(parseKeyValueXml(input)).toBeNull();
    }
  });

  it("accepts any root tag", () => {
    expect(parseKeyValueXml("<custom><key>value</key></custom>")).toEqual({ key: "value" });
  });

  it("gives empty lists for empty list fields", () => {
    const xml = "<response>\n<actions></actions>\n<providers> </providers>\n</response>";
    expect(parseKeyValueXml(xml)).toEqual({ actions: [], providers: [] });
  });

  it("parses a simple block", () => {
    expect(
      parseKeyValueXml(
        "<response><key>value</key><actions>a,b</actions><simple>true</simple></response>",
      ),
    ).toEqual({ key: "value", actions: ["a", "b"], simple: true });
  });
});

describe("prompt composition (elizaOS vectors)", () => {
  it("composePrompt fills values; missing ones render empty", () => {
    expect(
      composePrompt({
        state: { name: "Alice", role: "developer", task: "write tests" },
        template: "Hello {{name}}, as a {{role}}, please {{task}}.",
      }),
    ).toBe("Hello Alice, as a developer, please write tests.");
    expect(
      composePrompt({ state: { name: "Bob" }, template: "Hello {{name}}, your role is {{role}}." }),
    ).toBe("Hello Bob, your role is .");
    expect(composePrompt({ state: {}, template: "Template with {{placeholder}}." })).toBe(
      "Template with .",
    );
    expect(composePrompt({ state: { word: "test" }, template: "{{word}} {{word}} {{word}}" })).toBe(
      "test test test",
    );
  });

  it("composePromptFromState flattens the state and its values", () => {
    expect(
      composePromptFromState({
        state: { values: { b: "y" }, data: {}, text: "", c: "z" },
        template: "{{b}} {{c}}",
      }),
    ).toBe("y z");
    expect(
      composePromptFromState({
        state: { values: {}, data: {}, text: "", bio: "" },
        template: "Bio: {{bio}}\nMissing: {{missingProp}}",
      }),
    ).toBe("Bio: \nMissing: ");
  });

  it("addHeader puts the header on its own line, or gives nothing for an empty body", () => {
    expect(addHeader("# Title", "This is the body content.")).toBe(
      "# Title\nThis is the body content.\n",
    );
    expect(addHeader("", "Body content")).toBe("Body content\n");
    expect(addHeader("Header", "")).toBe("");
    expect(addHeader("Line 1\nLine 2", "Body line 1\nBody line 2")).toBe(
      "Line 1\nLine 2\nBody line 1\nBody line 2\n",
    );
  });

  it("safeReplacer marks cycles", () => {
    const obj: Record<string, unknown> = { a: 1, b: { c: 2 } };
    obj.self = obj;
    const text = JSON.stringify(obj, safeReplacer());
    expect(text).toContain("[Circular]");
    expect(text).toContain('"c":2');
    const plain = { a: 1, d: [1, 2, 3], e: null, f: "s" };
    expect(JSON.stringify(plain, safeReplacer())).toBe(JSON.stringify(plain));
  });

  it("trimTokens keeps the last tokens through the runtime's tokenizer models", async () => {
    const runtime = {
      useModel: async (type: string, params: { prompt?: string; tokens?: string[] }) => {
        if (type === ModelType.TEXT_TOKENIZER_ENCODE) return params.prompt?.split(" ");
        if (type === ModelType.TEXT_TOKENIZER_DECODE) return params.tokens?.join(" ");
        return [];
      },
    } as unknown as AgentRuntime;
    expect(await trimTokens("a b c d e", 3, runtime)).toBe("c d e");
    expect(await trimTokens("hi", 100, runtime)).toBe("hi");
  });
});
