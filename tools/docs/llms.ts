// llms.txt (https://llmstxt.org): an index of the docs site for coding assistants, one line per
// page with its title, link and the frontmatter's description, in the sidebar's order. The
// build writes it beside the site's pages (docs/.vitepress/config.ts, buildEnd).
import type { DefaultTheme } from "vitepress";
import type { Page } from "./pages.ts";

interface Section {
  title: string;
  links: string[];
}

function sections(sidebar: DefaultTheme.SidebarItem[], title = "Docs"): Section[] {
  const out: Section[] = [];
  const here: Section = { title, links: [] };
  for (const item of sidebar) {
    if (item.items?.length) out.push(...sections(item.items, item.text ?? title));
    else if (item.link) here.links.push(item.link);
  }
  return here.links.length ? [here, ...out] : out;
}

const normal = (link: string) => link.replace(/\.(md|html)$/, "").replace(/\/index$/, "/");

export function llmsTxt(
  pages: Page[],
  sidebar: DefaultTheme.SidebarItem[],
  summary: string,
): string {
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  const listed = new Set<string>();
  const line = (page: Page) => {
    listed.add(page.url);
    const description = page.description ? `: ${page.description}` : "";
    return `- [${page.title ?? page.url}](${page.url})${description}`;
  };
  const home = byUrl.get("/");
  const lines = [`# ${home?.title ?? "Docs"}`, "", `> ${summary}`, ""];
  if (home) lines.push(line(home), "");
  for (const section of sections(sidebar)) {
    const entries = section.links.flatMap((link) => {
      const page = byUrl.get(normal(link));
      return page && !listed.has(page.url) ? [line(page)] : [];
    });
    if (entries.length) lines.push(`## ${section.title}`, "", ...entries, "");
  }
  const rest = pages.filter((page) => !listed.has(page.url));
  if (rest.length) lines.push("## Other pages", "", ...rest.map(line), "");
  return `${lines.join("\n").trimEnd()}\n`;
}
