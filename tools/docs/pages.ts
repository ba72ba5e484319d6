// The docs site's pages as files: each Markdown page under docs/ (VitePress's own folders
// aside), its URL and the title and description of its frontmatter.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export interface Page {
  /** Path under docs/, e.g. `getting-started/node.md`. */
  file: string;
  /** The page's URL on the site (clean URLs): `/getting-started/node`, `/` for index.md. */
  url: string;
  title?: string;
  description?: string;
}

/** `key: value` lines of a leading `---` block (the subset of YAML the pages use). */
export function frontmatter(text: string): Record<string, string> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  const fields: Record<string, string> = {};
  if (!match) return fields;
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!field) continue;
    let value = field[2]!.trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    fields[field[1]!] = value;
  }
  return fields;
}

export function urlOf(file: string): string {
  const path = file.replace(/\\/g, "/").replace(/\.md$/, "");
  if (path === "index") return "/";
  return `/${path.replace(/\/index$/, "/")}`;
}

function markdownFiles(dir: string, root: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      if (name.startsWith(".") || name === "public" || name === "node_modules") return [];
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return markdownFiles(path, root);
      return name.endsWith(".md") ? [relative(root, path)] : [];
    });
}

export function docsPages(docsDir: string): Page[] {
  return markdownFiles(docsDir, docsDir).map((file) => {
    const fields = frontmatter(readFileSync(join(docsDir, file), "utf8"));
    return { file, url: urlOf(file), title: fields.title, description: fields.description };
  });
}
