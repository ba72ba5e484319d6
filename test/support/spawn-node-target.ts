// Runs the Node target as `npm start` does, in a child process, and waits for its URL.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface RunningTarget {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** The exit code once the process has exited, whenever that was (even before this was read). */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** A fresh directory for the target's embedded database. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), "eliza-edge-node-"));
}

export interface SpawnOptions {
  /** The entry point, relative to the repository; default the Node target's main.ts. */
  script?: string;
  /** How long to wait for "listening on"; default 120 s. */
  startTimeoutMs?: number;
}

/** Starts the target; its PGlite data goes to a fresh temp dir unless env names PGLITE_DIR. */
export async function spawnNodeTarget(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<RunningTarget> {
  const script = options.script ?? "targets/node/main.ts";
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./targets/node/register.mjs", script],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        PORT: "0",
        PGLITE_DIR: tempDataDir(),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    // A guard, not a measure: a cold PGlite takes 4 s alone and over 30 s on a loaded machine.
    const timer = setTimeout(
      () => reject(new Error(`target did not start:\n${output}`)),
      options.startTimeoutMs ?? 120_000,
    );
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`target exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
