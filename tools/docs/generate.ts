// `npm run docs:generate`: rewrites the generated reference pages from their sources —
// configuration.md from the settings catalog, http-api.md from openapi.json, cli.md from the
// CLI's --help. test/docs/generated.test.ts fails when a committed page differs from these.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cliPage, readCliHelp } from "./generate/cli.ts";
import { configurationPage } from "./generate/configuration.ts";
import { httpApiPage, type OpenApiDocument } from "./generate/http-api.ts";

export const root = fileURLToPath(new URL("../..", import.meta.url));

/** Each generated page (path from the repository's root) and its text as the sources make it. */
export function generatedPages(): Record<string, () => string> {
  return {
    "docs/reference/configuration.md": configurationPage,
    "docs/reference/http-api.md": () =>
      httpApiPage(JSON.parse(readFileSync(join(root, "openapi.json"), "utf8")) as OpenApiDocument),
    "docs/reference/cli.md": () => cliPage(readCliHelp(root)),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [path, page] of Object.entries(generatedPages())) {
    writeFileSync(join(root, path), page());
    console.log(`wrote ${path}`);
  }
}
