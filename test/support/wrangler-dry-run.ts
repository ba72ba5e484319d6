// `wrangler deploy --dry-run --outdir` as a user runs it before a deploy: wrangler's own
// bundling (its [alias], nodejs_compat polyfills, conditions) and its own size report.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface WranglerDryRun {
  /** wrangler's "Total Upload: … / gzip: … KiB" figures, in KiB. */
  totalKiB: number;
  gzipKiB: number;
  /** The bundled main module wrangler would upload. */
  code: string;
  stdout: string;
}

/** `config`: a wrangler.toml path relative to the repository root; `main` names its entry. */
export async function wranglerDryRun(config: string, main: string): Promise<WranglerDryRun> {
  const outdir = await mkdtemp(join(tmpdir(), "eliza-edge-wrangler-"));
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(root, "node_modules/wrangler/bin/wrangler.js"),
        "deploy",
        "--dry-run",
        "--outdir",
        outdir,
        "--config",
        config,
      ],
      {
        cwd: root,
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" },
      },
    );
    const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(stdout);
    if (!match) throw new Error(`no size report in wrangler's output:\n${stdout}`);
    const code = await readFile(join(outdir, `${basename(main, extname(main))}.js`), "utf8");
    return { totalKiB: Number(match[1]), gzipKiB: Number(match[2]), code, stdout };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
