// Every member of elizaOS 1.x's IAgentRuntime (and the IDatabaseAdapter it extends) exists on
// an eliza-edge runtime, read from the real @elizaos/core type declarations in node_modules,
// so a new member in a future elizaOS shows up here instead of as "x is not a function" in a
// user's plugin.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { AgentRuntime, parseCharacter } from "../../core/index.ts";

const require = createRequire(import.meta.url);
const typesDir = join(dirname(require.resolve("@elizaos/core/package.json")), "dist", "types");

/** The member names declared directly in `export interface <name> ... { ... }`. */
function interfaceMembers(file: string, name: string): string[] {
  const source = readFileSync(join(typesDir, file), "utf8");
  const start = source.indexOf(`export interface ${name} `);
  if (start === -1) throw new Error(`${name} not found in ${file}`);
  let depth = 0;
  let end = source.indexOf("{", start);
  for (let i = end; i < source.length; i++) {
    if (source[i] === "{") depth++;
    if (source[i] === "}") depth--;
    if (depth === 0) {
      end = i;
      break;
    }
  }
  const body = source.slice(source.indexOf("{", start) + 1, end);
  // Members sit at one level of indentation (4 spaces); nested types and comments do not.
  const names = [...body.matchAll(/^ {4}(\w+)\??[(:<]/gm)].map((m) => m[1] as string);
  return [...new Set(names)];
}

/** Members eliza-edge deliberately leaves out, each with the reason. */
const REFUSED: Record<string, string> = {};

describe("IAgentRuntime surface", () => {
  const runtime = new AgentRuntime({
    character: parseCharacter({ name: "Surface" }),
    storage: createMemoryStorage(),
  });
  const database = interfaceMembers("database.d.ts", "IDatabaseAdapter");
  const agent = interfaceMembers("runtime.d.ts", "IAgentRuntime");

  it("reads a plausible member list from @elizaos/core", () => {
    expect(database).toEqual(expect.arrayContaining(["getRoomsByIds", "createMemory", "db"]));
    expect(agent).toEqual(expect.arrayContaining(["getRoom", "useModel", "messageService"]));
    expect(database.length).toBeGreaterThan(60);
    expect(agent.length).toBeGreaterThan(60);
  });

  it.each([...database, ...agent].filter((n) => !(n in REFUSED)))("has %s", (member) => {
    expect(member in runtime, `${member} is missing`).toBe(true);
  });

  it("refuses only the listed members, and only ones elizaOS declares", () => {
    for (const member of Object.keys(REFUSED)) {
      expect([...database, ...agent]).toContain(member);
      expect(member in runtime).toBe(false);
    }
  });

  it("exposes elizaOS's property shapes", () => {
    expect(runtime.services).toBeInstanceOf(Map);
    expect(runtime.stateCache).toBeInstanceOf(Map);
    expect(typeof runtime.events).toBe("object");
    expect(Array.isArray(runtime.routes)).toBe(true);
    expect(typeof runtime.fetch).toBe("function");
    expect(runtime.initPromise).toBeInstanceOf(Promise);
    expect(typeof runtime.messageService.handleMessage).toBe("function");
    expect(runtime.elizaOS).toBeUndefined();
    expect(runtime.hasElizaOS()).toBe(false);
    expect(runtime.adapter).toBe(runtime.storage);
    expect(runtime.db).toBe(runtime.storage); // memory storage has no drizzle database
  });
});
