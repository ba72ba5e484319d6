// The docs site as `npm run docs:build` makes it (built here into a temporary directory):
// VitePress fails the build on a link to a missing page; this test adds what it does not check.
// - no dead link or anchor in the built HTML (tools/docs/check-links.ts);
// - every page has a title and a description in its frontmatter, and llms.txt lists each;
// - nothing of the old README is lost: docs/moved-headings.json maps every heading of the
//   README as it was before the site (commit d1b2f29; its headings are kept in
//   test/docs/fixtures/) to the page, and the anchor, where that section now lives.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadLinks, fileFor, idsOf } from "../../tools/docs/check-links.ts";
import { docsPages } from "../../tools/docs/pages.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const docs = join(root, "docs");
let dist: string;

beforeAll(() => {
  dist = join(mkdtempSync(join(tmpdir(), "eliza-edge-docs-")), "dist");
  execFileSync(join(root, "node_modules/.bin/vitepress"), ["build", "docs", "--outDir", dist], {
    cwd: root,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: "pipe",
    timeout: 600_000,
  });
}, 600_000);

afterAll(() => {
  if (dist) rmSync(join(dist, ".."), { recursive: true, force: true });
});

describe("the built docs site", () => {
  it("has no dead internal link or anchor", () => {
    const dead = deadLinks(dist).map((link) => `${link.page}: ${link.href}: ${link.problem}`);
    expect(dead).toEqual([]);
  });

  it("gives every page a title and a one-line description in its frontmatter", () => {
    const pages = docsPages(docs);
    expect(pages.length).toBeGreaterThan(20);
    const lacking = pages
      .filter((page) => !page.title?.trim() || !page.description?.trim())
      .map((page) => page.file);
    expect(lacking, "add `title:` and `description:` frontmatter").toEqual([]);
  });

  it("writes llms.txt listing every page with its description", () => {
    const llms = readFileSync(join(dist, "llms.txt"), "utf8");
    for (const page of docsPages(docs)) {
      expect(llms).toContain(`](${page.url}): ${page.description}`);
      expect(fileFor(dist, page.url), page.url).toBeDefined();
    }
  });
});

describe("nothing of the old README is lost", () => {
  const moved = JSON.parse(readFileSync(join(docs, "moved-headings.json"), "utf8")) as Record<
    string,
    string
  >;
  const headings = readFileSync(
    join(root, "test/docs/fixtures/readme-d1b2f29-headings.txt"),
    "utf8",
  )
    .split("\n")
    .filter(Boolean);

  it("docs/moved-headings.json maps every heading of the old README, and only those", () => {
    expect(Object.keys(moved).sort()).toEqual([...headings].sort());
  });

  it("each heading's new home is a built page and, with #anchor, a heading on it", () => {
    const missing = Object.entries(moved).flatMap(([heading, to]) => {
      const [path = "", anchor] = to.split("#", 2);
      const file = path.startsWith("/") ? fileFor(dist, path) : undefined;
      if (!file) return [`${heading} -> ${to}: no such page`];
      if (anchor && !idsOf(readFileSync(file, "utf8")).has(decodeURIComponent(anchor))) {
        return [`${heading} -> ${to}: no #${anchor} on the page`];
      }
      return [];
    });
    expect(missing).toEqual([]);
  });
});

describe("the link check", () => {
  it("finds a dead page link and a dead anchor, and passes good ones", async () => {
    const { mkdirSync, writeFileSync } = await import("node:fs");
    const site = mkdtempSync(join(tmpdir(), "eliza-edge-links-"));
    try {
      mkdirSync(join(site, "guides"));
      writeFileSync(
        join(site, "index.html"),
        '<a href="/guides/bots#telegram">ok</a><a href="/guides/bots#nope">bad anchor</a>' +
          '<a href="/guides/gone">bad page</a><a href="#top">ok</a><a href="https://x.dev/#y">ext</a>' +
          '<h1 id="top">Top</h1>',
      );
      writeFileSync(
        join(site, "guides/bots.html"),
        '<h2 id="telegram">Telegram</h2><a href="../#top">ok</a>',
      );
      expect(deadLinks(site).map((d) => `${d.page} ${d.href}`)).toEqual([
        "index.html /guides/bots#nope",
        "index.html /guides/gone",
      ]);
      expect(existsSync(join(site, "index.html"))).toBe(true);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
