// Serverless Framework v3, for `serverless package` of a scaffolded Lambda project: the deploy
// dry run (it validates serverless.yml, configValidationMode: error, and writes the
// CloudFormation template and zip without AWS credentials). Like the Vercel CLI it is a large
// tool (~250 MB) no user of eliza-edge needs from us, so the first test that asks installs the
// pinned version into node_modules/.cache and later runs reuse it. v4 cannot run offline.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** What the scaffold's scripts run (`npx --yes serverless@3.40.0`). */
export const SERVERLESS_VERSION = "3.40.0";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const home = join(repo, "node_modules/.cache/serverless-cli", SERVERLESS_VERSION);
const entry = join(home, "node_modules/serverless/bin/serverless.js");
const done = join(home, "installed");

const quiet = {
  ...process.env,
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
  SLS_TELEMETRY_DISABLED: "1",
  SLS_NOTIFICATIONS_MODE: "off",
  CI: "1",
};

export function serverlessCli(): string {
  if (existsSync(done) && existsSync(entry)) return entry;
  mkdirSync(home, { recursive: true });
  execFileSync("npm", ["install", "--prefix", home, `serverless@${SERVERLESS_VERSION}`], {
    env: quiet,
    stdio: "pipe",
    timeout: 900_000,
  });
  writeFileSync(done, `${SERVERLESS_VERSION}\n`);
  return entry;
}

/** `serverless package` in `dir`; the result is in `.serverless/`. */
export function serverlessPackage(dir: string): string {
  // No AWS credentials anywhere near: packaging must not need them.
  const env = Object.fromEntries(
    Object.entries(quiet).filter(([name]) => !name.startsWith("AWS_")),
  );
  return execFileSync(process.execPath, [serverlessCli(), "package"], {
    cwd: dir,
    env,
    encoding: "utf8",
    stdio: "pipe",
    timeout: 600_000,
  });
}
