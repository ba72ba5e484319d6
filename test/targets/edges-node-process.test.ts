// Issue 29 on the Node target as a process: a signal to the pid a supervisor holds (npm's, under
// `npm start`) stops the server, npm dying without a word stops it too, and a stop has a
// deadline: requests in flight finish within SHUTDOWN_TIMEOUT_MS, and a stalled half-sent
// request or a turn that never ends cannot keep the process alive past it.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdtemp, rm, symlink } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCK_FILE } from "../../targets/node/data-dir-lock.ts";
import { npmBin } from "../../tools/npm-bin.ts";
import { packBoth } from "../../tools/pack.ts";
import { chatCompletion, type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { EDGE_PLAN, EDGE_REPLY } from "../support/edge-cases.ts";
import { eventually, GUARDED_TEST_MS } from "../support/eventually.ts";
import { root } from "../support/run-cli.ts";
import { type RunningTarget, spawnNodeTarget, tempDataDir } from "../support/spawn-node-target.ts";

// Each test starts a server with a cold PGlite (up to 120 s on a loaded machine), then waits
// for it to stop under a guard.
vi.setConfig({ testTimeout: 120_000 + GUARDED_TEST_MS });

/** A process that exists and is not a zombie (an exited child nobody has reaped yet). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) [ZX] /s.test(stat);
  } catch {
    return false;
  }
}

const started: number[] = [];
afterEach(() => {
  // Whatever a failed test left running, by the pids it started.
  for (const pid of started.splice(0)) {
    if (running(pid)) process.kill(pid, "SIGKILL");
  }
});

/**
 * The package as `npm start` runs it, from its packed tarball (built in a temporary copy of the
 * sources by tools/pack.ts, cached by their hash): this checkout's dist/ is never rebuilt under
 * a running server. Its node_modules is this repository's.
 */
async function packedPackage(): Promise<string> {
  const { elizaEdge } = await packBoth();
  const dir = await mkdtemp(join(tmpdir(), "eliza-edge-start-"));
  await promisify(execFile)("tar", ["-xzf", elizaEdge.tarball, "-C", dir]);
  const packageDir = join(dir, "package");
  await symlink(join(root, "node_modules"), join(packageDir, "node_modules"), "dir");
  // The agent a clone starts (not a file of the package: a project brings its own).
  await copyFile(join(root, "character.json"), join(packageDir, "character.json"));
  return packageDir;
}

let packageDir = "";

/** `promise`, or a failure naming what never happened and the server's output so far. */
async function guarded<T>(what: string, promise: Promise<T>, output: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`timed out after 90 s waiting for ${what}; server output:\n${output()}`)),
      90_000,
    );
  });
  try {
    return await Promise.race([promise, guard]);
  } finally {
    clearTimeout(timer);
  }
}

interface NpmStart {
  npm: ChildProcess;
  serverPid: number;
  dataDir: string;
  url: string;
}

/** `npm start` as a user or a container's CMD runs it; resolves once it serves. */
async function npmStart(): Promise<NpmStart> {
  const dataDir = tempDataDir();
  const npm = spawn(npmBin, ["start"], {
    cwd: packageDir,
    env: {
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
      HOST: "127.0.0.1",
      PORT: "0",
      PGLITE_DIR: dataDir,
      LOG_LEVEL: "warn",
      TASK_INTERVAL_MS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(npm.pid!);
  let output = "";
  npm.stdout?.on("data", (d) => {
    output += d;
  });
  npm.stderr?.on("data", (d) => {
    output += d;
  });
  const url = await eventually(
    "npm start to serve",
    () => /listening on (http:\/\/\S+)/.exec(output)?.[1],
    { guardMs: 120_000, detail: () => output },
  );
  const holder = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), "utf8")) as { pid: number };
  started.push(holder.pid);
  return { npm, serverPid: holder.pid, dataDir, url };
}

