// The generated reference pages are what their sources make today: configuration.md from the
// settings catalog, http-api.md from openapi.json (cli.md, which needs a child process, is
// test/docs/cli-page.test.ts's). A stale page fails here; `npm run docs:generate` rewrites them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generatedPages, root } from "../../tools/docs/generate.ts";

const IN_PROCESS = ["docs/reference/configuration.md", "docs/reference/http-api.md"];

import { configurationPage } from "../../tools/docs/generate/configuration.ts";
import { httpApiPage, type OpenApiDocument } from "../../tools/docs/generate/http-api.ts";
import { catalogNames } from "../../tools/docs/settings/catalog.ts";

describe("the generated reference pages", () => {
  it.each(Object.entries(generatedPages()).filter(([path]) => IN_PROCESS.includes(path)))(
    "%s is up to date (npm run docs:generate rewrites it)",
    (path, page) => {
      expect(readFileSync(join(root, path), "utf8") === page(), `${path} is stale`).toBe(true);
    },
    120_000,
  );

  it("configuration.md names every setting of the catalog", () => {
    const page = configurationPage();
    expect(catalogNames().filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });

  it("http-api.md has a section for every path and method of openapi.json", () => {
    const doc = JSON.parse(readFileSync(join(root, "openapi.json"), "utf8")) as OpenApiDocument;
    const page = httpApiPage(doc);
    const missing = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => !page.includes(`### \`${method.toUpperCase()} ${path}\``))
        .map((method) => `${method} ${path}`),
    );
    expect(missing).toEqual([]);
    for (const name of Object.keys(doc.components?.schemas ?? {})) {
      expect(page).toContain(`{#schema-${name.toLowerCase()}}`);
    }
  });
});
