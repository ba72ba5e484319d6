// The real embedding sidecar for tests, serving a tiny generated model. Its own package is
// installed (slim: the linux-x64 prebuilt only, ~85 MB, ~5-10 s) the first time a test needs
// it, so `npm ci && npm test` works on a fresh clone. Test files run in parallel workers, so
// a directory lock makes one of them install while the others wait.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  type EmbeddingSidecar,
  SIDECAR_DIR,
  startEmbeddingSidecar,
} from "../../targets/node/sidecar-process.ts";
import { type TinyGguf, type TinyGgufOptions, writeTinyGguf } from "./tiny-gguf.ts";

const run = promisify(execFile);
const LOCK = `${SIDECAR_DIR}.install-lock`;
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 5 * 60_000;
const POLL_MS = 200;

export function sidecarInstalled(): boolean {
  return (
    existsSync(`${SIDECAR_DIR}node_modules/node-llama-cpp/package.json`) &&
    existsSync(`${SIDECAR_DIR}node_modules/@node-llama-cpp/linux-x64/package.json`)
  );
}

export async function ensureSidecarInstalled(): Promise<void> {
  while (!sidecarInstalled()) {
    if (takeLock()) {
      try {
        if (!sidecarInstalled()) await install();
      } finally {
        rmSync(LOCK, { recursive: true, force: true });
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function takeLock(): boolean {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) {
        rmSync(LOCK, { recursive: true, force: true });
      }
    } catch {
      // Removed meanwhile by the process that held it.
    }
    return false;
  }
}

async function install(): Promise<void> {
  try {
    await run("npm", ["ci", "--omit=optional", "--no-audit", "--no-fund"], {
      cwd: SIDECAR_DIR,
      // Without this, a missing prebuilt makes postinstall compile llama.cpp (many minutes).
      env: { ...process.env, NODE_LLAMA_CPP_SKIP_DOWNLOAD: "true" },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(
      `installing the embedding sidecar in ${SIDECAR_DIR} failed: ${(error as Error).message}\n${stderr ?? ""}`,
    );
  }
}

export interface TestSidecar extends EmbeddingSidecar {
  /** The tiny model's file and width. */
  gguf: TinyGguf;
  /** Every stderr line the sidecar printed after it was ready. */
  lines: string[];
  /** Resolves with the first line matching `pattern`, printed already or later. */
  waitForLine(pattern: RegExp): Promise<string>;
}

/**
 * Installs the sidecar if needed, writes a tiny model into `dir` and serves it on a free port.
 * `env` takes further LOCAL_EMBEDDING_* settings.
 */
export async function startTestSidecar(
  dir: string,
  env: Record<string, string> = {},
  model: Omit<TinyGgufOptions, "path"> = {},
): Promise<TestSidecar> {
  await ensureSidecarInstalled();
  const gguf = await writeTinyGguf({ path: join(dir, `tiny-${model.width ?? 32}.gguf`), ...model });
  const lines: string[] = [];
  const watchers: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const sidecar = await startEmbeddingSidecar({
    modelPath: gguf.path,
    env,
    log: (line) => {
      lines.push(line);
      for (const watcher of watchers.filter((w) => w.pattern.test(line))) {
        watchers.splice(watchers.indexOf(watcher), 1);
        watcher.resolve(line);
      }
    },
  });
  return Object.assign(sidecar, {
    gguf,
    lines,
    waitForLine: (pattern: RegExp) => {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) return Promise.resolve(seen);
      return new Promise<string>((resolve) => watchers.push({ pattern, resolve }));
    },
  });
}