describe("npm start under a supervisor", () => {
  beforeAll(async () => {
    packageDir = await packedPackage();
    return () => rm(dirname(packageDir), { recursive: true, force: true });
  }, 600_000);

  it("SIGTERM to npm's pid stops the server and frees the port and the PGlite directory", async () => {
    const { npm, serverPid, dataDir, url } = await npmStart();
    expect(serverPid).not.toBe(npm.pid);
    npm.kill("SIGTERM");
    await eventually("the server to stop", () => !running(serverPid));
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  });

  it("npm killed outright (SIGKILL) leaves no orphan server behind", async () => {
    const { npm, serverPid, dataDir } = await npmStart();
    npm.kill("SIGKILL");
    await eventually("the orphaned server to stop", () => !running(serverPid));
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});

describe("a stop has a deadline", () => {
  let openai: FakeOpenAIServer;
  let target: RunningTarget | undefined;
  beforeAll(async () => {
    openai = await startFakeOpenAI({ reply: EDGE_PLAN });
    return async () => {
      await target?.stop();
      await openai.close();
    };
  });

  const env = (extra: Record<string, string>) => ({
    OPENAI_API_KEY: "sk-fake",
    OPENAI_BASE_URL: openai.url,
    OPENAI_EMBEDDING_MODEL: "none",
    LOG_LEVEL: "warn",
    TASK_INTERVAL_MS: "0",
    ...extra,
  });
  const ask = (url: string, text: string) =>
    fetch(`${url}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text, userId: `stop-${Date.now()}` }),
    });

  it("a turn that never ends and a half-sent request do not hold the process past SHUTDOWN_TIMEOUT_MS", async () => {
    target = await spawnNodeTarget(
      env({
        SHUTDOWN_TIMEOUT_MS: "1000",
        MODEL_TIMEOUT_MS: "600000",
        RUN_TIMEOUT_MS: "600000",
        REQUEST_TIMEOUT_MS: "0",
      }),
    );
    started.push(target.child.pid!);
    openai.enqueue({ heldUntil: new Promise(() => {}) });
    const seen = openai.requests.length;
    const stuck = ask(target.url, "this never ends").catch((error: unknown) => error);
    await eventually("the turn to reach the model", () => openai.requests.length > seen);
    // Headers and part of a body, then nothing: a client that stalled mid-upload.
    const { port } = new URL(target.url);
    const half = connect(Number(port), "127.0.0.1");
    const halfClosed = new Promise<void>((resolve) => half.once("close", () => resolve()));
    half.on("error", () => {});
    // The connection is open and its bytes written before the stop begins: net.connect starts
    // on a later tick, so without this wait the SIGTERM could race the connection itself.
    await guarded(
      "the half-sent request to be written",
      new Promise<void>((resolve) =>
        half.once("connect", () =>
          half.write(
            'POST /api/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"text":',
            () => resolve(),
          ),
        ),
      ),
      target.output,
    );
    const running = target;
    running.child.kill("SIGTERM");
    // Guards, not measures: a hang becomes a failure that shows what the server printed.
    expect(await guarded("the server to exit", running.exited, running.output)).toBe(0);
    await guarded("the half-sent request's connection to close", halfClosed, running.output);
    expect(await guarded("the stuck request to fail", stuck, running.output)).toBeInstanceOf(Error);
    target = undefined;
  });

  it("a request in flight when the stop begins still gets its answer, and new connections are refused", async () => {
    target = await spawnNodeTarget(env({ SHUTDOWN_TIMEOUT_MS: "60000" }));
    started.push(target.child.pid!);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    openai.enqueue({ heldUntil: held, answer: () => chatCompletion(EDGE_PLAN) });
    const seen = openai.requests.length;
    const inFlight = ask(target.url, "answer me before you go");
    await eventually("the turn to reach the model", () => openai.requests.length > seen);
    const exited = target.exited;
    target.child.kill("SIGTERM");
    await eventually("the stop to begin", () =>
      target!.output().includes("SIGTERM: shutting down"),
    );
    await expect(fetch(`${target.url}/health`)).rejects.toThrow();
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { replies: { text: string }[] };
    expect(body.replies.map((r) => r.text)).toEqual([EDGE_REPLY]);
    expect(await exited).toBe(0);
    target = undefined;
  });
});
