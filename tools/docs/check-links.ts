// Dead links and anchors in the built docs site: every internal `href` of every built page must
// name a file that exists and, when it has a `#fragment`, an element with that id in it.
// VitePress itself fails the build on a link to a missing page, but not on a missing anchor.
// `npx tsx tools/docs/check-links.ts [dist]` prints each problem and exits 1 on any.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";

export interface DeadLink {
  /** The built page the link is on, relative to the site's root. */
  page: string;
  href: string;
  problem: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ENTITIES[e]!);

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith(".html") ? [path] : [];
  });
}

/** The ids a built page holds. */
export function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decodeEntities(m[1]!)));
}

/** The hrefs of a built page's links. */
export function hrefsOf(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
}

/** The built file a site path names, with clean URLs (`/guides/bots` is guides/bots.html). */
export function fileFor(dist: string, path: string): string | undefined {
  const clean = decodeURIComponent(path).replace(/^\/+/, "");
  const candidates =
    clean === "" || clean.endsWith("/")
      ? [`${clean}index.html`]
      : [clean, `${clean}.html`, `${clean}/index.html`];
  return candidates.map((c) => join(dist, c)).find((c) => existsSync(c) && statSync(c).isFile());
}

/** Every dead internal link and anchor of the site built in `dist`. */
export function deadLinks(dist: string): DeadLink[] {
  const dead: DeadLink[] = [];
  const ids = new Map<string, Set<string>>();
  const idsIn = (file: string) => {
    let found = ids.get(file);
    if (!found) {
      found = idsOf(readFileSync(file, "utf8"));
      ids.set(file, found);
    }
    return found;
  };
  for (const file of htmlFiles(dist)) {
    const page = relative(dist, file).replace(/\\/g, "/");
    for (const href of hrefsOf(readFileSync(file, "utf8"))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) continue; // external
      const [pathPart = "", fragment] = href.split("#", 2);
      const path = pathPart.split("?")[0]!;
      let target = file;
      if (path !== "") {
        const absolute = path.startsWith("/") ? path : posix.join(posix.dirname(`/${page}`), path);
        const found = fileFor(dist, absolute);
        if (!found) {
          dead.push({ page, href, problem: "no such page or file" });
          continue;
        }
        target = found;
      }
      if (fragment && target.endsWith(".html")) {
        const id = decodeURIComponent(fragment);
        if (!idsIn(target).has(id)) {
          dead.push({ page, href, problem: `no element with id "${id}"` });
        }
      }
    }
  }
  return dead;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist =
    process.argv[2] ?? fileURLToPath(new URL("../../docs/.vitepress/dist", import.meta.url));
  const dead = deadLinks(dist);
  for (const link of dead) console.error(`${link.page}: ${link.href}: ${link.problem}`);
  console.log(dead.length ? `${dead.length} dead links` : "no dead links or anchors");
  process.exitCode = dead.length ? 1 : 0;
}
