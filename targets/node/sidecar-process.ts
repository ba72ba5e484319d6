// Starts the local embedding sidecar (targets/node/sidecar/) as a child process and waits
// until it serves. Its own package keeps node-llama-cpp's native binaries out of every other
// target; the Node target points LOCAL_EMBEDDING_URL at the URL this returns.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const SIDECAR_DIR = fileURLToPath(new URL("./sidecar/", import.meta.url));
export const SIDECAR_INSTALL_COMMAND =
  "NODE_LLAMA_CPP_SKIP_DOWNLOAD=true npm ci --omit=optional --no-audit --no-fund";

export interface EmbeddingSidecarOptions {
  /** The GGUF embedding model (LOCAL_EMBEDDING_MODEL_PATH); relative to this process's cwd. */
  modelPath: string;
  /** CPU threads per embedding context. Default LOCAL_EMBEDDING_THREADS, else 1: more is slower for small models. */
  threads?: number;
  /**
   * EMBEDDING_DIMENSION, when pinned: a model of another width is stopped and refused here, at
   * startup, with no extra model call.
   */
  expectedDimension?: number;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The environment to read LOCAL_EMBEDDING_* settings from (see sidecar/config.mjs). Default process.env. */
  env?: Record<string, string | undefined>;
  /** Loading a large model from a cold disk can take a while. Default 120 s. */
  startupTimeoutMs?: number;
  /** Where the sidecar's stderr lines go once it is up. Default: this process's stderr. */
  log?: (line: string) => void;
}

export interface EmbeddingSidecar {
  /** http://127.0.0.1:PORT, no trailing slash: LOCAL_EMBEDDING_URL. */
  url: string;
  /** The model's vector width. */
  dimension: number;
  /** The `model` it reports. */
  model: string;
  pid: number;
  /** Resolves with the exit code when the sidecar exits, for whatever reason. */
  exited: Promise<number | null>;
  /** SIGTERM (it answers what it accepted first), then the exit code. */
  stop(): Promise<number | null>;
}

const READY = /^embedding sidecar listening on (http:\/\/\S+) dim=(\d+) model=(.*)$/m;
const STARTUP_LOG_CHARS = 4_000;

export async function startEmbeddingSidecar(
  options: EmbeddingSidecarOptions,
): Promise<EmbeddingSidecar> {
  if (!existsSync(`${SIDECAR_DIR}node_modules/node-llama-cpp/package.json`)) {
    throw new Error(
      `the embedding sidecar is not installed; run \`${SIDECAR_INSTALL_COMMAND}\` in ${SIDECAR_DIR}`,
    );
  }
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: SIDECAR_DIR,
    env: {
      ...process.env,
      ...options.env,
      // The child runs in the sidecar's folder, so a relative path would point there.
      LOCAL_EMBEDDING_MODEL_PATH: resolve(options.modelPath),
      ...(options.threads === undefined
        ? {}
        : { LOCAL_EMBEDDING_THREADS: String(options.threads) }),
      LOCAL_EMBEDDING_PORT: String(options.port ?? 0),
      LOCAL_EMBEDDING_HOST: options.host ?? "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? (signal ? null : 0)));
  });
  // If this process ends without stopping it, the sidecar must not live on holding its port.
  const orphanGuard = () => child.kill("SIGKILL");
  process.once("exit", orphanGuard);
  void exited.then(() => process.off("exit", orphanGuard));

  let ready: RegExpExecArray;
  try {
    ready = await waitForReady(child, exited, options.startupTimeoutMs ?? 120_000);
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    throw error;
  }
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  forwardLines(child, log);

  const sidecar: EmbeddingSidecar = {
    url: ready[1]!,
    dimension: Number(ready[2]),
    model: ready[3]!,
    pid: child.pid!,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  const expected = options.expectedDimension;
  if (expected !== undefined && expected !== sidecar.dimension) {
    await sidecar.stop();
    throw new Error(
      `EMBEDDING_DIMENSION is ${expected} but the model at ${options.modelPath} produces ${sidecar.dimension}-dimensional embeddings; set EMBEDDING_DIMENSION=${sidecar.dimension} or use a ${expected}-dimensional model`,
    );
  }
  return sidecar;
}

function waitForReady(
  child: ChildProcess,
  exited: Promise<number | null>,
  timeoutMs: number,
): Promise<RegExpExecArray> {
  let stdout = "";
  let stderr = "";
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off("data", onStdout);
      child.stderr?.off("data", onStderr);
    };
    const onStdout = (chunk: Buffer) => {
      stdout += chunk;
      const match = READY.exec(stdout);
      if (match) {
        done();
        resolve(match);
      }
    };
    const onStderr = (chunk: Buffer) => {
      stderr = (stderr + chunk).slice(-STARTUP_LOG_CHARS);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`embedding sidecar did not start within ${timeoutMs} ms${said(stderr)}`));
    }, timeoutMs);
    child.stdout?.on("data", onStdout);
    child.stderr?.on("data", onStderr);
    child.once("error", (error) => {
      done();
      reject(new Error(`embedding sidecar could not be started: ${error.message}`));
    });
    void exited.then((code) => {
      done();
      reject(
        new Error(
          `embedding sidecar exited with ${code === null ? "a signal" : `code ${code}`} before it was ready${said(stderr)}`,
        ),
      );
    });
  });
}

/**
 * The sidecar's own words: its last stderr lines, where it says what is wrong. The last line
 * also goes on the first, since startup errors are logged as one line.
 */
function said(stderr: string): string {
  const text = stderr.trim();
  if (!text) return " (it printed nothing)";
  const last = text.slice(text.lastIndexOf("\n") + 1).trim();
  return last === text ? `: ${text}` : `: ${last}\n${text}`;
}

function forwardLines(child: ChildProcess, log: (line: string) => void): void {
  let pending = "";
  const onData = (chunk: Buffer) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line) log(line);
  };
  child.stderr?.on("data", onData);
  // Nothing else is expected on stdout, but an unread pipe could fill and stall the child.
  child.stdout?.resume();
  child.once("exit", () => {
    if (pending) log(pending);
  });
}
