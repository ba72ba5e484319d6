// The docs site (VitePress): `npm run docs:dev` serves it, `npm run docs:build` builds it into
// docs/.vitepress/dist. VitePress fails the build on a link to a page that does not exist;
// anchors are checked over the built HTML by tools/docs/check-links.ts (test/docs/site.test.ts).
// The navigation is sidebar.ts's.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DefaultTheme, defineConfig } from "vitepress";
import { llmsTxt } from "../../tools/docs/llms.ts";
import { docsPages } from "../../tools/docs/pages.ts";
import { nav, sidebar } from "./sidebar.ts";

const description =
  "Run elizaOS agents on Cloudflare Workers, AWS Lambda, Vercel and Node: one portable runtime, real storage backends, cron-driven tasks.";
const docsDir = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  title: "eliza-edge",
  description,
  cleanUrls: true,
  lastUpdated: false,
  themeConfig: {
    nav,
    sidebar,
    search: { provider: "local" },
    outline: { level: [2, 3] },
    socialLinks: [{ icon: "github", link: "https://github.com/eliza-edge/eliza-edge" }],
    editLink: {
      pattern: "https://github.com/eliza-edge/eliza-edge/edit/main/docs/:path",
    },
  },
  buildEnd(site) {
    const items: DefaultTheme.SidebarItem[] = Array.isArray(sidebar)
      ? sidebar
      : Object.values(sidebar).flatMap((entry) => (Array.isArray(entry) ? entry : entry.items));
    const text = llmsTxt(docsPages(docsDir), items, description);
    writeFileSync(join(site.outDir, "llms.txt"), text);
  },
});
