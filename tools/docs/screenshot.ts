// Screenshots of the built docs site, to look at a page the way a reader sees it:
// `npm run docs:build && npm run docs:screenshot [-- /page /other-page]` serves
// docs/.vitepress/dist on a local port, opens each page in Debian's Chromium (playwright-core;
// CHROMIUM_PATH overrides /usr/bin/chromium) at desktop (1280×800) and phone (390×844) widths
// and writes one PNG per page and width into a new temporary directory, which it prints.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { fileFor } from "./check-links.ts";

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/** The built site on 127.0.0.1, with VitePress's clean URLs. */
export async function serveSite(dist: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const file = fileFor(dist, path);
    if (!file) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

export async function screenshots(
  dist: string,
  pages: string[],
  outDir: string,
): Promise<string[]> {
  const { url, server } = await serveSite(dist);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const written: string[] = [];
  try {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const path of pages) {
        await page.goto(`${url}${path}`, { waitUntil: "networkidle" });
        const slug = path.replace(/^\/|\/$/g, "").replace(/\//g, "-") || "home";
        const file = join(outDir, `${slug}-${name}.png`);
        await page.screenshot({ path: file });
        written.push(file);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = fileURLToPath(new URL("../../docs/.vitepress/dist", import.meta.url));
  if (!existsSync(join(dist, "index.html"))) {
    console.error("No built site in docs/.vitepress/dist: run `npm run docs:build` first.");
    process.exit(1);
  }
  const pages = process.argv.slice(2);
  const outDir = mkdtempSync(join(tmpdir(), "eliza-edge-docs-screenshots-"));
  const files = await screenshots(
    dist,
    pages.length ? pages : ["/", "/getting-started/node"],
    outDir,
  );
  for (const file of files) console.log(file);
}
