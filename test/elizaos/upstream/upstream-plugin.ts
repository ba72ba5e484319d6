// Runs elizaOS's own unit tests (test/elizaos/upstream/files/, see README.md there) against a
// chosen @elizaos/core: eliza-edge's compat entry by default, or the real published 1.7.2 with
// ELIZAOS_UPSTREAM_TARGET=real. The tests import elizaOS's source by relative path ("../runtime",
// "../utils/environment"); every such import becomes the package's one public entry, which is
// what a plugin sees. "bun:test" becomes the shim in bun-test.ts, one copy per file.
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
      if (source.startsWith(".")) return entries[target];
      return null;
    },
    transform(code, id) {
      if (!id.startsWith(filesDir)) return null;
      return code.replace(
        /import \* as (\w+) from (['"][^'"]+['"]);/g,
        "import * as __ns_$1 from $2;\nconst $1 = { ...__ns_$1 };",
      );
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
