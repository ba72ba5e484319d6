import { afterEach, describe, expect, it, vi } from "vitest";
import { createUniqueUuid, randomUuid, stringToUuid, validateUuid } from "../../core/index.ts";
import { withIdsWhereRandomRefused } from "../../core/kernel/index.ts";

describe("stringToUuid (elizaOS-compatible)", () => {
  it.each([
    ["Eliza", "b850bc30-45f8-0041-a00a-83df46d8555d"],
    ["chat-room", "2c17ecd3-ddd1-0874-8128-bb9c1bf043f5"],
    ["hello world", "f0355dd5-2823-054c-ae66-a0b12842c215"],
  ])("%s → %s", (input, expected) => {
    expect(stringToUuid(input)).toBe(expected);
  });

  it("returns a string that already is a UUID unchanged", () => {
    const id = "b850bc30-45f8-0041-a00a-83df46d8555d";
    expect(stringToUuid(id)).toBe(id);
  });

  it("hashes numbers as their decimal text", () => {
    expect(stringToUuid(12345)).toBe(stringToUuid("12345"));
  });

  it("encodes like encodeURIComponent, so unicode and reserved characters are stable", () => {
    const a = stringToUuid("héllo wörld/?&");
    expect(validateUuid(a)).toBe(a);
    expect(a).not.toBe(stringToUuid("hello world/?&"));
  });

  it("createUniqueUuid scopes an id to one agent", () => {
    const a = { agentId: stringToUuid("A") };
    const b = { agentId: stringToUuid("B") };
    expect(createUniqueUuid(a, "user-1")).toBe(stringToUuid(`user-1:${a.agentId}`));
    expect(createUniqueUuid(a, "user-1")).not.toBe(createUniqueUuid(b, "user-1"));
    expect(createUniqueUuid(a, a.agentId)).toBe(a.agentId);
  });
});

describe("randomUuid where the platform refuses random values (a Worker's global scope)", () => {
  afterEach(() => vi.restoreAllMocks());
  const refuse = () =>
    vi.spyOn(crypto, "randomUUID").mockImplementation(() => {
      throw new Error("Disallowed operation called within global scope");
    });

  it("still throws the platform's error outside the warm-up's scope", () => {
    refuse();
    expect(() => randomUuid()).toThrow("Disallowed operation");
  });

  it("counts distinct valid ids inside it, across awaits, and stops when it ends", async () => {
    refuse();
    const ids = await withIdsWhereRandomRefused(async () => {
      const first = randomUuid();
      await Promise.resolve();
      return [first, randomUuid(), randomUuid()];
    });
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(validateUuid(id)).toBe(id);
    expect(() => randomUuid()).toThrow("Disallowed operation");
  });

  it("gives random ids inside it where the platform allows them", async () => {
    const ids = await withIdsWhereRandomRefused(async () => [randomUuid(), randomUuid()]);
    expect(ids.every((id) => !id.startsWith("00000000-"))).toBe(true);
  });

  it("ends the scope when the work throws", async () => {
    refuse();
    await expect(
      withIdsWhereRandomRefused(async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(() => randomUuid()).toThrow("Disallowed operation");
  });
});
