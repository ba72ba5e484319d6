// Debian's chromium driven by playwright-core, for the browser tests. Playwright's own browser
// download does not work on these machines, so Debian's package is used: CI installs it, and on
// a fresh machine where we are root with apt-get, the first browser test installs it itself.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function installChromium(): void {
  if (existsSync(CHROMIUM_PATH) || process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get"))
    return;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], {
    stdio: "ignore",
    env,
  });
}

export async function launchChromium(): Promise<Browser> {
  if (!process.env.CHROMIUM_PATH) installChromium();
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      // Without these Chromium keeps dialling Google's hosts, refused on a closed network.
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    // launch() gives every browser a fresh, empty profile directory of its own.
  });
}
