// The Vercel CLI, for `vercel build` in tests. It is a ~360 MB tool no user of eliza-edge
// needs, so it is not a devDependency: the first test that asks installs the pinned version
// into node_modules/.cache (from the npm registry, as npm ci would), and later runs reuse it.
// `vercel build` itself works offline given a .vercel/project.json (see vercelBuild).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Pinned: the registry mirror our machines use lacks some dependencies of newer releases. */
export const VERCEL_CLI_VERSION = "60.1.3";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const home = join(repo, "node_modules/.cache/vercel-cli", VERCEL_CLI_VERSION);
const entry = join(home, "node_modules/vercel/dist/vc.js");
// Written only after npm finished: an install cut short is redone, not half used.
const done = join(home, "installed");

const quiet = {
  ...process.env,
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
  VERCEL_TELEMETRY_DISABLED: "1",
  CI: "1",
};

/** The CLI's entry script (run it with node), installed on first use. */
export function vercelCli(): string {
  if (existsSync(done) && existsSync(entry)) return entry;
  mkdirSync(home, { recursive: true });
  execFileSync("npm", ["install", "--prefix", home, `vercel@${VERCEL_CLI_VERSION}`], {
    env: quiet,
    stdio: "pipe",
    timeout: 600_000,
  });
  writeFileSync(done, `${VERCEL_CLI_VERSION}\n`);
  return entry;
}

/**
 * `vercel build` in `dir`, as a linked project would run it, with no account and no network
 * beyond what the project's own build does: the project settings `vercel pull` would fetch
 * are written locally. Returns the CLI's output; the result is in `.vercel/output`.
 */
export function vercelBuild(dir: string): string {
  const cli = vercelCli();
  mkdirSync(join(dir, ".vercel"), { recursive: true });
  writeFileSync(
    join(dir, ".vercel/project.json"),
    JSON.stringify({ projectId: "prj_local", orgId: "team_local", settings: { framework: null } }),
  );
  return execFileSync(process.execPath, [cli, "build", "--yes"], {
    cwd: dir,
    env: quiet,
    encoding: "utf8",
    stdio: "pipe",
    timeout: 600_000,
  });
}
