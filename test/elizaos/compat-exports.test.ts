// Every value @elizaos/core 1.7.2 exports must be exported by eliza-edge/elizaos with the same
// kind: an ES named import of a missing name is a link-time SyntaxError that kills the whole
// plugin. The names are read from the real package's bundle as text (its final export list),
// so a name added upstream and missing here fails this test.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import * as compat from "../../core/elizaos/index.ts";
import { REFUSED } from "../../core/elizaos/refused.ts";

const require = createRequire(import.meta.url);
const corePackage = dirname(
  require.resolve("@elizaos/core/package.json", {
    paths: [dirname(require.resolve("@elizaos/plugin-bootstrap/package.json"))],
  }),
);
const bundle = readFileSync(join(corePackage, "dist/node/index.node.js"), "utf8");

/** The exported names of the bundle's last `export { a, b as c, ... };` statement. */
function exportedNames(source: string): string[] {
  const start = source.lastIndexOf("export {");
  const end = source.indexOf("};", start);
  return source
    .slice(start + "export {".length, end)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => entry.split(/\s+as\s+/).pop() as string);
}

function kind(value: unknown): string {
  if (typeof value !== "function") return typeof value;
  return /^class[\s{]/.test(Function.prototype.toString.call(value)) ? "class" : "function";
}

const names = exportedNames(bundle);

describe("eliza-edge/elizaos exports @elizaos/core 1.7.2's values", () => {
  it("reads the real export list", () => {
    expect(names.length).toBeGreaterThan(150);
    expect(names).toContain("Service");
    expect(names).toContain("parseKeyValueXml");
  });

  it("exports every name", () => {
    const missing = names.filter((name) => !(name in compat));
    expect(missing).toEqual([]);
  });

  it("exports each with elizaOS's kind (class, function, object, string, boolean)", async () => {
    const real = (await import("@elizaos/core")) as Record<string, unknown>;
    const ours = compat as Record<string, unknown>;
    const mismatched = names
      .filter((name) => name in real)
      .filter((name) => kind(real[name]) !== kind(ours[name]))
      .map((name) => `${name}: elizaOS ${kind(real[name])}, eliza-edge ${kind(ours[name])}`);
    expect(mismatched).toEqual([]);
  });

  it("keeps elizaOS's enum values", async () => {
    const real = (await import("@elizaos/core")) as Record<string, unknown>;
    for (const name of [
      "ChannelType",
      "ContentType",
      "EventType",
      "MemoryType",
      "ModelType",
      "ServiceType",
      "Role",
      "PlatformPrefix",
      "SOCKET_MESSAGE_TYPE",
      "AgentStatus",
      "TEEMode",
      "TeeType",
      "VECTOR_DIMS",
      "MESSAGE_STREAM_EVENT",
      "MODEL_SETTINGS",
      "customLevels",
    ]) {
      expect({ name, value: (compat as Record<string, unknown>)[name] }).toEqual({
        name,
        value: real[name],
      });
    }
  });

  it("lists every refused name among the exports", () => {
    for (const name of Object.keys(REFUSED)) expect(names).toContain(name);
  });
});
