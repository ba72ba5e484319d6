// The package as a user gets it: `npm pack` of this repository (built in a temporary copy, so
// the checkout's dist/ is never rebuilt under a running server; tools/pack.ts), then a fresh
// project in a temp directory (outside the repository, so Node never walks up into its
// node_modules) that installs the tarball and its dependencies from the npm registry.
// `--prefer-offline` takes them from npm's cache when it has them, which keeps the test fast
// without changing what is installed. Build tools the user would bring (tsc, esbuild,
// wrangler) are this repository's.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DRIVER_VERSIONS } from "../../targets/shared/drivers.ts";
import { npmBin } from "../../tools/npm-bin.ts";
import { type PackReport, packBoth } from "../../tools/pack.ts";

export const root = fileURLToPath(new URL("../..", import.meta.url));
const consumerFixtures = fileURLToPath(new URL("../package/consumer/", import.meta.url));
const npm = npmBin;
const run = promisify(execFile);

export type { PackReport };

export interface PackedProject {
  /** The consumer project: package.json, node_modules/eliza-edge, the fixtures' .ts files. */
  dir: string;
  pack: PackReport;
  /** Runs a command in the consumer project with a clean env plus `env`. */
  exec(
    file: string,
    args: string[],
    env?: Record<string, string>,
  ): Promise<{ stdout: string; stderr: string }>;
  dispose(): Promise<void>;
}

// How this machine reaches the registry: a CA bundle for a TLS-inspecting proxy, the proxy
// itself, npm's registry and TLS settings. Dropping them sends npm into its retry backoff on
// every package (SELF_SIGNED_CERT_IN_CHAIN), which looked like a hung install. Not npm's other
// exported settings: npm_config_local_prefix, under `npm test`, would install into this repo.
const NETWORK_SETTINGS =
  /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|(HTTPS?|NO|ALL)_PROXY|npm_config_(registry|cafile|ca|cert|key|proxy|https_proxy|noproxy|strict_ssl|cache))$/i;

function networkEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        NETWORK_SETTINGS.test(entry[0]) && entry[1] !== undefined,
    ),
  );
}

/**
 * Env for child processes: this node first on PATH, telemetry off, the machine's network
 * settings, nothing else inherited (no test's DATABASE_URL, NODE_OPTIONS or vitest state).
 */
export function cleanEnv(env: Record<string, string> = {}): Record<string, string> {
  return {
    ...networkEnv(),
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
    HOME: process.env.HOME ?? tmpdir(),
    CI: "true",
    NO_COLOR: "1",
    WRANGLER_SEND_METRICS: "false",
    npm_config_update_notifier: "false",
    ...env,
  };
}

export async function createPackedProject(): Promise<PackedProject> {
  const base = await mkdtemp(join(tmpdir(), "eliza-edge-pack-"));
  try {
    const { elizaEdge } = await packBoth();
    const pack = elizaEdge.report;
    const dir = join(base, "consumer");
    await mkdir(dir);
    await cp(consumerFixtures, dir, { recursive: true });
    await writeFile(
      join(dir, "package.json"),
      `${JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2)}\n`,
    );
    const exec = (file: string, args: string[], env: Record<string, string> = {}) =>
      run(file, args, { cwd: dir, env: cleanEnv(env), maxBuffer: 16 * 1024 * 1024 });
    // Bounded well inside the hook's 30 minutes, so a registry that cannot be reached fails
    // with npm's own words (its http log lines) rather than as a hook timeout.
    const install = (args: string[]) =>
      run(npm, args, {
        cwd: dir,
        env: cleanEnv(),
        maxBuffer: 64 * 1024 * 1024,
        timeout: 15 * 60_000,
      }).catch((error: Error & { stderr?: string }) => {
        const tail = (error.stderr ?? "").trim().split("\n").slice(-20).join("\n");
        throw new Error(`npm install in the consumer project failed: ${tail}`, { cause: error });
      });
    await install([
      "install",
      "--loglevel=http",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      elizaEdge.tarball,
      // What a user's TypeScript project has beside it: Node's types, and Cloudflare's for
      // the Worker (an optional peer: only the d1 and cloudflare entries name them).
      "@types/node@20.19.43",
      "@cloudflare/workers-types@4.20260702.1",
      // Every driver (optional peers), since this consumer imports every entry; a project of
      // one target installs only its own (test/scaffold/).
      ...Object.entries(DRIVER_VERSIONS).map(([name, version]) => `${name}@${version}`),
    ]);
    return { dir, pack, exec, dispose: () => rm(base, { recursive: true, force: true }) };
  } catch (error) {
    await rm(base, { recursive: true, force: true });
    throw error;
  }
}
