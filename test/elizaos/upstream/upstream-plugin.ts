// Runs elizaOS's own unit tests (test/elizaos/upstream/files/, see README.md there) against a
// chosen @elizaos/core: eliza-edge's compat entry by default, or the real published 1.7.2 with
// ELIZAOS_UPSTREAM_TARGET=real. The tests import elizaOS's source by relative path ("../runtime",
// "../utils/environment"); every such import becomes the package's one public entry, which is
// what a plugin sees, except elizaOS's own test helpers (`./test-helpers`), which sit in files/
// beside the tests. "bun:test" becomes the shim in bun-test.ts, one copy per file. A
// `require("../environment")` in a test body is turned into the same entry, read once at load;
// a test that reaches for bun's global `Bun` (to stand in for `Bun.spawn`) finds an empty one.
//
// bun lets a test spy on a module's exports (`spyOn(utils, "parseKeyValueXml")`); an ES module
// namespace cannot be changed under Node. So `import * as ns` in an upstream file is given a
// plain copy of the namespace: the test's spy lands where the test looks, and the library's
// own internal calls stay as they are, for the real package and for eliza-edge alike.
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vitest/config";

const here = dirname(fileURLToPath(import.meta.url));
const filesDir = `${here}/files/`;
const shim = `${here}/bun-test.ts`;
const VIRTUAL = "\0bun-test:";
/** elizaOS's test helpers, imported by relative path from the tests: kept in files/ as they are. */
const HELPERS = new Set(["test-helpers"]);

const entries = {
  edge: fileURLToPath(new URL("../../../core/elizaos/index.ts", import.meta.url)),
  real: fileURLToPath(
    new URL("../../../node_modules/@elizaos/core/dist/node/index.node.js", import.meta.url),
  ),
};

export function upstreamElizaTests(): Plugin {
  const target = process.env.ELIZAOS_UPSTREAM_TARGET === "real" ? "real" : "edge";
  return {
    name: "elizaos-upstream-tests",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer?.startsWith(filesDir)) return null;
      if (source === "bun:test") return VIRTUAL + basename(importer);
      if (source.startsWith(".")) {
        const helper = basename(source).replace(/\.ts$/, "");
        return HELPERS.has(helper) ? `${filesDir}${helper}.ts` : entries[target];
      }
      return null;
    },
    transform(code, id) {
      if (!id.startsWith(filesDir)) return null;
      let relativeRequires = 0;
      const body = code
        .replace(
          /import \* as (\w+) from (['"][^'"]+['"]);/g,
          "import * as __ns_$1 from $2;\nconst $1 = { ...__ns_$1 };",
        )
        .replace(/\brequire\((['"]\.[^'"]*['"])\)/g, () => {
          relativeRequires++;
          return "__upstream_entry";
        });
      const prelude = [
        relativeRequires > 0 &&
          `import * as __upstream_entry from ${JSON.stringify(entries[target])};`,
        // bun's global, for a test that stands in for Bun.spawn; Node has none to change.
        /\bBun\b/.test(body) && "(globalThis as { Bun?: object }).Bun ??= {};",
      ].filter(Boolean);
      return prelude.length === 0 ? body : `${prelude.join("\n")}\n${body}`;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const file = JSON.stringify(id.slice(VIRTUAL.length));
      return [
        `import { bunTestFor } from ${JSON.stringify(shim)};`,
        `const api = bunTestFor(${file}, ${JSON.stringify(target)});`,
        "export const { describe, it, test, expect, beforeAll, afterAll, beforeEach, afterEach,",
        "  mock, spyOn, setSystemTime, jest } = api;",
      ].join("\n");
    },
  };
}
